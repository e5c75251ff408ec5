/**
 * npm run import:uoc -- --source <postgres URL of a user-office-core database> [--batch 1000]
 *
 * Imports a user-office-core database (read-only on it) into this product's store (DATABASE_URL, else the embedded
 * PGlite in DATA_DIR) as events; idempotent and resumable (run it again after a failure or a kill), and a later run
 * appends what changed in the source since. Prints what came across and what could not (also kept in the table
 * uoc_import_problems). Exit code 0: imported (problems listed); 2: refused or failed, with the reason.
 */
import 'reflect-metadata';
import { describeReport, runUocImport } from '../services/api/src/uoc-import';
import { SUPPORTED_PATCH_FILE } from '../services/api/src/modules/uoc-import';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0
    ? process.argv[i + 1]
    : process.argv
        .find((a) => a.startsWith(`--${name}=`))
        ?.split('=')
        .slice(1)
        .join('=');
}

if (require.main === module) {
  const sourceUrl = arg('source') ?? process.env.UOC_SOURCE_URL;
  if (!sourceUrl) {
    console.error(
      `Usage: npm run import:uoc -- --source postgres://…/<uoc database> (user-office-core up to db patch ${SUPPORTED_PATCH_FILE})`,
    );
    process.exit(2);
  }
  // tests: time to kill a run between batches (only those of the kind UOC_IMPORT_PAUSE_KIND, when set), and the
  // later kinds in small batches (many checkpoints)
  const pauseMs = Number(process.env.UOC_IMPORT_PAUSE_MS ?? 0);
  const pauseKind = process.env.UOC_IMPORT_PAUSE_KIND;
  const pause = (kind: string) =>
    pauseMs > 0 && (!pauseKind || pauseKind === kind)
      ? new Promise<void>((r) => setTimeout(r, pauseMs))
      : Promise.resolve();
  const kindBatch = Number(process.env.UOC_IMPORT_KIND_BATCH ?? 0);
  runUocImport({
    sourceUrl,
    batchSize: Number(arg('batch') ?? 1000),
    log: (l) => console.log(l),
    afterBatch: () => pause('proposals'),
    kindBatchSize: kindBatch > 0 ? kindBatch : undefined,
    afterKindBatch: pause,
  })
    .then((report) => {
      for (const line of describeReport(report)) console.log(line);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    });
}
