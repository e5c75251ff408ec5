import { num, str, type ImportKind } from '../import-context';

const BATCH = 1000;

/**
 * UOC `old_files`: the files table as patch 0074 (MigrateFilesToUUID) left it when it copied every row into the new
 * `files` (keyed by uuid, `file_uuid` here); UOC's code has not read it since. A row whose file is still in `files`
 * came across with it (kinds/files.ts); a row whose file is not (deleted from UOC since) names a file no answer or
 * review can point to: listed in the report, not imported. Read in keyset batches (bounded memory).
 */
export const oldFilesKind: ImportKind = {
  name: 'old_files',
  async run(ctx) {
    let after = -1;
    let read = 0;
    for (;;) {
      const rows = await ctx.rows(
        `SELECT o.file_id, o.file_uuid::text AS file_uuid, o.file_name, o.oid,
                EXISTS (SELECT 1 FROM files f WHERE f.file_id = o.file_uuid) AS in_files
           FROM old_files o WHERE o.file_id > $1 ORDER BY o.file_id LIMIT $2`,
        [after, ctx.batch(BATCH)],
      );
      if (rows.length === 0) break;
      read += rows.length;
      after = num(rows[rows.length - 1].file_id);
      for (const r of rows.filter((x) => !x.in_files))
        ctx.problem(
          'old_files',
          `file_id=${str(r.file_id)} file_uuid=${str(r.file_uuid)}`,
          `UOC's files table from before patch 0074; the file ${JSON.stringify(str(r.file_name))} (large object ${r.oid === null ? 'none' : str(r.oid)}) is no longer in files (deleted since): not imported`,
        );
    }
    ctx.count('old_files', read, 0);
  },
};
