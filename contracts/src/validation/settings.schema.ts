import { array, object, string, type InferType } from 'yup';

import { FeatureId, FeatureUpdateAction, ReviewerFilter, SettingsId } from '../enums';
import { emailPattern, hexColourPattern, httpUrlPattern, validationLimits } from './common';
import { settingsMessages } from './messages';

/** Whether `value` names a time zone this runtime knows (IANA names such as `UTC` or `Europe/Stockholm`). */
export function isValidTimeZone(value: string): boolean {
  if (value.trim() === '') return false;
  try {
    Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions();
    return true;
  } catch {
    return false;
  }
}

const positiveIntegerPattern = /^[1-9]\d*$/;
const nonNegativeIntegerPattern = /^\d+$/;
const decimalPattern = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const fileNamePattern = /^[\w.-]*$/;
const booleanValues: readonly string[] = ['true', 'false'];
const reviewerFilterValues: readonly string[] = Object.values(ReviewerFilter);

/** The check a setting's value must pass; `message` names the setting. */
interface SettingValueRule {
  readonly name: string;
  readonly message: (id: SettingsId) => string;
  readonly test: (value: string) => boolean;
}

const anyValue: SettingValueRule = { name: 'any', message: () => '', test: () => true };
const notEmpty: SettingValueRule = {
  name: 'notEmpty',
  message: settingsMessages.notEmpty,
  test: (value) => value.trim() !== '',
};
const positiveInteger: SettingValueRule = {
  name: 'positiveInteger',
  message: settingsMessages.positiveInteger,
  test: (value) => positiveIntegerPattern.test(value),
};
const positiveNumber: SettingValueRule = {
  name: 'positiveNumber',
  message: settingsMessages.positiveNumber,
  test: (value) => decimalPattern.test(value) && Number(value) > 0,
};
const nonNegativeInteger: SettingValueRule = {
  name: 'nonNegativeInteger',
  message: settingsMessages.nonNegativeInteger,
  test: (value) => nonNegativeIntegerPattern.test(value),
};
const trueOrFalse: SettingValueRule = {
  name: 'trueOrFalse',
  message: settingsMessages.trueOrFalse,
  test: (value) => booleanValues.includes(value),
};
const hexColour: SettingValueRule = {
  name: 'hexColour',
  message: settingsMessages.hexColour,
  test: (value) => hexColourPattern.test(value),
};
const timeZone: SettingValueRule = {
  name: 'timeZone',
  message: settingsMessages.timezone,
  test: isValidTimeZone,
};
const emailOrEmpty: SettingValueRule = {
  name: 'emailOrEmpty',
  message: settingsMessages.email,
  test: (value) => value === '' || emailPattern.test(value),
};
const urlOrEmpty: SettingValueRule = {
  name: 'urlOrEmpty',
  message: settingsMessages.url,
  test: (value) => value === '' || httpUrlPattern.test(value),
};
const fileNameOrEmpty: SettingValueRule = {
  name: 'fileNameOrEmpty',
  message: settingsMessages.fileName,
  test: (value) => fileNamePattern.test(value),
};
const reviewerFilter: SettingValueRule = {
  name: 'reviewerFilter',
  message: (id) => settingsMessages.oneOf(id, reviewerFilterValues),
  test: (value) => reviewerFilterValues.includes(value),
};

