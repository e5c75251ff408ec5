import type { SqlClient } from '../../../platform/database/sql-client';
import type { FileContentStore, StoredContent } from './file-content-store.port';

/** The key of the advisory lock that serialises the creation of the table by processes starting together. */
const MIGRATION_LOCK_KEY = 7_346_101;
/** The size of the rows a file is split into: a download reads one at a time. */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/**
 * File contents in PostgreSQL or PGlite: table `file_contents`, one `bytea` row per chunk of a file, created
 * at start (not a projection: contents are not events, and a rebuild must not touch them). Works on both
 * stores without a disk path.
 *
 * Bytes cross the SQL port as base64 text (`decode`/`encode` in SQL): PGlite's own bytea parameter and result
 * conversion is about ten times slower than Node's base64 for files of many MiB; PostgreSQL does not mind.
 */
export class SqlFileContentStore implements FileContentStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly chunkBytes = DEFAULT_CHUNK_BYTES,
  ) {}

  static async migrate(sql: SqlClient): Promise<void> {
    await sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.query(`
        CREATE TABLE IF NOT EXISTS file_contents (
          file_id text NOT NULL,
          part integer NOT NULL,
          content bytea NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (file_id, part)
        )`);
    });
  }

  async save(fileId: string, content: Uint8Array): Promise<void> {
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.length);
    await this.sql.transaction(async (tx) => {
      await tx.query('DELETE FROM file_contents WHERE file_id = $1', [fileId]);
      for (let part = 0, at = 0; at < bytes.length || part === 0; part++, at += this.chunkBytes) {
        await tx.query(
          "INSERT INTO file_contents (file_id, part, content) VALUES ($1, $2, decode($3, 'base64'))",
          [fileId, part, bytes.subarray(at, at + this.chunkBytes).toString('base64')],
        );
      }
    });
  }

  async open(fileId: string): Promise<StoredContent | null> {
    const result = await this.sql.query<{ parts: string | number; size: string | number | null }>(
      'SELECT count(*) AS parts, sum(octet_length(content)) AS size FROM file_contents WHERE file_id = $1',
      [fileId],
    );
    const parts = Number(result.rows[0]?.parts ?? 0);
    if (parts === 0) return null;
    const sql = this.sql;
    return {
      sizeInBytes: Number(result.rows[0].size ?? 0),
      async *chunks() {
        for (let part = 0; part < parts; part++) {
          const chunk = await sql.query<{ content: string }>(
            "SELECT encode(content, 'base64') AS content FROM file_contents WHERE file_id = $1 AND part = $2",
            [fileId, part],
          );
          if (chunk.rows.length === 0) throw new Error(`File ${fileId}: part ${part} of ${parts} is missing`);
          yield Buffer.from(chunk.rows[0].content, 'base64');
        }
      },
    };
  }

  async read(fileId: string): Promise<Buffer | null> {
    const content = await this.open(fileId);
    if (!content) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of content.chunks()) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}
