import { ValidationError } from 'yup';

import { FeatureId, FeatureUpdateAction, SettingsId } from '../enums';
import { settingsMessages } from './messages';
import {
  isValidTimeZone,
  settingValueError,
  settingValueSchema,
  updateFeaturesSchema,
  updateSettingsSchema,
} from './settings.schema';

async function errorsOf(
  schema: { validate(value: unknown, options: object): Promise<unknown> },
  input: unknown,
) {
  try {
    await schema.validate(input, { abortEarly: false });
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
}

type RuleCase = [SettingsId, string, string, string];

const cases: RuleCase[] = [
  [SettingsId.IDLE_TIMEOUT, '3600000', '0', settingsMessages.positiveInteger('IDLE_TIMEOUT')],
  [SettingsId.IDLE_TIMEOUT, '900000', '1h', settingsMessages.positiveInteger('IDLE_TIMEOUT')],
  [SettingsId.GRADE_PRECISION, '0.5', '-1', settingsMessages.positiveNumber('GRADE_PRECISION')],
  [SettingsId.GRADE_PRECISION, '1', '0', settingsMessages.positiveNumber('GRADE_PRECISION')],
  [
    SettingsId.CONFLICT_OF_INTEREST_COAUTHOR_YEARS,
    '0',
    '-1',
    settingsMessages.nonNegativeInteger('CONFLICT_OF_INTEREST_COAUTHOR_YEARS'),
  ],
  [
    SettingsId.FEEDBACK_FREQUENCY_DAYS,
    '0',
    '-3',
    settingsMessages.nonNegativeInteger('FEEDBACK_FREQUENCY_DAYS'),
  ],
  [
    SettingsId.FEEDBACK_MAX_REQUESTS,
    '2',
    '2.5',
    settingsMessages.nonNegativeInteger('FEEDBACK_MAX_REQUESTS'),
  ],
  [SettingsId.FEEDBACK_EXHAUST_DAYS, '90', '', settingsMessages.nonNegativeInteger('FEEDBACK_EXHAUST_DAYS')],
  [
    SettingsId.INVITE_VALIDITY_PERIOD_DAYS,
    '30',
    'thirty',
    settingsMessages.nonNegativeInteger('INVITE_VALIDITY_PERIOD_DAYS'),
  ],
  [
    SettingsId.INVITE_REMINDERS_SEND_DELAY_DAYS,
    '7',
    '7 days',
    settingsMessages.nonNegativeInteger('INVITE_REMINDERS_SEND_DELAY_DAYS'),
  ],
  [
    SettingsId.DEFAULT_INST_SCI_STATUS_FILTER,
    '2',
    'all',
    settingsMessages.nonNegativeInteger('DEFAULT_INST_SCI_STATUS_FILTER'),
  ],
  [
    SettingsId.DEFAULT_INST_SCI_REVIEWER_FILTER,
    'ALL',
    'me',
    settingsMessages.oneOf('DEFAULT_INST_SCI_REVIEWER_FILTER', ['ALL', 'ME']),
  ],
  [SettingsId.DISPLAY_FAQ_LINK, 'true', 'yes', settingsMessages.trueOrFalse('DISPLAY_FAQ_LINK')],
  [
    SettingsId.DISPLAY_PRIVACY_STATEMENT_LINK,
    'false',
    'TRUE',
    settingsMessages.trueOrFalse('DISPLAY_PRIVACY_STATEMENT_LINK'),
  ],
  [
    SettingsId.FAP_SECS_EDIT_TECH_REVIEWS,
    'true',
    '1',
    settingsMessages.trueOrFalse('FAP_SECS_EDIT_TECH_REVIEWS'),
  ],
  [SettingsId.PALETTE_PRIMARY_MAIN, '#FFF', '#ggg', settingsMessages.hexColour('PALETTE_PRIMARY_MAIN')],
  [SettingsId.PALETTE_PRIMARY_MAIN, '#ffffffcc', 'white', settingsMessages.hexColour('PALETTE_PRIMARY_MAIN')],
  ...Object.values(SettingsId)
    .filter((id) => id.startsWith('PALETTE_'))
    .map((id): RuleCase => [id, '#1f5f8b', '1f5f8b', settingsMessages.hexColour(id)]),
  [SettingsId.TIMEZONE, 'Europe/Stockholm', 'Mars/Olympus_Mons', settingsMessages.timezone('TIMEZONE')],
  [SettingsId.TIMEZONE, 'UTC', '', settingsMessages.timezone('TIMEZONE')],
  [
    SettingsId.USER_OFFICE_EMAIL,
    'useroffice@facility.org',
    'useroffice@facility',
    settingsMessages.email('USER_OFFICE_EMAIL'),
  ],
  [
    SettingsId.EXPERIMENT_SAFETY_REVIEW_EMAIL,
    '',
    'safety at facility.org',
    settingsMessages.email('EXPERIMENT_SAFETY_REVIEW_EMAIL'),
  ],
  [
    SettingsId.SMTP_BCC_EMAIL,
    'archive@facility.org',
    '@facility.org',
    settingsMessages.email('SMTP_BCC_EMAIL'),
  ],
  [
    SettingsId.EXTERNAL_AUTH_LOGIN_URL,
    'https://login.facility.org/auth?next=/',
    'login.facility.org',
    settingsMessages.url('EXTERNAL_AUTH_LOGIN_URL'),
  ],
  [
    SettingsId.EXTERNAL_AUTH_LOGOUT_URL,
    '',
    'ftp://facility.org',
    settingsMessages.url('EXTERNAL_AUTH_LOGOUT_URL'),
  ],
  [
    SettingsId.PROFILE_PAGE_LINK,
    'http://localhost:3000/profile',
    'https://',
    settingsMessages.url('PROFILE_PAGE_LINK'),
  ],
  [
    SettingsId.HEADER_LOGO_FILENAME,
    'facility-logo.svg',
    '../etc/passwd',
    settingsMessages.fileName('HEADER_LOGO_FILENAME'),
  ],
  [
    SettingsId.ORGANISATION_NAME,
    'European Spallation Source',
    '   ',
    settingsMessages.notEmpty('ORGANISATION_NAME'),
  ],
  [SettingsId.DATE_FORMAT, 'dd/MM/yyyy', '', settingsMessages.notEmpty('DATE_FORMAT')],
  [SettingsId.DATE_TIME_FORMAT, 'yyyy-MM-dd HH:mm', '', settingsMessages.notEmpty('DATE_TIME_FORMAT')],
];

describe('updateSettingsSchema', () => {
  it.each(cases)('%s accepts %p and rejects %p', async (settingsId, good, bad, message) => {
    expect(await errorsOf(updateSettingsSchema, { settingsId, settingsValue: good })).toEqual([]);
    expect(await errorsOf(updateSettingsSchema, { settingsId, settingsValue: bad })).toEqual([message]);
  });

  it('has a rule case for every setting with a rule', () => {
    const covered = new Set(cases.map(([id]) => id));
    const free = Object.values(SettingsId).filter((id) => !covered.has(id));
    expect(free).toEqual([SettingsId.FACILITY_ADDRESS, SettingsId.TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS]);
  });

  it('accepts any text for the optional workflow status', async () => {
    for (const settingsValue of ['', 'FEASIBILITY_REVIEW']) {
      const input = { settingsId: SettingsId.TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS, settingsValue };
      expect(await errorsOf(updateSettingsSchema, input)).toEqual([]);
    }
  });

  it("accepts any text for the facility's address (the shipment label's; lines split on new lines or ';')", async () => {
    for (const settingsValue of ['', 'ILL; 71 avenue des Martyrs; 38000 Grenoble', 'Line 1\nLine 2']) {
      const input = { settingsId: SettingsId.FACILITY_ADDRESS, settingsValue };
      expect(await errorsOf(updateSettingsSchema, input)).toEqual([]);
    }
  });

  it('requires a known setting and a value', async () => {
    expect(await errorsOf(updateSettingsSchema, { settingsValue: 'x' })).toEqual([
      settingsMessages.settingRequired,
    ]);
    expect(await errorsOf(updateSettingsSchema, { settingsId: 'COLOUR', settingsValue: 'x' })).toEqual([
      settingsMessages.unknownSetting('COLOUR'),
    ]);
    expect(
      await errorsOf(updateSettingsSchema, { settingsId: SettingsId.TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS }),
    ).toEqual([settingsMessages.valueRequired]);
  });

  it('limits values to 4000 characters and keeps an optional description', async () => {
    const settingsId = SettingsId.ORGANISATION_NAME;
    expect(await errorsOf(updateSettingsSchema, { settingsId, settingsValue: 'a'.repeat(4001) })).toEqual([
      settingsMessages.valueTooLong('ORGANISATION_NAME', 4000),
    ]);
    const input = { settingsId, settingsValue: 'a'.repeat(4000), description: 'Facility name' };
    expect(await updateSettingsSchema.validate(input)).toEqual(input);
  });
});

describe('settingValueSchema / settingValueError', () => {
  it('validates one setting value on its own', () => {
    expect(settingValueSchema(SettingsId.IDLE_TIMEOUT).isValidSync('60000')).toBe(true);
    expect(settingValueError(SettingsId.IDLE_TIMEOUT, '60000')).toBeNull();
    expect(settingValueError(SettingsId.IDLE_TIMEOUT, '-1')).toBe(
      settingsMessages.positiveInteger('IDLE_TIMEOUT'),
    );
  });

  it('knows the IANA time zones', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Nowhere/Special')).toBe(false);
  });
});

