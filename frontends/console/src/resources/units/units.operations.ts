import type { CreateParams, DeleteParams, GetListParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreateUnitDocument,
  ConsoleDeleteUnitDocument,
  ConsoleQuantitiesDocument,
  ConsoleUnitListDocument,
} from '../../gql/graphql';

/**
 * Units (`/console/Units`): getList → getUnits (searched, sorted and paged here); create → createUnit(id, unit,
 * quantity, symbol, siConversionFormula); delete → deleteUnit(id). Import and export are commands.
 */
export const unitsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleUnitListDocument, {}, (data) =>
      pageOf(
        matching(data.getUnits, (params.filter as { q?: string } | undefined)?.q, [
          'id',
          'unit',
          'quantity',
          'symbol',
        ]),
        params,
      ),
    ),
  CREATE: (params: CreateParams) => {
    const d = params.data as Record<string, string | undefined>;
    return operation(
      ConsoleCreateUnitDocument,
      {
        id: (d.id ?? '').trim(),
        unit: (d.unit ?? '').trim(),
        quantity: (d.quantity ?? '').trim(),
        symbol: (d.symbol ?? '').trim(),
        siConversionFormula: (d.siConversionFormula ?? '').trim(),
      },
      (data) => {
        if (!data.createUnit) throw new Error('Unit not created');
        return { data: data.createUnit };
      },
    );
  },
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteUnitDocument, { id: String(params.id) }, (data) => ({
      data: { id: data.deleteUnit?.id ?? String(params.id) },
    })),
};

/** Quantities (the unit form's suggestions): getList → getQuantities. */
export const quantitiesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleQuantitiesDocument, {}, (data) => pageOf(data.getQuantities, params)),
};
