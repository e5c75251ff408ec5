import { ReviewerFilter, SettingsId } from './enums';

/** A setting's value as stored (settings values are always strings) and what it is for. */
export interface SettingDefault {
  readonly value: string;
  readonly description: string;
}

/**
 * The value each setting has in a fresh installation. Every default passes the setting's own validation rule
 * (`settingValueSchema`). The palette is a calm blue (primary) and green (secondary) theme.
 */
export const SETTING_DEFAULTS: Readonly<Record<SettingsId, SettingDefault>> = {
  [SettingsId.CONFLICT_OF_INTEREST_COAUTHOR_YEARS]: {
    value: '3',
    description:
      'Years back a proposal shared by a FAP reviewer and the PI makes them co-authors (a conflict of interest)',
  },
  [SettingsId.DATE_FORMAT]: {
    value: 'dd-MM-yyyy',
    description: 'Format of dates shown in the application (date-fns tokens)',
  },
  [SettingsId.DATE_TIME_FORMAT]: {
    value: 'dd-MM-yyyy HH:mm',
    description: 'Format of dates with a time shown in the application (date-fns tokens)',
  },
  [SettingsId.DEFAULT_INST_SCI_REVIEWER_FILTER]: {
    value: ReviewerFilter.ME,
    description: "Default reviewer filter of the instrument scientist's proposal list: ALL or ME",
  },
  [SettingsId.DEFAULT_INST_SCI_STATUS_FILTER]: {
    value: '0',
    description: "Default status filter (status id) of the instrument scientist's proposal list; 0 means all",
  },
  [SettingsId.DISPLAY_FAQ_LINK]: {
    value: 'false',
    description: 'Show the FAQ link in the menu (true or false)',
  },
  [SettingsId.DISPLAY_PRIVACY_STATEMENT_LINK]: {
    value: 'false',
    description: 'Show the privacy statement link (true or false)',
  },
  [SettingsId.EXPERIMENT_SAFETY_REVIEW_EMAIL]: {
    value: '',
    description: 'E-mail address that receives experiment safety review notifications; empty for none',
  },
  [SettingsId.EXTERNAL_AUTH_LOGIN_URL]: {
    value: '',
    description: "Login page of the facility's identity provider; empty to use the OpenID Connect discovery",
  },
  [SettingsId.EXTERNAL_AUTH_LOGOUT_URL]: {
    value: '',
    description: "Logout page of the facility's identity provider; empty to use the OpenID Connect discovery",
  },
  [SettingsId.FACILITY_ADDRESS]: {
    value: '',
    description:
      "The facility's delivery address printed on shipment labels under ORGANISATION_NAME; lines separated by new lines or semicolons",
  },
  [SettingsId.FAP_SECS_EDIT_TECH_REVIEWS]: {
    value: 'false',
    description: 'Allow FAP secretaries to edit technical reviews (true or false)',
  },
  [SettingsId.FEEDBACK_EXHAUST_DAYS]: {
    value: '30',
    description: 'Days after an experiment after which no more feedback requests are sent',
  },
  [SettingsId.FEEDBACK_FREQUENCY_DAYS]: {
    value: '14',
    description: 'Days between feedback requests for a finished experiment',
  },
  [SettingsId.FEEDBACK_MAX_REQUESTS]: {
    value: '2',
    description: 'Maximum number of feedback requests sent for one experiment',
  },
  [SettingsId.GRADE_PRECISION]: {
    value: '1',
    description:
      'Step of panel review grades (1 shows a select of whole grades; e.g. 0.5 allows half grades)',
  },
  [SettingsId.HEADER_LOGO_FILENAME]: {
    value: '',
    description: 'File name of the logo shown in the header; empty shows the organisation name',
  },
  [SettingsId.IDLE_TIMEOUT]: {
    value: '3600000',
    description: 'Milliseconds of inactivity after which a user is logged out',
  },
  [SettingsId.INVITE_REMINDERS_SEND_DELAY_DAYS]: {
    value: '7',
    description: 'Days after an invitation was sent before a reminder is sent',
  },
  [SettingsId.INVITE_VALIDITY_PERIOD_DAYS]: {
    value: '30',
    description: 'Days an invitation stays valid',
  },
  [SettingsId.ORGANISATION_NAME]: {
    value: 'User Office',
    description: 'Name of the facility shown in the application and in e-mails',
  },
  [SettingsId.PALETTE_ERROR_MAIN]: { value: '#c62828', description: 'Error colour' },
  [SettingsId.PALETTE_INFO_MAIN]: { value: '#0277bd', description: 'Information colour' },
  [SettingsId.PALETTE_PRIMARY_ACCENT]: { value: '#4a90c2', description: 'Primary accent colour' },
  [SettingsId.PALETTE_PRIMARY_CONTRAST]: {
    value: '#ffffff',
    description: 'Text colour on the primary colour',
  },
  [SettingsId.PALETTE_PRIMARY_DARK]: { value: '#0d3c61', description: 'Primary colour, dark shade' },
  [SettingsId.PALETTE_PRIMARY_LIGHT]: { value: '#5b8db8', description: 'Primary colour, light shade' },
  [SettingsId.PALETTE_PRIMARY_MAIN]: { value: '#1f5f8b', description: 'Primary colour' },
  [SettingsId.PALETTE_SECONDARY_CONTRAST]: {
    value: '#ffffff',
    description: 'Text colour on the secondary colour',
  },
  [SettingsId.PALETTE_SECONDARY_DARK]: { value: '#1b5e4f', description: 'Secondary colour, dark shade' },
  [SettingsId.PALETTE_SECONDARY_LIGHT]: { value: '#5fa893', description: 'Secondary colour, light shade' },
  [SettingsId.PALETTE_SECONDARY_MAIN]: { value: '#2e7d6b', description: 'Secondary colour' },
  [SettingsId.PALETTE_SUCCESS_MAIN]: { value: '#2e7d32', description: 'Success colour' },
  [SettingsId.PALETTE_WARNING_MAIN]: { value: '#ed6c02', description: 'Warning colour' },
  [SettingsId.PROFILE_PAGE_LINK]: {
    value: '',
    description: "Link to the user's profile in an external system; empty uses the built-in profile page",
  },
  [SettingsId.SMTP_BCC_EMAIL]: {
    value: '',
    description: 'E-mail address that receives a blind copy of every e-mail sent; empty for none',
  },
  [SettingsId.TECH_REVIEW_OPTIONAL_WORKFLOW_STATUS]: {
    value: '',
    description: 'Short code of the workflow status in which a technical review is optional; empty for none',
  },
  [SettingsId.TIMEZONE]: {
    value: 'UTC',
    description: 'Time zone (IANA name) in which dates are shown and interpreted',
  },
  [SettingsId.USER_OFFICE_EMAIL]: {
    value: 'useroffice@facility.local',
    description: 'E-mail address of the user office, shown to users and used as the sender of e-mails',
  },
};
