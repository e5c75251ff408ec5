import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCountriesDocument,
  ConsoleCreateInstitutionDocument,
  ConsoleDeleteInstitutionDocument,
  ConsoleInstitutionDocument,
  ConsoleInstitutionsDocument,
  ConsoleUpdateInstitutionDocument,
  type ConsoleInstitutionFieldsFragment,
} from '../../gql/graphql';

export type InstitutionRecord = ConsoleInstitutionFieldsFragment & { countryId?: number | null };

/** The table's row: the country's name beside its id, for sorting and the form's picker. */
const row = (i: ConsoleInstitutionFieldsFragment) => ({
  ...i,
  countryId: i.country?.id ?? null,
  countryName: i.country?.value ?? '',
});

/** The fields createInstitution / updateInstitution take, from the form. */
function institutionInput(data: Record<string, unknown>) {
  const rorId = typeof data.rorId === 'string' && data.rorId.trim() !== '' ? data.rorId.trim() : null;
  return { name: String(data.name ?? ''), country: Number(data.countryId), rorId };
}

/**
 * Institutions (`/console/Institutions`): getList → getInstitutions(filter name), sorted and paged here;
 * getOne → getInstitution(institutionId); create → createInstitution(name, country, rorId); update →
 * updateInstitution(id, name, country, rorId); delete → deleteInstitution(id). Merging is a command.
 */
export const institutionsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const name = ((params.filter ?? {}) as { q?: string }).q?.trim();
    return operation(ConsoleInstitutionsDocument, { filter: name ? { name } : undefined }, (data) =>
      pageOf(data.getInstitutions.map(row), params),
    );
  },
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleInstitutionDocument, { institutionId: Number(params.id) }, (data) => {
      if (!data.getInstitution) throw new Error('Institution not found');
      return { data: row(data.getInstitution) };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateInstitutionDocument, institutionInput(params.data), (data) => {
      if (!data.createInstitution) throw new Error('Institution not created');
      return { data: row(data.createInstitution) };
    }),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateInstitutionDocument,
      { id: Number(params.id), ...institutionInput(params.data) },
      (data) => {
        if (!data.updateInstitution) throw new Error('Institution not found');
        return { data: row(data.updateInstitution) };
      },
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteInstitutionDocument, { id: Number(params.id) }, (data) => ({
      data: { id: data.deleteInstitution?.id ?? Number(params.id) },
    })),
};

/** Countries (the institution form's picker): getList → getCountries. */
export const countriesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleCountriesDocument, {}, (data) => pageOf(data.getCountries, params)),
};
