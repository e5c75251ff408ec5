import {
  FEATURE_DISABLED,
  FEATURE_ENABLED,
  FeatureUpdateAction,
  SETTING_UPDATED,
  type FeatureId,
  type SettingUpdatedData,
  type SettingsId,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  evolveSettings,
  initialSettingsState,
  isFeatureEnabled,
  settingDescription,
  settingValue,
  type SettingsState,
} from './settings.state';

export type SettingsCommand =
  | { type: 'UpdateSetting'; settingsId: SettingsId; settingsValue: string; description?: string }
  | { type: 'UpdateFeatures'; featureIds: FeatureId[]; action: FeatureUpdateAction };

/** Pure: the events a settings command leads to (nothing when it changes nothing). */
export function decideSettings(command: SettingsCommand, state: SettingsState): NewEvent[] {
  switch (command.type) {
    case 'UpdateSetting': {
      const previousValue = settingValue(state, command.settingsId);
      const descriptionChanged =
        command.description !== undefined &&
        command.description !== settingDescription(state, command.settingsId);
      if (previousValue === command.settingsValue && !descriptionChanged) return [];
      const data: SettingUpdatedData = {
        settingsId: command.settingsId,
        settingsValue: command.settingsValue,
        previousValue,
        ...(descriptionChanged ? { description: command.description } : {}),
      };
      return [{ type: SETTING_UPDATED, data }];
    }
    case 'UpdateFeatures': {
      const enable = command.action === FeatureUpdateAction.ENABLE;
      return [...new Set(command.featureIds)]
        .filter((featureId) => isFeatureEnabled(state, featureId) !== enable)
        .map((featureId) => ({ type: enable ? FEATURE_ENABLED : FEATURE_DISABLED, data: { featureId } }));
    }
  }
}

export const settingsDecider: Decider<SettingsState, SettingsCommand> = {
  initialState: initialSettingsState,
  evolve: evolveSettings,
  decide: decideSettings,
};
