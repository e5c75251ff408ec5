import type { GetListParams, UpdateParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleSettingsDocument, ConsoleUpdateSettingsDocument, type SettingsId } from '../../gql/graphql';

/**
 * Settings (`/console/Settings`): getList → getSettings (searched, sorted and paged here); update →
 * updateSettings(input settingsId, settingsValue), each value checked by the setting's own rule.
 */
export const settingsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleSettingsDocument, {}, (data) =>
      pageOf(
        matching(data.getSettings, (params.filter as { q?: string } | undefined)?.q, [
          'id',
          'settingsValue',
          'description',
        ]),
        params,
      ),
    ),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateSettingsDocument,
      {
        input: {
          settingsId: String(params.id) as SettingsId,
          settingsValue: String((params.data as { settingsValue?: unknown }).settingsValue ?? ''),
        },
      },
      (data) => ({ data: data.updateSettings }),
    ),
};
