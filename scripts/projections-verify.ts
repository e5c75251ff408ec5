/**
 * npm run projections:verify [name…] — replays projections (all when no name is given) from zero into scratch
 * tables and compares them, row for row, with the live tables; swaps nothing. Prints the differing rows (the first
 * few per table) and their counts. Exit code 0: every table equals its replay; 1: a difference (or a projection
 * that could not be verified); 2: the verification did not run (refused while a rebuild runs, an error).
 */
import 'reflect-metadata';
import { verified, verifyProjections, type VerifyResult } from '../services/api/src/maintenance';
import type { TableDifference } from '../services/api/src/platform/projections/projection-rebuild';

const SAMPLE = 5;

function value(v: unknown): string {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function keyOf(table: TableDifference, row: Record<string, unknown>): string {
  return table.key.length > 0 ? table.key.map((k) => `${k}=${value(row[k])}`).join(', ') : value(row);
}

/** the lines of one differing table: counts, then the sample rows paired by primary key */
export function describeTable(t: TableDifference): string[] {
  const lines = [
    `  ${t.table}: ${t.liveRows} rows live, ${t.replayedRows} replayed; ` +
      `${t.onlyLive} only in live, ${t.onlyReplayed} only in the replay`,
  ];
  const replayed = new Map(t.samples.replayed.map((r) => [keyOf(t, r), r]));
  for (const live of t.samples.live) {
    const key = keyOf(t, live);
    const other = t.key.length > 0 ? replayed.get(key) : undefined;
    if (other) {
      replayed.delete(key);
      const columns = [...new Set([...Object.keys(live), ...Object.keys(other)])].filter(
        (c) => JSON.stringify(live[c]) !== JSON.stringify(other[c]),
      );
      lines.push(
        `    ${key} differs: ${columns.map((c) => `${c} ${value(live[c])} live, ${value(other[c])} replayed`).join('; ')}`,
      );
    } else {
      lines.push(`    only in live: ${value(live)}`);
    }
  }
  for (const r of replayed.values()) lines.push(`    only in the replay: ${value(r)}`);
  const shown = t.samples.live.length + t.samples.replayed.length;
  if (shown < t.onlyLive + t.onlyReplayed)
    lines.push(`    … and ${t.onlyLive + t.onlyReplayed - shown} more`);
  return lines;
}

function describe(r: VerifyResult): string[] {
  if (r.error) return [`${r.name}: NOT VERIFIED: ${r.error}`];
  const rate = r.seconds > 0 ? Math.round(r.events / r.seconds) : r.events;
  const head = `${r.name}: ${r.events} events up to position ${r.position} in ${r.seconds.toFixed(2)} s (${rate} events/s)`;
  if (verified(r))
    return [`${head}: equal (${r.tables.map((t) => `${t.table} ${t.liveRows} rows`).join(', ')})`];
  return [
    `${head}: DIFFERS`,
    ...r.tables.filter((t) => t.onlyLive > 0 || t.onlyReplayed > 0).flatMap(describeTable),
  ];
}

if (require.main === module) {
  verifyProjections(process.argv.slice(2), {}, SAMPLE)
    .then((results) => {
      for (const r of results) for (const line of describe(r)) console.log(line);
      const bad = results.filter((r) => !verified(r));
      console.log(
        bad.length === 0
          ? `Verified ${results.length} projection(s): every table equals its replay from the events`
          : `Verified ${results.length} projection(s): ${bad.map((r) => r.name).join(', ')} differ(s) from the events`,
      );
      process.exit(bad.length === 0 ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(`Verify failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    });
}
