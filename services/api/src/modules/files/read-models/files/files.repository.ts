import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';

/** One file as the read model holds it: §3 File metadata and who uploaded it. */
export interface FileRecord {
  fileId: string;
  originalFileName: string;
  mimeType: string;
  sizeInBytes: number;
  /** null: uploaded with an API access token */
  uploadedBy: number | null;
  createdDate: Date;
}

interface FileRow {
  file_id: string;
  original_file_name: string;
  mime_type: string;
  size_in_bytes: string | number;
  uploaded_by: number | null;
  created_at: Date | string;
}

const COLUMNS = 'file_id, original_file_name, mime_type, size_in_bytes, uploaded_by, created_at';

const toRecord = (r: FileRow): FileRecord => ({
  fileId: r.file_id,
  originalFileName: r.original_file_name,
  mimeType: r.mime_type,
  sizeInBytes: Number(r.size_in_bytes),
  uploadedBy: r.uploaded_by === null ? null : Number(r.uploaded_by),
  createdDate: new Date(r.created_at),
});

/** The files read model. */
@Injectable()
export class FilesRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async byId(fileId: string): Promise<FileRecord | null> {
    const result = await this.sql.query<FileRow>(`SELECT ${COLUMNS} FROM files WHERE file_id = $1`, [fileId]);
    return result.rows.length === 0 ? null : toRecord(result.rows[0]);
  }

  /** The files of these ids, in the order of `fileIds`, each once; unknown ids are left out. */
  async byIds(fileIds: readonly string[]): Promise<FileRecord[]> {
    const unique = [...new Set(fileIds)];
    if (unique.length === 0) return [];
    const result = await this.sql.query<FileRow>(
      `SELECT ${COLUMNS} FROM files WHERE file_id = ANY($1::text[])`,
      [unique],
    );
    const byId = new Map(result.rows.map((r) => [r.file_id, toRecord(r)]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }
}