describe('updateFeaturesSchema', () => {
  it('accepts one or more known features with an action', async () => {
    const input = {
      featureIds: [FeatureId.SHIPPING, FeatureId.SCHEDULER],
      action: FeatureUpdateAction.DISABLE,
    };
    expect(await updateFeaturesSchema.validate(input)).toEqual(input);
  });

  it('rejects an empty or unknown feature list and a missing or unknown action', async () => {
    expect(await errorsOf(updateFeaturesSchema, { featureIds: [], action: 'ENABLE' })).toEqual([
      settingsMessages.featuresRequired,
    ]);
    expect(await errorsOf(updateFeaturesSchema, { action: 'ENABLE' })).toEqual([
      settingsMessages.featuresRequired,
    ]);
    expect(await errorsOf(updateFeaturesSchema, { featureIds: ['TELEPORT'], action: 'ENABLE' })).toEqual([
      settingsMessages.unknownFeature('TELEPORT'),
    ]);
    expect(await errorsOf(updateFeaturesSchema, { featureIds: ['SHIPPING'] })).toEqual([
      settingsMessages.actionRequired,
    ]);
    expect(await errorsOf(updateFeaturesSchema, { featureIds: ['SHIPPING'], action: 'TOGGLE' })).toEqual([
      settingsMessages.unknownAction('TOGGLE'),
    ]);
  });
});
