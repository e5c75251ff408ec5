import {
  FEATURE_DEFAULTS,
  FEATURE_DISABLED,
  FEATURE_ENABLED,
  SETTING_DEFAULTS,
  SETTING_UPDATED,
  type FeatureId,
  type SettingUpdatedData,
  type SettingsId,
} from '@user-office/contracts';

/** The facility's settings and features as folded from the `settings-facility` stream. */
export interface SettingsState {
  values: Partial<Record<SettingsId, string>>;
  descriptions: Partial<Record<SettingsId, string>>;
  features: Partial<Record<FeatureId, boolean>>;
}

export const initialSettingsState: SettingsState = { values: {}, descriptions: {}, features: {} };

export function evolveSettings(state: SettingsState, event: { type: string; data: unknown }): SettingsState {
  switch (event.type) {
    case SETTING_UPDATED: {
      const data = event.data as SettingUpdatedData;
      return {
        ...state,
        values: { ...state.values, [data.settingsId]: data.settingsValue },
        descriptions:
          data.description === undefined
            ? state.descriptions
            : { ...state.descriptions, [data.settingsId]: data.description },
      };
    }
    case FEATURE_ENABLED:
    case FEATURE_DISABLED: {
      const { featureId } = event.data as { featureId: FeatureId };
      return { ...state, features: { ...state.features, [featureId]: event.type === FEATURE_ENABLED } };
    }
    default:
      return state;
  }
}

export const settingValue = (state: SettingsState, id: SettingsId): string =>
  state.values[id] ?? SETTING_DEFAULTS[id].value;

export const settingDescription = (state: SettingsState, id: SettingsId): string =>
  state.descriptions[id] ?? SETTING_DEFAULTS[id].description;

export const isFeatureEnabled = (state: SettingsState, id: FeatureId): boolean =>
  state.features[id] ?? FEATURE_DEFAULTS[id].enabled;
