import {
  EMAIL_ACTION_ID,
  EmailStatusActionRecipients,
  COMPATIBLE_DEFAULT_EXCHANGE,
  RABBITMQ_ACTION_ID,
  RabbitMqProfile,
  recipientDescription,
  type EmailActionConfig,
  type RabbitMqActionConfig,
} from '@user-office/contracts';
import type {
  ConnectionStatusActionInput,
  ConsoleWorkflowConnectionFragment as WorkflowConnection,
} from '../../../gql/graphql';

/** What the connection form edits of its status actions (§3 Status action). */
export interface ActionsForm {
  email: {
    enabled: boolean;
    /** recipient group → the e-mail template id it gets ('' when not chosen yet) */
    recipients: Partial<Record<EmailStatusActionRecipients, string>>;
    /** one address a line (the OTHER recipient) */
    otherRecipientEmails: string;
    combineEmails: boolean;
  };
  rabbitMq: {
    enabled: boolean;
    /** the message profile; '' when the config names none (RABBITMQ_DEFAULT_PROFILE applies) */
    profile: RabbitMqProfile | '';
    /** one exchange a line */
    exchanges: string;
  };
}

/** How RabbitMQ actions publish when their config says nothing (the api's RABBITMQ_DEFAULT_PROFILE, RABBITMQ_EXCHANGES). */
export interface RabbitMqDefaults {
  profile: RabbitMqProfile;
  /** where a compatible action naming no exchange publishes */
  compatibleExchanges: readonly string[];
}

export const FALLBACK_RABBITMQ_DEFAULTS: RabbitMqDefaults = {
  profile: RabbitMqProfile.NATIVE,
  compatibleExchanges: [COMPATIBLE_DEFAULT_EXCHANGE],
};

const isProfile = (value: unknown): value is RabbitMqProfile =>
  Object.values(RabbitMqProfile).includes(value as RabbitMqProfile);

/** The defaults of the RabbitMQ action's defaultConfig (getStatusActions), or the built-in ones. */
export function rabbitMqDefaultsOf(defaultConfig: unknown): RabbitMqDefaults {
  const config = (defaultConfig ?? {}) as { defaultProfile?: unknown; compatibleExchanges?: unknown };
  return {
    profile: isProfile(config.defaultProfile) ? config.defaultProfile : FALLBACK_RABBITMQ_DEFAULTS.profile,
    compatibleExchanges: Array.isArray(config.compatibleExchanges)
      ? config.compatibleExchanges.filter((e): e is string => typeof e === 'string')
      : FALLBACK_RABBITMQ_DEFAULTS.compatibleExchanges,
  };
}

/** What a RabbitMQ action does: its profile and its exchanges, the defaults filled in. */
export interface RabbitMqEffect {
  profile: RabbitMqProfile;
  /** the profile is the default (the config names none) */
  defaultProfile: boolean;
  exchanges: readonly string[];
  /** the exchanges are the compatible default (the config names none) */
  defaultExchanges: boolean;
}

export function rabbitMqEffectOf(
  config: { profile?: RabbitMqProfile | ''; exchanges: readonly string[] },
  defaults: RabbitMqDefaults,
): RabbitMqEffect {
  const profile = config.profile || defaults.profile;
  const useDefault = config.exchanges.length === 0 && profile === RabbitMqProfile.COMPATIBLE;
  return {
    profile,
    defaultProfile: !config.profile,
    exchanges: useDefault ? defaults.compatibleExchanges : config.exchanges,
    defaultExchanges: useDefault,
  };
}

/** A connection's actions in short, for its edge: "Email; RabbitMQ (compatible): a.fanout, b.fanout". */
export function actionsSummaryOf(connection: WorkflowConnection, defaults: RabbitMqDefaults): string[] {
  return connection.statusActions.map((action) => {
    if (action.actionType !== 'RABBITMQ') return action.actionType === 'EMAIL' ? 'Email' : action.name;
    const config = (action.config ?? {}) as Partial<RabbitMqActionConfig>;
    const effect = rabbitMqEffectOf({ profile: config.profile, exchanges: config.exchanges ?? [] }, defaults);
    return `RabbitMQ (${effect.profile}): ${effect.exchanges.join(', ') || '(no exchange)'}`;
  });
}

/** the entries of a one-a-line (or comma-separated) text field */
export const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form of a connection's current actions. */
export function actionsFormOf(connection: WorkflowConnection): ActionsForm {
  const email = connection.statusActions.find((a) => a.actionType === 'EMAIL');
  const rabbit = connection.statusActions.find((a) => a.actionType === 'RABBITMQ');
  const emailConfig = (email?.config ?? {}) as Partial<EmailActionConfig>;
  const rabbitConfig = (rabbit?.config ?? {}) as Partial<RabbitMqActionConfig>;
  return {
    email: {
      enabled: Boolean(email),
      recipients: Object.fromEntries(
        (emailConfig.recipientsWithEmailTemplate ?? []).map((r) => [r.recipient.name, r.emailTemplate.id]),
      ),
      otherRecipientEmails: (emailConfig.otherRecipientEmails ?? []).join('\n'),
      combineEmails: emailConfig.combineEmails ?? false,
    },
    rabbitMq: {
      enabled: Boolean(rabbit),
      profile: isProfile(rabbitConfig.profile) ? rabbitConfig.profile : '',
      exchanges: (rabbitConfig.exchanges ?? []).join('\n'),
    },
  };
}

/** The actions input of addConnectionStatusActions for a form (configs as JSON text, as the api takes them). */
export function actionsInputOf(
  form: ActionsForm,
  templateName: (id: string) => string,
): ConnectionStatusActionInput[] {
  const actions: ConnectionStatusActionInput[] = [];
  if (form.email.enabled) {
    const config: EmailActionConfig = {
      recipientsWithEmailTemplate: Object.values(EmailStatusActionRecipients)
        .filter((name) => form.email.recipients[name] !== undefined)
        .map((name) => {
          const id = form.email.recipients[name] ?? '';
          return {
            recipient: { name, description: recipientDescription(name) },
            emailTemplate: { id, name: templateName(id) },
          };
        }),
      otherRecipientEmails:
        form.email.recipients.OTHER !== undefined ? lines(form.email.otherRecipientEmails) : [],
      combineEmails: form.email.combineEmails,
    };
    actions.push({ actionId: EMAIL_ACTION_ID, actionType: 'EMAIL', config: JSON.stringify(config) });
  }
  if (form.rabbitMq.enabled) {
    const config: RabbitMqActionConfig = {
      exchanges: lines(form.rabbitMq.exchanges),
      ...(form.rabbitMq.profile ? { profile: form.rabbitMq.profile } : {}),
    };
    actions.push({ actionId: RABBITMQ_ACTION_ID, actionType: 'RABBITMQ', config: JSON.stringify(config) });
  }
  return actions;
}
