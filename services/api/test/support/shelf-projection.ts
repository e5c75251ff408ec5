import type { Projection } from '../../src/platform/projections/projection';

/**
 * A test read model with every kind of name a rebuild must keep canonical: primary key, unique and check
 * constraints, an index named in the DDL and one named by PostgreSQL. One row per event, so an event applied
 * twice breaks the primary key. `before` runs before each application (to stall it); `broken` makes each fail.
 */
export function shelfProjection(
  version = 1,
  options: { mode?: 'inline' | 'async'; before?: () => Promise<void>; broken?: boolean; name?: string } = {},
): Projection {
  const name = options.name ?? 'shelf';
  const table = `${name}_items`;
  return {
    name,
    version,
    mode: options.mode ?? 'inline',
    eventTypes: ['Put'],
    tables: [
      {
        name: table,
        ddl: (t) => [
          `CREATE TABLE ${t} (position bigint PRIMARY KEY, stream_id text NOT NULL, tag text NOT NULL UNIQUE,
             weight integer NOT NULL CHECK (weight > 0))`,
          `CREATE INDEX ${t}_stream ON ${t} (stream_id)`,
          `CREATE INDEX ON ${t} (stream_id, position)`,
        ],
      },
    ],
    async apply(tx, event, tables) {
      await options.before?.();
      if (options.broken) throw new Error(`version ${version} cannot read Put`);
      await tx.query(
        `INSERT INTO ${tables[table]} (position, stream_id, tag, weight) VALUES ($1, $2, $3, $4)`,
        [event.position, event.streamId, `tag-${event.position}`, version],
      );
    },
  };
}
