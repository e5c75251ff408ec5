import { Injectable } from '@nestjs/common';
import { FILE_UPLOADED, type FileUploadedData } from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const FILES_PROJECTION = 'files';

/** The metadata of every uploaded file (§3 File metadata); inline, so the upload answers with it. */
@Injectable()
@RegisterProjection()
export class FilesProjection implements Projection {
  readonly name = FILES_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [FILE_UPLOADED];
  readonly tables = [
    {
      name: 'files',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          file_id text PRIMARY KEY,
          original_file_name text NOT NULL,
          mime_type text NOT NULL,
          size_in_bytes bigint NOT NULL,
          uploaded_by integer,
          created_at timestamptz NOT NULL
        )`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    if (event.type !== FILE_UPLOADED) return;
    const d = event.data as FileUploadedData;
    await tx.query(
      `INSERT INTO ${tables.files} (file_id, original_file_name, mime_type, size_in_bytes, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (file_id) DO NOTHING`,
      [d.fileId, d.originalFileName, d.mimeType, d.sizeInBytes, d.uploadedBy, event.createdAt],
    );
  }
}
