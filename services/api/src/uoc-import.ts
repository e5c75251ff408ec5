import { createApp } from './app.factory';
import type { AppConfig } from './platform/config/app-config';
import type { SqlClient } from './platform/database/sql-client';
import type { EventStore } from './platform/event-store/event-store.port';
import { isReaction } from './platform/projections/projection';
import { ProjectionRunner } from './platform/projections/projection-runner';
import { ProjectionsService } from './platform/projections/projections.service';
import { EVENT_STORE, SQL_CLIENT } from './platform/tokens';
import { UocImporter, checkUocSource, type UocImportReport } from './modules/uoc-import';

export interface RunUocImportOptions {
  sourceUrl: string;
  batchSize?: number;
  log?: (line: string) => void;
  overrides?: Partial<AppConfig>;
  afterBatch?: (done: number) => Promise<void> | void;
  kindBatchSize?: number;
  afterKindBatch?: (kind: string, lastKey: number) => Promise<void> | void;
}

/**
 * `npm run import:uoc -- --source <url>` (and `UO_MODE=import`): the app in maintenance mode (no api, projector,
 * worker, no default statuses or workflows seeded), the importer through its event store (inline projections in
 * the appends) while the async read models follow in a session of their own, caught up before it returns.
 * Reactions are moved past the imported history, so no e-mail or message goes out for it. Run it while the product
 * is stopped.
 */
export async function runUocImport(options: RunUocImportOptions): Promise<UocImportReport> {
  const log = options.log ?? (() => undefined);
  // a source the importer does not know is refused before the store is even opened
  await checkUocSource(options.sourceUrl);
  const { app } = await createApp({
    logLevel: 'warn',
    ...options.overrides,
    mode: 'maintenance',
    seedDemo: false,
  });
  try {
    const sql = app.get<SqlClient>(SQL_CLIENT);
    const store = app.get<EventStore>(EVENT_STORE);
    const projections = app.get(ProjectionsService).projections.projections;
    const reactions = projections.filter(isReaction).map((p) => p.name);
    // the async read models (the audit log) follow the import as it goes, in a session of their own: on two cores
    // they are mostly done when the last batch is written, instead of starting then
    const asyncModels = projections.filter((p) => !isReaction(p) && p.mode === 'async');
    const runner = asyncModels.length > 0 ? new ProjectionRunner(sql, store, asyncModels) : null;
    if (runner) {
      await runner.initialize({ rebuildChanged: false });
      runner.start();
    }
    try {
      const report = await new UocImporter(sql, store, reactions).run({
        sourceUrl: options.sourceUrl,
        batchSize: options.batchSize,
        log,
        afterBatch: options.afterBatch,
        kindBatchSize: options.kindBatchSize,
        afterKindBatch: options.afterKindBatch,
      });
      if (runner) {
        const started = performance.now();
        await runner.waitFor(
          await store.headPosition(),
          asyncModels.map((p) => p.name),
          30 * 60_000,
        );
        log(
          `  async read models caught up ${((performance.now() - started) / 1000).toFixed(1)} s after the last batch`,
        );
      }
      return report;
    } finally {
      await runner?.stop();
    }
  } finally {
    await app.close();
  }
}

/** the report's lines: per kind, the totals, and every row that could not come across with its reason */
export function describeReport(r: UocImportReport): string[] {
  const lines = [`Source: ${r.schema}`];
  for (const [kind, c] of Object.entries(r.kinds))
    lines.push(`  ${kind}: ${c.read} read, ${c.events} events appended`);
  lines.push(
    r.nothingNew
      ? `Nothing new: the store already holds everything the source has (${r.seconds.toFixed(1)} s)`
      : `Imported ${r.events} events for ${r.proposals} proposals in ${r.seconds.toFixed(1)} s ` +
          `(${Math.round(r.proposals / Math.max(r.seconds, 0.001))} proposals/s, ${Math.round(r.events / Math.max(r.seconds, 0.001))} events/s)`,
  );
  if (r.problems.length > 0) {
    lines.push(`${r.problems.length} row(s) could not come across as they are:`);
    for (const p of r.problems) lines.push(`  ${p.kind} ${p.sourceRow}: ${p.reason}`);
  }
  return lines;
}
