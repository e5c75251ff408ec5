import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreateTechniqueDocument,
  ConsoleDeleteTechniqueDocument,
  ConsoleTechniqueDocument,
  ConsoleTechniquesDocument,
  ConsoleUpdateTechniqueDocument,
  type ConsoleTechniqueFieldsFragment,
} from '../../gql/graphql';
import { personName } from '../instruments/instruments.operations';

/** The table's row: the instruments' short codes and the scientists' names, for sorting and searching. */
export const techniqueRow = (t: ConsoleTechniqueFieldsFragment) => ({
  ...t,
  instrumentNames: t.instruments.map((i) => i.shortCode).join(', '),
  scientistNames: t.scientists.map(personName).join(', '),
});

export type TechniqueRecord = ReturnType<typeof techniqueRow>;

const techniqueInput = (data: Record<string, unknown>) => ({
  name: String(data.name ?? '').trim(),
  shortCode: String(data.shortCode ?? '').trim(),
  description: String(data.description ?? '').trim(),
});

/**
 * Techniques (`/console/Techniques`): getList → techniques, searched, sorted and paged here; getOne →
 * technique(techniqueId); create → createTechnique(name, shortCode, description); update → updateTechnique(id,
 * …); delete → deleteTechnique(id). Instruments and scientists are commands (instrument-commands.ts).
 */
export const techniquesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleTechniquesDocument, {}, (data) =>
      pageOf(
        matching(data.techniques.techniques.map(techniqueRow), (params.filter as { q?: string })?.q, [
          'name',
          'shortCode',
          'description',
          'instrumentNames',
          'scientistNames',
        ]),
        params,
      ),
    ),
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleTechniqueDocument, { techniqueId: Number(params.id) }, (data) => {
      if (!data.technique) throw new Error('Technique not found');
      return { data: techniqueRow(data.technique) };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateTechniqueDocument, techniqueInput(params.data), (data) => ({
      data: techniqueRow(data.createTechnique),
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateTechniqueDocument,
      { id: Number(params.id), ...techniqueInput(params.data) },
      (data) => ({
        data: techniqueRow(data.updateTechnique),
      }),
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteTechniqueDocument, { id: Number(params.id) }, (data) => ({
      data: { id: data.deleteTechnique.id },
    })),
};
