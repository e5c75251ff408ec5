import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createApp } from './app.factory';
import type { AppConfig } from './platform/config/app-config';
import { ProjectionsService } from './platform/projections/projections.service';
import { isReaction } from './platform/projections/projection';

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
    const runner = app.get(ProjectionsService).projections;
    const targets =
      names.length > 0 ? names : runner.projections.filter((p) => !isReaction(p)).map((p) => p.name);
    const results = [];
    for (const name of targets) {
      const started = performance.now();
      const { events, position } = await runner.rebuild(name);
      results.push({ name, events, position, seconds: (performance.now() - started) / 1000 });
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
