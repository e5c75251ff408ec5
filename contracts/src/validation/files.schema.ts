import { array, object, string, type InferType } from 'yup';

import { questionTypeMessages } from '../questions/messages';
import { fileUploadTypes } from './common';
import { uploadMessages } from './messages';

/** The default largest upload (the api's MAX_UPLOAD_BYTES): 50 MiB. */
export const defaultMaxUploadBytes = 50 * 1024 * 1024;
/** The longest original file name kept. */
export const fileNameMax = 255;
/** The most file ids one `getFilesMetadata` call may ask for. */
export const fileIdsMax = 500;

export type FileUploadTypeName = (typeof fileUploadTypes)[number];

/**
 * The mime types each file type of a file-upload question (§5: .pdf, .doc, .docx, audio, video, image)
 * accepts; a trailing `/*` accepts the whole family.
 */
export const FILE_TYPE_MIME_TYPES: Readonly<Record<FileUploadTypeName, readonly string[]>> = {
  '.pdf': ['application/pdf'],
  '.doc': ['application/msword'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  image: ['image/*'],
  audio: ['audio/*'],
  video: ['video/*'],
};

/** `application/PDF; charset=x` → `application/pdf`. */
export const normaliseMimeType = (mimeType: string): string => mimeType.split(';')[0].trim().toLowerCase();

/**
 * Whether a file of this mime type may be given to a question allowing `fileTypes`. File types that are not
 * among §5's are ignored; an empty list (which the question config refuses) restricts nothing.
 */
export function mimeTypeMatchesFileTypes(mimeType: string, fileTypes: readonly string[]): boolean {
  if (fileTypes.length === 0) return true;
  const mime = normaliseMimeType(mimeType);
  return fileTypes.some((type) =>
    (FILE_TYPE_MIME_TYPES[type as FileUploadTypeName] ?? []).some((accepted) =>
      accepted.endsWith('/*') ? mime.startsWith(accepted.slice(0, -1)) : mime === accepted,
    ),
  );
}

/** The file needs an extension (§5 Upload): `report.pdf` yes; `report`, `report.` and `.bashrc` no. */
export function fileNameHasExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 && !/\s/.test(fileName.slice(dot + 1));
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A size for people (§9: Bytes to YB, base 1024): 0 → `0 Bytes`, 1536 → `1.5 KB`, 52428800 → `50 MB`. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(exponent === 0 ? 0 : 2))} ${SIZE_UNITS[exponent]}`;
}

/**
 * Upload, download and file-answer messages. The texts of §8 Uploads come from `uploadMessages` (quoted in
 * the spec, as is `checkFile`); `filesAtMost` is the question registry's max_files text; the others are not
 * quoted in the spec.
 */
export const fileMessages = {
  zeroBytes: uploadMessages.zeroBytes,
  incorrectFileType: uploadMessages.incorrectFileType,
  checkFile: 'Please make sure your file is of correct type, has an extension and not zero bytes.',
  fileRequired: 'No file was sent: attach it to the form field "file"',
  fileNameMax: `The file name must be at most ${fileNameMax} characters long`,
  tooLarge: (maxBytes: number): string => `The file is too large: the limit is ${formatFileSize(maxBytes)}`,
  notFound: 'File not found',
  mayNotRead: 'You may not see this file',
  notYours: 'You can only attach files you have uploaded yourself',
  filesAtMost: questionTypeMessages.filesAtMost,
  pdfPagesAtMost: (n: number): string => `The PDF may have at most ${n} page(s)`,
  fileIdsMax: `Ask for at most ${fileIdsMax} files at once`,
} as const;

/** Input of `getFilesMetadata(filter: { fileIds })`. */
export const getFilesMetadataSchema = object({
  fileIds: array(string().trim().defined()).defined().max(fileIdsMax, fileMessages.fileIdsMax),
});

export type GetFilesMetadataInput = InferType<typeof getFilesMetadataSchema>;
