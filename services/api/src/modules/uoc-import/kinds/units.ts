import { UNIT_IMPORTED, unitStreamId, type UnitData } from '@user-office/contracts';
import { digest, str, type ImportKind, type Planned } from '../import-context';

/**
 * UOC `units` → `UnitImported` on `unit-<id>` (UOC's id), where the store has no such active unit or another
 * definition (a unit the product made by default and UOC defines too takes UOC's definition).
 */
export const unitsKind: ImportKind = {
  name: 'units',
  async run(ctx) {
    const current = new Map(
      (
        await ctx.sql.query<{
          id: string;
          unit: string;
          quantity: string;
          symbol: string;
          si_conversion_formula: string;
          deleted: boolean;
        }>('SELECT id, unit, quantity, symbol, si_conversion_formula, deleted FROM units')
      ).rows.map((r) => [r.id, r]),
    );
    const rows = await ctx.rows(
      'SELECT unit_id, unit, quantity, symbol, si_conversion_formula FROM units ORDER BY unit_id',
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = str(r.unit_id);
      if (str(r.si_conversion_formula).trim() === '') {
        ctx.problem('units', `unit_id=${id}`, 'it has no SI conversion formula: not imported');
        continue;
      }
      const data: UnitData = {
        id,
        unit: str(r.unit),
        quantity: str(r.quantity),
        symbol: str(r.symbol),
        siConversionFormula: str(r.si_conversion_formula),
      };
      const now = current.get(id);
      if (
        now &&
        !now.deleted &&
        now.unit === data.unit &&
        now.quantity === data.quantity &&
        now.symbol === data.symbol &&
        now.si_conversion_formula === data.siConversionFormula
      )
        continue;
      planned.push({
        streamId: unitStreamId(id),
        key: `units/${id}/${digest([now ?? null, data])}`,
        type: UNIT_IMPORTED,
        data,
        at: null,
        actorId: null,
        from: `uoc:units/${id}`,
      });
    }
    ctx.count('units', rows.length, await ctx.write('units', planned));
  },
};
