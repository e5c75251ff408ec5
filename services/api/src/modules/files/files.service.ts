import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  fileMessages,
  fileNameHasExtension,
  fileNameMax,
  normaliseMimeType,
  Role,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { badInput, type AppError } from '../../platform/errors/app-error';
import { ExecuteFileCommand } from './commands/execute-file-command';
import { fileAlreadyUploaded } from './domain/file.decide';
import { fileAnswerProblem, type FileAnswerConfig } from './domain/file-answer-rules';
import { cleanFileName } from './domain/file-name';
import { detectMimeType, MIME } from './domain/file-type';
import { pdfPageCount } from './domain/pdf-pages';
import { FileAccessRules } from './files.policy';
import { FilesRepository, type FileRecord } from './read-models/files/files.repository';
import {
  FILE_CONTENT_STORE,
  type FileContentStore,
  type StoredContent,
} from './storage/file-content-store.port';

/** An upload as received: the name and type the browser gave, and the bytes. */
export interface IncomingFile {
  fileName: string;
  claimedMimeType: string;
  bytes: Uint8Array;
}

/** §3 File metadata, as `POST /files/upload` and `getFilesMetadata` answer. */
export interface FileMetadata {
  fileId: string;
  originalFileName: string;
  mimeType: string;
  sizeInBytes: number;
  createdDate: Date;
}

export const toFileMetadata = (r: FileRecord): FileMetadata => ({
  fileId: r.fileId,
  originalFileName: r.originalFileName,
  mimeType: r.mimeType,
  sizeInBytes: r.sizeInBytes,
  createdDate: r.createdDate,
});

/** Options of the file-answer checks. */
export interface FileAnswerOptions {
  /** the file ids of the answer as saved before: kept files are not checked for their uploader again */
  alreadyAttached?: readonly string[];
}

/** Uploads, and what other modules need of files: metadata, access, the rules of file answers. */
@Injectable()
export class FilesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_CONTENT_STORE) private readonly contents: FileContentStore,
    private readonly commands: CommandBus,
    private readonly repository: FilesRepository,
    private readonly access: FileAccessRules,
  ) {}

  /**
   * Stores an upload: checks it (§5 Upload: not zero bytes, a name with an extension), detects its type from
   * the bytes, stores the content, then appends `FileUploaded` (content first: a failure in between leaves
   * an unreferenced content row, never an event without content).
   */
  async upload(file: IncomingFile, uploadedBy: number | null): Promise<FileRecord> {
    if (file.bytes.length === 0) throw badInput(fileMessages.zeroBytes, { file: fileMessages.zeroBytes });
    if (file.bytes.length > this.config.maxUploadBytes) {
      const message = fileMessages.tooLarge(this.config.maxUploadBytes);
      throw badInput(message, { file: message });
    }
    const originalFileName = cleanFileName(file.fileName);
    if (!fileNameHasExtension(originalFileName))
      throw badInput(fileMessages.checkFile, { file: fileMessages.checkFile });
    if (originalFileName.length > fileNameMax)
      throw badInput(fileMessages.fileNameMax, { file: fileMessages.fileNameMax });

    const fileId = randomUUID();
    const mimeType = detectMimeType(file.bytes, originalFileName, file.claimedMimeType);
    await this.contents.save(fileId, file.bytes);
    const result = await this.commands.execute(
      new ExecuteFileCommand({
        type: 'UploadFile',
        fileId,
        originalFileName,
        mimeType,
        sizeInBytes: file.bytes.length,
        uploadedBy,
      }),
    );
    if (!result) throw fileAlreadyUploaded();
    const record = await this.repository.byId(fileId);
    if (!record) throw new Error(`File ${fileId} was recorded but is not in the files read model`);
    return record;
  }

  /** The metadata of these files (no access check), in the order asked, each once; unknown ids left out. */
  async metadata(fileIds: readonly string[]): Promise<FileMetadata[]> {
    return (await this.repository.byIds(fileIds)).map(toFileMetadata);
  }

  /**
   * The stored content of a file in chunks, or null when nothing is stored. No access check: for callers that
   * checked access to the record the file belongs to (e.g. the proposal ZIP of the downloads module).
   */
  async open(fileId: string): Promise<StoredContent | null> {
    return this.contents.open(fileId);
  }

  /** Whether the caller may see the file (false when it does not exist); null caller: an API access token. */
  async mayRead(caller: SessionUser | null, fileId: string): Promise<boolean> {
    const file = await this.repository.byId(fileId);
    return file !== null && this.access.mayRead(caller, file);
  }

  /**
   * The page count of a stored PDF (null when unknown or not a PDF). An estimate without a PDF library:
   * see `pdfPageCount` in domain/pdf-pages.ts.
   */
  async pdfPageCount(fileId: string): Promise<number | null> {
    const file = await this.repository.byId(fileId);
    if (!file || normaliseMimeType(file.mimeType) !== MIME.pdf) return null;
    const bytes = await this.contents.read(fileId);
    return bytes === null ? null : pdfPageCount(bytes);
  }

  /**
   * The first rule broken by attaching these files to an answer of a file-upload question, or null (see
   * `fileAnswerProblem`): max_files, files that exist, uploaded by the caller (officers: any file; files
   * kept from the saved answer are not checked again), of an allowed file_type, PDFs within pdf_page_limit.
   */
  async problemInAnswer(
    session: SessionUser | null,
    fileIds: readonly string[],
    config: FileAnswerConfig,
    options: FileAnswerOptions = {},
  ): Promise<AppError | null> {
    const files = await this.repository.byIds(fileIds);
    const pageCounts = new Map<string, number | null>();
    if ((config.pdf_page_limit ?? 0) > 0) {
      for (const file of files) {
        if (normaliseMimeType(file.mimeType) === MIME.pdf)
          pageCounts.set(file.fileId, await this.pdfPageCount(file.fileId));
      }
    }
    return fileAnswerProblem(
      fileIds,
      new Map(files.map((f) => [f.fileId, f])),
      config,
      { userId: session?.id ?? null, isOfficer: session?.currentRole === Role.USER_OFFICER },
      { alreadyAttached: new Set(options.alreadyAttached ?? []), pageCounts },
    );
  }

  /** Throws the first rule broken (BAD_USER_INPUT, or FORBIDDEN for a file of someone else); see above. */
  async assertUsableInAnswer(
    session: SessionUser | null,
    fileIds: readonly string[],
    config: FileAnswerConfig,
    options: FileAnswerOptions = {},
  ): Promise<void> {
    const problem = await this.problemInAnswer(session, fileIds, config, options);
    if (problem) throw problem;
  }
}
