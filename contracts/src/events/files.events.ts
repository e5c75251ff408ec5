import { defineEvent, registerEvents } from './catalogue';

/**
 * One stream per uploaded file: `file-<fileId>`, the fileId a UUID drawn by the api. The content (bytes) is
 * not an event: it is stored beside the events under the same fileId before `FileUploaded` is appended.
 */
export const FILE_STREAM = 'file';
export const fileStreamId = (fileId: string): string => `${FILE_STREAM}-${fileId}`;

export const FILE_UPLOADED = 'FileUploaded';

/** §3 File metadata as recorded at upload (createdDate is the event's timestamp). */
export interface FileUploadedData {
  readonly fileId: string;
  /** the name on the uploader's computer (path and control characters removed) */
  readonly originalFileName: string;
  /** detected from the bytes where possible (see the files module), not the browser's claim */
  readonly mimeType: string;
  readonly sizeInBytes: number;
  /** the user who uploaded it; null for an API access token */
  readonly uploadedBy: number | null;
}

export const fileUploadedEvent = defineEvent<FileUploadedData, typeof FILE_UPLOADED>(FILE_UPLOADED, {
  stream: FILE_STREAM,
  description: (data) =>
    `File ${JSON.stringify(data.originalFileName)} uploaded (${data.mimeType}, ${data.sizeInBytes} bytes)`,
  changedObjectId: (data) => data.fileId,
});

/** Any event of a file stream. */
export type FileEvent = { readonly type: typeof FILE_UPLOADED; readonly data: FileUploadedData };

export const FILES_EVENTS = [fileUploadedEvent] as const;

registerEvents(...FILES_EVENTS);
