export { FilesModule } from './files.module';
export { FilesService, type FileMetadata, type FileAnswerOptions } from './files.service';
export { FileAccessRules, type FileAccessRule } from './files.policy';
export { FilesRepository, type FileRecord } from './read-models/files/files.repository';
export { FILES_PROJECTION } from './read-models/files/files.projection';
export { FileMetadataModel } from './read-models/files/file-metadata.model';
export type { FileAnswerConfig } from './domain/file-answer-rules';
export { DEFAULT_CHUNK_BYTES } from './storage/sql-file-content-store';
