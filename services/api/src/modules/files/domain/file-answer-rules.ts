import { fileMessages, mimeTypeMatchesFileTypes } from '@user-office/contracts';
import { badInput, forbidden, type AppError } from '../../../platform/errors/app-error';

/** What the rules need to know of one stored file. */
export interface FileFacts {
  fileId: string;
  mimeType: string;
  uploadedBy: number | null;
}

/** The part of a file-upload question's config (§3) the rules read. */
export interface FileAnswerConfig {
  file_type: readonly string[];
  /** 0 means unlimited */
  max_files: number;
  /** 0 (or absent) means unlimited; read for PDFs only */
  pdf_page_limit?: number;
}

/** Who attaches the files. */
export interface FileAnswerCaller {
  /** null: an API access token (no user) */
  userId: number | null;
  isOfficer: boolean;
}

/**
 * The first rule broken by attaching `fileIds` to an answer of a question with `config`, or null:
 * at most `max_files` files; each file exists; each was uploaded by the caller (officers may attach any file;
 * files in `alreadyAttached`, the answer as saved before, were checked when first attached: a co-proposer
 * saving the step again keeps them); each matches `file_type`; a PDF has at most `pdf_page_limit` pages
 * (`pageCounts`, absent or null when not counted).
 */
export function fileAnswerProblem(
  fileIds: readonly string[],
  files: ReadonlyMap<string, FileFacts>,
  config: FileAnswerConfig,
  caller: FileAnswerCaller,
  options: { alreadyAttached?: ReadonlySet<string>; pageCounts?: ReadonlyMap<string, number | null> } = {},
): AppError | null {
  if (config.max_files > 0 && fileIds.length > config.max_files) {
    const message = fileMessages.filesAtMost(config.max_files);
    return badInput(message, { fileIds: message });
  }
  for (const fileId of fileIds) {
    const file = files.get(fileId);
    if (!file) return badInput(fileMessages.notFound, { [fileId]: fileMessages.notFound });
    const mayAttach =
      caller.isOfficer ||
      options.alreadyAttached?.has(fileId) ||
      (file.uploadedBy !== null && file.uploadedBy === caller.userId);
    if (!mayAttach) return forbidden(fileMessages.notYours);
    if (!mimeTypeMatchesFileTypes(file.mimeType, config.file_type)) {
      return badInput(fileMessages.incorrectFileType, { [fileId]: fileMessages.incorrectFileType });
    }
    const limit = config.pdf_page_limit ?? 0;
    const pages = options.pageCounts?.get(fileId);
    if (limit > 0 && pages !== undefined && pages !== null && pages > limit) {
      const message = fileMessages.pdfPagesAtMost(limit);
      return badInput(message, { [fileId]: message });
    }
  }
  return null;
}
