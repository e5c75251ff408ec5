import {
  COMPATIBLE_DEFAULT_EXCHANGE,
  RABBITMQ_PROFILES,
  RabbitMqProfile,
} from '../downstream/compatible-messages';
import { EmailStatusActionRecipients, StatusActionType } from '../enums';
import { EMAIL_TEMPLATES } from './email-templates';

/** A recipient group of an e-mail action (§3 "Status action recipient groups"), as the editor shows it. */
export interface EmailStatusActionRecipient {
  readonly name: EmailStatusActionRecipients;
  readonly description: string;
}

export const EMAIL_STATUS_ACTION_RECIPIENTS: readonly EmailStatusActionRecipient[] = [
  { name: EmailStatusActionRecipients.PI, description: 'The principal investigator of the proposal' },
  { name: EmailStatusActionRecipients.CO_PROPOSERS, description: 'The co-proposers of the proposal' },
  {
    name: EmailStatusActionRecipients.INSTRUMENT_SCIENTISTS,
    description: 'The scientists of the instruments the proposal is assigned to',
  },
  {
    name: EmailStatusActionRecipients.TECHNIQUE_SCIENTISTS,
    description: 'The scientists of the techniques the proposal is assigned to',
  },
  {
    name: EmailStatusActionRecipients.FAP_REVIEWERS,
    description: 'The FAP reviewers assigned to the proposal',
  },
  {
    name: EmailStatusActionRecipients.FAP_CHAIR_AND_SECRETARY,
    description: "The chairs and secretaries of the proposal's FAPs",
  },
  {
    name: EmailStatusActionRecipients.EXPERIMENT_SAFETY_REVIEWERS,
    description: 'The experiment safety reviewers (the EXPERIMENT_SAFETY_REVIEW_EMAIL setting)',
  },
  {
    name: EmailStatusActionRecipients.USER_OFFICE,
    description: 'The user office (the USER_OFFICE_EMAIL setting)',
  },
  {
    name: EmailStatusActionRecipients.OTHER,
    description: 'The e-mail addresses listed in otherRecipientEmails',
  },
];

const recipientDescriptions = new Map(EMAIL_STATUS_ACTION_RECIPIENTS.map((r) => [r.name, r.description]));

/** The description of a recipient group. */
export const recipientDescription = (name: EmailStatusActionRecipients): string =>
  recipientDescriptions.get(name) ?? name;

/** The config of an e-mail action on a connection. */
export interface EmailActionConfig {
  readonly recipientsWithEmailTemplate: ReadonlyArray<{
    readonly recipient: { readonly name: EmailStatusActionRecipients; readonly description: string };
    readonly emailTemplate: { readonly id: string; readonly name: string };
  }>;
  /** the addresses of the OTHER recipient */
  readonly otherRecipientEmails: readonly string[];
  /** one e-mail per recipient listing every proposal that reached the status at once, instead of one each */
  readonly combineEmails: boolean;
}

/** The config of a RabbitMQ action on a connection: the exchanges the status change is published to. */
export interface RabbitMqActionConfig {
  readonly exchanges: readonly string[];
  /** the message profile (absent: RABBITMQ_DEFAULT_PROFILE); see downstream/compatible-messages.ts */
  readonly profile?: RabbitMqProfile;
}

/** The exchange the default workflow publishes approvals to. */
export const DEFAULT_RABBITMQ_EXCHANGE = 'user_office_backend.fanout';

/**
 * What a RabbitMQ action's editor is offered beside the empty config (getStatusActions' defaultConfig): the
 * profiles, the profile an action naming none publishes with (RABBITMQ_DEFAULT_PROFILE) and the exchanges a
 * compatible action naming none publishes to (RABBITMQ_EXCHANGES). The api fills in the configured values.
 */
export interface RabbitMqActionChoices {
  readonly [key: string]: unknown;
  readonly profiles: readonly RabbitMqProfile[];
  readonly defaultProfile: RabbitMqProfile;
  readonly compatibleExchanges: readonly string[];
}

/** The RabbitMQ action's default config with the effective defaults of a configuration. */
export const rabbitMqDefaultConfig = (
  defaults: { profile?: RabbitMqProfile; compatibleExchanges?: readonly string[] } = {},
): { exchanges: string[] } & RabbitMqActionChoices => ({
  exchanges: [DEFAULT_RABBITMQ_EXCHANGE],
  profiles: [...RABBITMQ_PROFILES],
  defaultProfile: defaults.profile ?? RabbitMqProfile.NATIVE,
  compatibleExchanges: [...(defaults.compatibleExchanges ?? [COMPATIBLE_DEFAULT_EXCHANGE])],
});

/** A kind of status action (§3 Status action). */
export interface StatusActionDefinition {
  readonly id: number;
  readonly name: string;
  readonly type: StatusActionType;
  readonly description: string;
  /** what the connection editor starts from: the empty config and the choices it offers */
  readonly defaultConfig: Readonly<Record<string, unknown>>;
}

export const EMAIL_ACTION_ID = 1;
export const RABBITMQ_ACTION_ID = 2;

export const STATUS_ACTIONS: readonly StatusActionDefinition[] = [
  {
    id: EMAIL_ACTION_ID,
    name: 'Email action',
    type: StatusActionType.EMAIL,
    description:
      'Sends e-mails to the chosen recipients, each with an e-mail template, when the status is reached',
    defaultConfig: {
      recipientsWithEmailTemplate: [],
      otherRecipientEmails: [],
      combineEmails: false,
      recipients: EMAIL_STATUS_ACTION_RECIPIENTS.map(({ name, description }) => ({ name, description })),
      emailTemplates: EMAIL_TEMPLATES.map(({ id, name }) => ({ id, name })),
    },
  },
  {
    id: RABBITMQ_ACTION_ID,
    name: 'RabbitMQ action',
    type: StatusActionType.RABBITMQ,
    description: 'Publishes a message to the chosen RabbitMQ exchanges when the status is reached',
    defaultConfig: rabbitMqDefaultConfig(),
  },
];

const actionsById = new Map(STATUS_ACTIONS.map((a) => [a.id, a]));

/** The status action of this id, or undefined. */
export const statusActionById = (id: number): StatusActionDefinition | undefined => actionsById.get(id);
