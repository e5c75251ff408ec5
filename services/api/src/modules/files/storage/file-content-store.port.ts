/** Where the bytes of uploaded files live (metadata are events; contents are not). */
export const FILE_CONTENT_STORE = Symbol('FILE_CONTENT_STORE');

/** The content of one file, read in chunks (a download never holds the whole file in memory). */
export interface StoredContent {
  sizeInBytes: number;
  chunks(): AsyncIterable<Buffer>;
}

export interface FileContentStore {
  /** Stores the content under `fileId`, all or nothing; storing under the same id again replaces it. */
  save(fileId: string, content: Uint8Array): Promise<void>;
  /** The content's size and its chunks; null when nothing is stored under `fileId`. */
  open(fileId: string): Promise<StoredContent | null>;
  /** The whole content in memory (for checks such as the PDF page count); null when unknown. */
  read(fileId: string): Promise<Buffer | null>;
}