/** The value rule of every setting (the record type makes a new SettingsId without a rule a compile error). */
const SETTING_VALUE_RULES: Readonly<Record<SettingsId, SettingValueRule>> = {
  [SettingsId.DATE_FORMAT]: notEmpty,
  [SettingsId.DATE_TIME_FORMAT]: notEmpty,
  [SettingsId.DEFAULT_INST_SCI_REVIEWER_FILTER]: reviewerFilter,
  [SettingsId.DEFAULT_INST_SCI_STATUS_FILTER]: nonNegativeInteger,
  [SettingsId.DISPLAY_FAQ_LINK]: trueOrFalse,
  [SettingsId.DISPLAY_PRIVACY_STATEMENT_LINK]: trueOrFalse,
  [SettingsId.EXPERIMENT_SAFETY_REVIEW_EMAIL]: emailOrEmpty,
  [SettingsId.EXTERNAL_AUTH_LOGIN_URL]: urlOrEmpty,
  [SettingsId.EXTERNAL_AUTH_LOGOUT_URL]: urlOrEmpty,
  // free text, one line of the address per line; empty prints the organisation name alone
  [SettingsId.FACILITY_ADDRESS]: anyValue,
  [SettingsId.FAP_SECS_EDIT_TECH_REVIEWS]: trueOrFalse,
  [SettingsId.FEEDBACK_EXHAUST_DAYS]: nonNegativeInteger,
  [SettingsId.FEEDBACK_FREQUENCY_DAYS]: nonNegativeInteger,
  [SettingsId.FEEDBACK_MAX_REQUESTS]: nonNegativeInteger,
  [SettingsId.GRADE_PRECISION]: positiveNumber,
  [SettingsId.CONFLICT_OF_INTEREST_COAUTHOR_YEARS]: nonNegativeInteger,
  [SettingsId.HEADER_LOGO_FILENAME]: fileNameOrEmpty,
  [SettingsId.IDLE_TIMEOUT]: positiveInteger,
  [SettingsId.INVITE_REMINDERS_SEND_DELAY_DAYS]: nonNegativeInteger,
  [SettingsId.INVITE_VALIDITY_PERIOD_DAYS]: nonNegativeInteger,
  [SettingsId.ORGANISATION_NAME]: notEmpty,
  [SettingsId.PALETTE_ERROR_MAIN]: hexColour,
  [SettingsId.PALETTE_INFO_MAIN]: hexColour,
  [SettingsId.PALETTE_PRIMARY_ACCENT]: hexColour,
  [SettingsId.PALETTE_PRIMARY_CONTRAST]: hexColour,
  [SettingsId.PALETTE_PRIMARY_DARK]: hexColour,
  [SettingsId.PALETTE_PRIMARY_LIGHT]: hexColour,
  [SettingsId.PALETTE_PRIMARY_MAIN]: hexColour,
  [SettingsId.PALETTE_SECONDARY_CONTRAST]: hexColour,
  [SettingsId.PALETTE_SECONDARY_DARK]: hexColour,
  [SettingsId.PALETTE_SECONDARY_LIGHT]: hexColour,
  [SettingsId.PALETTE_SECONDARY_MAIN]: hexColour,
  [SettingsId.PALETTE_SUCCESS_MAIN]: hexColour,
  [SettingsId.PALETTE_WARNING_MAIN]: hexColour,
  [SettingsId.PROFILE_PAGE_LINK]: urlOrEmpty,
  [SettingsId.SMTP_BCC_EMAIL]: emailOrEmpty,
  // A workflow status short code, or empty for none; statuses are data, so any text is accepted.
  [SettingsId.TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS]: anyValue,
  [SettingsId.TIMEZONE]: timeZone,
  [SettingsId.USER_OFFICE_EMAIL]: emailOrEmpty,
};

const settingsIdValues: readonly string[] = Object.values(SettingsId);

/** Whether `value` is a SettingsId. */
export function isSettingsId(value: unknown): value is SettingsId {
  return typeof value === 'string' && settingsIdValues.includes(value);
}

const baseValueSchema = () =>
  string()
    .defined(settingsMessages.valueRequired)
    .max(
      validationLimits.settingValueMax,
      settingsMessages.valueTooLong('The setting value', validationLimits.settingValueMax),
    );

type SettingValueSchema = ReturnType<typeof baseValueSchema>;

function withSettingRule(schema: SettingValueSchema, id: SettingsId): SettingValueSchema {
  const rule = SETTING_VALUE_RULES[id];
  return schema
    .max(
      validationLimits.settingValueMax,
      settingsMessages.valueTooLong(id, validationLimits.settingValueMax),
    )
    .test(rule.name, rule.message(id), (value) => value === undefined || rule.test(value));
}

/** The schema of one setting's value, for a form that edits a single setting. */
export function settingValueSchema(id: SettingsId): SettingValueSchema {
  return withSettingRule(baseValueSchema(), id);
}

/** The first error of a setting's value, or null when it is valid (synchronous). */
export function settingValueError(id: SettingsId, value: string): string | null {
  try {
    settingValueSchema(id).validateSync(value, { strict: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Input of `updateSettings`: the setting, its new value (checked by that setting's rule), a description. */
export const updateSettingsSchema = object({
  settingsId: string<SettingsId>()
    .required(settingsMessages.settingRequired)
    .oneOf(Object.values(SettingsId), ({ value }: { value: unknown }) =>
      settingsMessages.unknownSetting(String(value)),
    ),
  settingsValue: baseValueSchema().when('settingsId', ([id]: unknown[], schema: SettingValueSchema) =>
    isSettingsId(id) ? withSettingRule(schema, id) : schema,
  ),
  description: string()
    .optional()
    .max(
      validationLimits.settingValueMax,
      settingsMessages.descriptionTooLong(validationLimits.settingValueMax),
    ),
});

export type UpdateSettingsInput = InferType<typeof updateSettingsSchema>;

/** Input of `updateFeatures`: one or more features and whether to enable or disable them. */
export const updateFeaturesSchema = object({
  featureIds: array(
    string<FeatureId>()
      .required(settingsMessages.featuresRequired)
      .oneOf(Object.values(FeatureId), ({ value }: { value: unknown }) =>
        settingsMessages.unknownFeature(String(value)),
      ),
  )
    .required(settingsMessages.featuresRequired)
    .min(1, settingsMessages.featuresRequired),
  action: string<FeatureUpdateAction>()
    .required(settingsMessages.actionRequired)
    .oneOf(Object.values(FeatureUpdateAction), ({ value }: { value: unknown }) =>
      settingsMessages.unknownAction(String(value)),
    ),
});

export type UpdateFeaturesInput = InferType<typeof updateFeaturesSchema>;
