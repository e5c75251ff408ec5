import { FILE_UPLOADED, fileStreamId, type FileUploadedData } from '@user-office/contracts';
import { DEFAULT_CHUNK_BYTES } from '../../files';
import { num, str, type ImportKind, type Planned } from '../import-context';

const BATCH = 100;

/**
 * UOC `files` (metadata; the content a PostgreSQL large object, `oid`) → the content into the store's
 * `file_contents` (read with `lo_get` a chunk at a time: memory bounded whatever the file's size), then
 * `FileUploaded` on `file-<uuid>` (UOC's uuid, `created_at` as the time; UOC does not record the uploader). A file
 * whose content is missing (no oid, or no such large object) is a problem and not imported (the product never has
 * metadata without content). Files already in the store are not read again.
 */
export const filesKind: ImportKind = {
  name: 'files',
  async run(ctx) {
    let after = '00000000-0000-0000-0000-000000000000';
    let read = 0;
    let events = 0;
    for (;;) {
      const rows = await ctx.rows(
        `SELECT f.file_id::text AS file_id, f.file_name, f.size_in_bytes, f.mime_type, f.oid, f.created_at,
                (SELECT count(*) FROM pg_largeobject_metadata m WHERE m.oid = f.oid::oid) > 0 AS has_content
           FROM files f WHERE f.file_id > $1::uuid ORDER BY f.file_id LIMIT $2`,
        [after, ctx.batch(BATCH)],
      );
      if (rows.length === 0) break;
      read += rows.length;
      after = str(rows[rows.length - 1].file_id);
      const stored = new Set(
        (
          await ctx.sql.query<{ file_id: string }>(
            'SELECT file_id FROM files WHERE file_id = ANY($1::text[])',
            [rows.map((r) => str(r.file_id))],
          )
        ).rows.map((r) => r.file_id),
      );
      const planned: Planned[] = [];
      for (const r of rows) {
        const fileId = str(r.file_id);
        if (stored.has(fileId)) continue;
        if (!r.has_content) {
          ctx.problem(
            'files',
            `file_id=${fileId}`,
            `its content is missing (large object ${r.oid === null ? 'none' : str(r.oid)}): not imported`,
          );
          continue;
        }
        // the content first, a chunk at a time (as the product's content store keeps it): never an event without it
        const oid = num(r.oid);
        let size = 0;
        // a large object the source's role may not read fails its query: a savepoint keeps the snapshot usable
        await ctx.rows('SAVEPOINT uoc_file');
        try {
          await ctx.sql.transaction(async (tx) => {
            await tx.query('DELETE FROM file_contents WHERE file_id = $1', [fileId]);
            for (let part = 0; ; part++) {
              const [chunk] = await ctx.rows<{ data: Buffer | null }>(
                'SELECT lo_get($1::oid, $2::bigint, $3::int) AS data',
                [oid, part * DEFAULT_CHUNK_BYTES, DEFAULT_CHUNK_BYTES],
              );
              const bytes = chunk?.data ?? Buffer.alloc(0);
              const n = bytes.length;
              if (n === 0 && part > 0) break;
              await tx.query(
                "INSERT INTO file_contents (file_id, part, content) VALUES ($1, $2, decode($3, 'base64'))",
                [fileId, part, bytes.toString('base64')],
              );
              size += n;
              if (n < DEFAULT_CHUNK_BYTES) break;
            }
          });
          await ctx.rows('RELEASE SAVEPOINT uoc_file');
        } catch (error) {
          await ctx.rows('ROLLBACK TO SAVEPOINT uoc_file');
          ctx.problem(
            'files',
            `file_id=${fileId}`,
            `its content (large object ${oid}) cannot be read: ${error instanceof Error ? error.message : String(error)}; not imported`,
          );
          continue;
        }
        if (r.size_in_bytes !== null && num(r.size_in_bytes) !== size)
          ctx.problem(
            'files',
            `file_id=${fileId}`,
            `UOC records ${str(r.size_in_bytes)} bytes, its content has ${size}: imported with ${size}`,
          );
        const data: FileUploadedData = {
          fileId,
          originalFileName: str(r.file_name),
          mimeType: str(r.mime_type) || 'application/octet-stream',
          sizeInBytes: size,
          uploadedBy: null,
        };
        planned.push({
          streamId: fileStreamId(fileId),
          key: `files/${fileId}`,
          type: FILE_UPLOADED,
          data,
          at: r.created_at as Date,
          actorId: null,
          from: `uoc:files/${fileId}`,
        });
      }
      events += await ctx.write('files', planned);
    }
    ctx.count('files', read, events);
  },
};
