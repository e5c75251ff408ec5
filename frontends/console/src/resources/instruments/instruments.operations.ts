import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreateInstrumentDocument,
  ConsoleDeleteInstrumentDocument,
  ConsoleInstrumentDocument,
  ConsoleInstrumentsDocument,
  ConsoleUpdateInstrumentDocument,
  type ConsoleInstrumentFieldsFragment,
} from '../../gql/graphql';

/** A person as the instrument pages show them. */
export const personName = (p: { firstname: string; lastname: string } | null | undefined): string =>
  p ? `${p.firstname} ${p.lastname}` : '';

/** The table's row: the manager's and scientists' names beside their ids, for sorting and searching. */
export const instrumentRow = (i: ConsoleInstrumentFieldsFragment) => ({
  ...i,
  managerName: personName(i.manager),
  scientistNames: i.scientists.map(personName).join(', '),
});

export type InstrumentRecord = ReturnType<typeof instrumentRow>;

/** The arguments createInstrument / updateInstrument take, from the form. */
export function instrumentInput(data: Record<string, unknown>) {
  const text = (v: unknown) => String(v ?? '').trim();
  const contact = text(data.instrumentContact);
  return {
    name: text(data.name),
    shortCode: text(data.shortCode),
    description: text(data.description),
    managerUserId:
      data.managerUserId === '' || data.managerUserId == null ? null : Number(data.managerUserId),
    selectable: data.selectable === undefined || data.selectable === null ? true : Boolean(data.selectable),
    instrumentContact: contact === '' ? null : contact,
  };
}

/**
 * Instruments (`/console/Instruments`): getList → instruments (the caller's, §6), searched, sorted and paged
 * here; getOne → instrument(instrumentId); create → createInstrument(name, shortCode, description,
 * managerUserId, selectable, instrumentContact); update → updateInstrument(id, …); delete → deleteInstrument(id).
 * Scientists and call assignments are commands (instrument-commands.ts).
 */
export const instrumentsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleInstrumentsDocument, {}, (data) =>
      pageOf(
        matching(data.instruments.instruments.map(instrumentRow), (params.filter as { q?: string })?.q, [
          'name',
          'shortCode',
          'description',
          'managerName',
          'scientistNames',
        ]),
        params,
      ),
    ),
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleInstrumentDocument, { instrumentId: Number(params.id) }, (data) => {
      if (!data.instrument) throw new Error('Instrument not found');
      return { data: instrumentRow(data.instrument) };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateInstrumentDocument, instrumentInput(params.data), (data) => ({
      data: instrumentRow(data.createInstrument),
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateInstrumentDocument,
      { id: Number(params.id), ...instrumentInput(params.data) },
      (data) => ({ data: instrumentRow(data.updateInstrument) }),
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteInstrumentDocument, { id: Number(params.id) }, (data) => ({
      data: { id: data.deleteInstrument.id },
    })),
};
