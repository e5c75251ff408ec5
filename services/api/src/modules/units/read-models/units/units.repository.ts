import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { QuantityModel, UnitModel } from './unit.model';

interface UnitRecord {
  id: string;
  unit: string;
  quantity: string;
  symbol: string;
  si_conversion_formula: string;
}

const COLUMNS = 'id, unit, quantity, symbol, si_conversion_formula';

const toUnit = (r: UnitRecord): UnitModel => ({
  id: r.id,
  unit: r.unit,
  quantity: r.quantity,
  symbol: r.symbol,
  siConversionFormula: r.si_conversion_formula,
});

/** The units read model (deleted units are kept, flagged). */
@Injectable()
export class UnitsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** The units that are not deleted, by quantity, then name. */
  async list(): Promise<UnitModel[]> {
    const result = await this.sql.query<UnitRecord>(
      `SELECT ${COLUMNS} FROM units WHERE NOT deleted ORDER BY lower(quantity), lower(unit), id`,
    );
    return result.rows.map(toUnit);
  }

  /** One unit; null when unknown, or deleted unless `includeDeleted`. */
  async byId(id: string, options: { includeDeleted?: boolean } = {}): Promise<UnitModel | null> {
    const result = await this.sql.query<UnitRecord>(
      `SELECT ${COLUMNS} FROM units WHERE id = $1 AND ($2 OR NOT deleted)`,
      [id, options.includeDeleted ?? false],
    );
    return result.rows.length === 0 ? null : toUnit(result.rows[0]);
  }

  /** The units of these ids that are not deleted, in the order of `ids`. */
  async byIds(ids: readonly string[]): Promise<UnitModel[]> {
    if (ids.length === 0) return [];
    const result = await this.sql.query<UnitRecord>(
      `SELECT ${COLUMNS} FROM units WHERE id = ANY($1::text[]) AND NOT deleted`,
      [ids],
    );
    const byId = new Map(result.rows.map((r) => [r.id, toUnit(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The distinct quantities of the units that are not deleted, alphabetically. */
  async quantities(): Promise<QuantityModel[]> {
    const result = await this.sql.query<{ quantity: string }>(
      'SELECT DISTINCT quantity FROM units WHERE NOT deleted ORDER BY quantity',
    );
    return result.rows.map((r) => ({ id: r.quantity }));
  }

  /** Whether no unit was ever created or imported (deleted ones count as having been). */
  async isEmpty(): Promise<boolean> {
    const result = await this.sql.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM units) AS any');
    return !result.rows[0].any;
  }
}
