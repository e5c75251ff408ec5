import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createApp } from './app.factory';
import type { AppConfig } from './platform/config/app-config';
import { ProjectionsService } from './platform/projections/projections.service';
import { RebuildRefusedError, type TableDifference } from './platform/projections/projection-rebuild';

/**
 * Replays projections from position 0 into fresh tables and swaps them in (all when `names` is empty).
 * Safe while the product runs: appends pause only for the final swap.
 */
export async function rebuildProjections(
  names: readonly string[],
  overrides: Partial<AppConfig> = {},
): Promise<{ name: string; events: number; position: number; seconds: number }[]> {
  const { app } = await createApp({ ...overrides, mode: 'maintenance' });
  try {
    const service = app.get(ProjectionsService);
    const targets = names.length > 0 ? names : service.readModelNames();
    const results = [];
    for (const name of targets) {
      const started = performance.now();
      const { events, position } = await service.runnerOf(name).rebuild(name);
      results.push({ name, events, position, seconds: (performance.now() - started) / 1000 });
    }
    return results;
  } finally {
    await app.close();
  }
}

export interface VerifyResult {
  name: string;
  events: number;
  position: number;
  seconds: number;
  tables: TableDifference[];
  /** why it could not be verified (a rebuild pending after a version change, say) */
  error?: string;
}

/** whether a verified projection's tables equal their replay */
export const verified = (r: VerifyResult): boolean =>
  !r.error && r.tables.every((t) => t.onlyLive === 0 && t.onlyReplayed === 0);

/**
 * Replays projections (all when `names` is empty) into scratch tables and compares them with the live ones;
 * swaps nothing. Refused, with nothing changed, while a rebuild or another verify runs on the database.
 */
export async function verifyProjections(
  names: readonly string[],
  overrides: Partial<AppConfig> = {},
  sample = 5,
): Promise<VerifyResult[]> {
  const { app } = await createApp({ ...overrides, mode: 'maintenance' });
  try {
    const service = app.get(ProjectionsService);
    const targets = names.length > 0 ? names : service.readModelNames();
    const results: VerifyResult[] = [];
    for (const name of targets) {
      const started = performance.now();
      try {
        const r = await service.runnerOf(name).verify(name, { sample });
        results.push({ name, ...r, seconds: (performance.now() - started) / 1000 });
      } catch (error) {
        if (error instanceof RebuildRefusedError || !service.readModelNames().includes(name)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        results.push({ name, events: 0, position: 0, seconds: 0, tables: [], error: message });
      }
    }
    return results;
  } finally {
    await app.close();
  }
}

/** The GraphQL SDL the api serves, sorted, as committed in contracts/schema.graphql. */
export async function printApiSchema(): Promise<string> {
  const { app } = await createApp({
    mode: 'api',
    dataDir: 'memory://',
    databaseUrl: null,
    redisUrl: null,
    eventStoreUrl: null,
    logLevel: 'warn',
  });
  try {
    return `${printSchema(lexicographicSortSchema(app.get(GraphQLSchemaHost).schema))}\n`;
  } finally {
    await app.close();
  }
}
