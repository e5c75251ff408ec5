import { Injectable } from '@nestjs/common';
import {
  UNIT_CREATED,
  UNIT_DELETED,
  UNIT_IMPORTED,
  type UnitData,
  type UnitDeletedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const UNITS_PROJECTION = 'units';

/**
 * Every unit ever created or imported, deleted ones flagged (the mutation that deleted one returns it, and an
 * empty table means no unit event exists: the defaults are due); inline, so a mutation returns the saved state.
 */
@Injectable()
@RegisterProjection()
export class UnitsProjection implements Projection {
  readonly name = UNITS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [UNIT_CREATED, UNIT_IMPORTED, UNIT_DELETED];
  readonly tables = [
    {
      name: 'units',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          id text PRIMARY KEY,
          unit text NOT NULL,
          quantity text NOT NULL,
          symbol text NOT NULL,
          si_conversion_formula text NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.units;
    switch (event.type) {
      case UNIT_CREATED:
      case UNIT_IMPORTED: {
        const data = event.data as UnitData;
        await tx.query(
          `INSERT INTO ${t} (id, unit, quantity, symbol, si_conversion_formula) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE
             SET unit = excluded.unit, quantity = excluded.quantity, symbol = excluded.symbol,
                 si_conversion_formula = excluded.si_conversion_formula, deleted = false`,
          [data.id, data.unit, data.quantity, data.symbol, data.siConversionFormula],
        );
        return;
      }
      case UNIT_DELETED: {
        const data = event.data as UnitDeletedData;
        await tx.query(`UPDATE ${t} SET deleted = true WHERE id = $1`, [data.id]);
        return;
      }
    }
  }
}
