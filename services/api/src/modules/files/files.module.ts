import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { SqlClient } from '../../platform/database/sql-client';
import { SQL_CLIENT } from '../../platform/tokens';
import { UploadFileController } from './commands/upload-file/upload-file.controller';
import { ExecuteFileCommandHandler } from './commands/execute-file-command';
import { FileAccessRules } from './files.policy';
import { FilesService } from './files.service';
import { DownloadFileController } from './read-models/files/download-file.controller';
import { FilesProjection } from './read-models/files/files.projection';
import { FilesRepository } from './read-models/files/files.repository';
import { GetFilesMetadataResolver } from './read-models/files/get-files-metadata.resolver';
import { FILE_CONTENT_STORE } from './storage/file-content-store.port';
import { SqlFileContentStore } from './storage/sql-file-content-store';

/**
 * Files (§3 File metadata, §7 Files and downloads): `POST /files/upload`, `GET /files/download/{fileId}`,
 * `getFilesMetadata`. Metadata are `FileUploaded` events on `file-<fileId>`; contents live in the SQL
 * database (`file_contents`), stored before the event. Other modules register FileAccessRules and check file
 * answers through FilesService.
 */
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // memory storage (no `dest`): the bytes go to the content store, never to disk
        limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20, parts: 21 },
        // browsers send the file name as UTF-8 bytes
        defParamCharset: 'utf8',
      }),
    }),
  ],
  controllers: [UploadFileController, DownloadFileController],
  providers: [
    {
      provide: FILE_CONTENT_STORE,
      inject: [SQL_CLIENT],
      useFactory: async (sql: SqlClient) => {
        await SqlFileContentStore.migrate(sql);
        return new SqlFileContentStore(sql);
      },
    },
    FilesProjection,
    FilesRepository,
    FileAccessRules,
    FilesService,
    ExecuteFileCommandHandler,
    GetFilesMetadataResolver,
  ],
  exports: [FilesService, FileAccessRules, FilesRepository],
})
export class FilesModule {}
