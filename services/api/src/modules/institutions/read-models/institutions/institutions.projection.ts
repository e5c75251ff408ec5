import { Injectable } from '@nestjs/common';
import {
  INSTITUTION_CREATED,
  INSTITUTION_DELETED,
  INSTITUTION_MERGED_AWAY,
  INSTITUTION_UPDATED,
  INSTITUTIONS_MERGED,
  type InstitutionCreatedData,
  type InstitutionDeletedData,
  type InstitutionMergedAwayData,
  type InstitutionsMergedData,
  type InstitutionUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const INSTITUTIONS_PROJECTION = 'institutions';

/**
 * Every institution, deleted and merged-away ones flagged (a deleted one is still returned by the mutation
 * that deleted it); inline, so a mutation returns the saved state.
 */
@Injectable()
@RegisterProjection()
export class InstitutionsProjection implements Projection {
  readonly name = INSTITUTIONS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    INSTITUTION_CREATED,
    INSTITUTION_UPDATED,
    INSTITUTION_DELETED,
    INSTITUTIONS_MERGED,
    INSTITUTION_MERGED_AWAY,
  ];
  readonly tables = [
    {
      name: 'institutions',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id integer PRIMARY KEY,
          name text NOT NULL,
          country_id integer NOT NULL,
          ror_id text,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (lower(name))`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.institutions;
    switch (event.type) {
      case INSTITUTION_CREATED: {
        const data = event.data as InstitutionCreatedData;
        await tx.query(
          `INSERT INTO ${t} (id, name, country_id, ror_id) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE
             SET name = excluded.name, country_id = excluded.country_id, ror_id = excluded.ror_id`,
          [data.id, data.name, data.country, data.rorId],
        );
        return;
      }
      case INSTITUTION_UPDATED: {
        const data = event.data as InstitutionUpdatedData;
        await tx.query(`UPDATE ${t} SET name = $2, country_id = $3, ror_id = $4 WHERE id = $1`, [
          data.id,
          data.name,
          data.country,
          data.rorId,
        ]);
        return;
      }
      case INSTITUTIONS_MERGED: {
        // the institution merged from leaves the list with this event already (its closure follows)
        const data = event.data as InstitutionsMergedData;
        await tx.query(`UPDATE ${t} SET name = $2 WHERE id = $1`, [data.institutionIdInto, data.newTitle]);
        await tx.query(`UPDATE ${t} SET deleted = true WHERE id = $1`, [data.institutionIdFrom]);
        return;
      }
      case INSTITUTION_DELETED:
      case INSTITUTION_MERGED_AWAY: {
        const data = event.data as InstitutionDeletedData | InstitutionMergedAwayData;
        await tx.query(`UPDATE ${t} SET deleted = true WHERE id = $1`, [data.id]);
        return;
      }
    }
  }
}
