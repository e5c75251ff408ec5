import { FeatureId, SettingsId } from '../enums';
import { defineEvent } from './catalogue';

/** Settings and features live in one stream per facility. */
export const SETTINGS_STREAM = 'settings';
export const SETTINGS_STREAM_ID = 'settings-facility';

export const SETTING_UPDATED = 'SettingUpdated';
export const FEATURE_ENABLED = 'FeatureEnabled';
export const FEATURE_DISABLED = 'FeatureDisabled';

export interface SettingUpdatedData {
  readonly settingsId: SettingsId;
  readonly settingsValue: string;
  /** The value before the change; null when the setting had none. */
  readonly previousValue: string | null;
  /** The setting's new description, when the update changed it. */
  readonly description?: string;
}

export interface FeatureEnabledData {
  readonly featureId: FeatureId;
}

export interface FeatureDisabledData {
  readonly featureId: FeatureId;
}

export const settingUpdatedEvent = defineEvent<SettingUpdatedData, typeof SETTING_UPDATED>(SETTING_UPDATED, {
  stream: SETTINGS_STREAM,
  description: (data) => `Setting ${data.settingsId} changed to ${JSON.stringify(data.settingsValue)}`,
  changedObjectId: (data) => data.settingsId,
});

export const featureEnabledEvent = defineEvent<FeatureEnabledData, typeof FEATURE_ENABLED>(FEATURE_ENABLED, {
  stream: SETTINGS_STREAM,
  description: (data) => `Feature ${data.featureId} enabled`,
  changedObjectId: (data) => data.featureId,
});

export const featureDisabledEvent = defineEvent<FeatureDisabledData, typeof FEATURE_DISABLED>(
  FEATURE_DISABLED,
  {
    stream: SETTINGS_STREAM,
    description: (data) => `Feature ${data.featureId} disabled`,
    changedObjectId: (data) => data.featureId,
  },
);

/** Any event of the settings stream. */
export type SettingsEvent =
  | { readonly type: typeof SETTING_UPDATED; readonly data: SettingUpdatedData }
  | { readonly type: typeof FEATURE_ENABLED; readonly data: FeatureEnabledData }
  | { readonly type: typeof FEATURE_DISABLED; readonly data: FeatureDisabledData };

export const SETTINGS_EVENTS = [settingUpdatedEvent, featureEnabledEvent, featureDisabledEvent] as const;
