import {
  RABBITMQ_PROFILES,
  RabbitMqProfile,
  EmailStatusActionRecipients,
  QUEUES,
  STATUS_ACTION_JOB_NAMES,
  StatusActionType,
  type StatusActionEmailRecipient,
  type StatusActionSpec,
} from '@user-office/contracts';

/** Who a recipient group of an e-mail action is, for one proposal. */
export interface RecipientResolution {
  to: readonly StatusActionEmailRecipient[];
  /** why nobody (shown in the log as the failure of that e-mail); null when nobody is simply nobody (no co-proposers) */
  unresolved: string | null;
}

/** A connection's status action as the workflows read model gives it. */
export interface ConnectionAction {
  actionId: number;
  actionType: StatusActionType | string;
  config: Readonly<Record<string, unknown>>;
}

/** The status change the actions run for. */
export interface StatusReached {
  eventId: string;
  occurredAt: string;
  proposalPk: number;
  /** the experiment, when an experiment workflow's status was reached */
  experimentPk?: number | null;
  statusId: number;
  connectionId: number;
  /** the request that caused the change: what one bulk change moved shares the e-mails of combineEmails actions */
  correlationId?: string | null;
  /** when a combined e-mail stops collecting proposals (ISO 8601) */
  collectUntil?: string;
  /** the event's global position (RabbitMQ messages of one proposal are published in this order) */
  position?: number;
}

/** How RabbitMQ actions publish when their config says nothing (RABBITMQ_DEFAULT_PROFILE, RABBITMQ_EXCHANGES). */
export interface RabbitMqDefaults {
  profile: RabbitMqProfile;
  /** the compatible profile's exchanges when the action names none */
  exchanges: readonly string[];
}

const NATIVE_DEFAULTS: RabbitMqDefaults = { profile: RabbitMqProfile.NATIVE, exchanges: [] };

export interface PlannedJob {
  /**
   * deterministic: `<event id>-<action id>`, e-mails `<event id>-<action id>-<template id>-<address or group>`;
   * a combined e-mail (combineEmails) its batch key `<correlation id>-<connection id>-<action id>-<template id>-<address>`
   */
  jobId: string;
  queue: typeof QUEUES.email | typeof QUEUES.rabbitmq;
  name: string;
  action: StatusActionSpec;
}

export interface EmailRecipientEntry {
  group: EmailStatusActionRecipients;
  emailTemplateId: string;
}

const GROUPS = new Set<string>(Object.values(EmailStatusActionRecipients));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : [];

/** The recipient groups (each with its template) of an e-mail action's config; malformed entries are skipped. */
export function emailRecipientEntries(config: Readonly<Record<string, unknown>>): EmailRecipientEntry[] {
  const entries = Array.isArray(config.recipientsWithEmailTemplate) ? config.recipientsWithEmailTemplate : [];
  return entries.flatMap((entry: unknown) => {
    if (!isRecord(entry) || !isRecord(entry.recipient) || !isRecord(entry.emailTemplate)) return [];
    const group = entry.recipient.name;
    const template = entry.emailTemplate.id;
    if (typeof group !== 'string' || !GROUPS.has(group) || typeof template !== 'string' || template === '') {
      return [];
    }
    return [{ group: group as EmailStatusActionRecipients, emailTemplateId: template }];
  });
}

/** The other recipients' addresses of an e-mail action's config. */
export const otherRecipientEmails = (config: Readonly<Record<string, unknown>>): string[] =>
  strings(config.otherRecipientEmails);

/** OTHER: the addresses the action lists (otherRecipientEmails) */
function otherRecipients(config: Readonly<Record<string, unknown>>): RecipientResolution {
  const emails = otherRecipientEmails(config);
  return emails.length > 0
    ? { to: emails.map((email) => ({ email, userId: null, firstname: '', lastname: '' })), unresolved: null }
    : {
        to: [],
        unresolved: 'Recipients OTHER resolve to nobody: the action lists no other recipient e-mails',
      };
}

/** Whether an e-mail action's config asks for one e-mail per recipient for all proposals moved at once. */
export const combinesEmails = (config: Readonly<Record<string, unknown>>): boolean =>
  config.combineEmails === true;

/** a job id part from free text (a correlation id may come from a request header): BullMQ refuses ':' */
const idPart = (text: string): string => text.replace(/[:\s]/g, '_');

/** The exchanges of a RabbitMQ action's config. */
export const exchangesOf = (config: Readonly<Record<string, unknown>>): string[] => strings(config.exchanges);

/** The message profile of a RabbitMQ action's config (`profile`: native or compatible), else the default. */
export function profileOf(
  config: Readonly<Record<string, unknown>>,
  fallback: RabbitMqProfile,
): RabbitMqProfile {
  const profile = typeof config.profile === 'string' ? config.profile.trim().toLowerCase() : '';
  return (RABBITMQ_PROFILES as readonly string[]).includes(profile) ? (profile as RabbitMqProfile) : fallback;
}

/** Pure: where and how a RabbitMQ action publishes (a compatible one naming no exchange: the configured ones). */
export function rabbitMqTargetOf(
  config: Readonly<Record<string, unknown>>,
  defaults: RabbitMqDefaults,
): { exchanges: string[]; profile?: RabbitMqProfile } {
  const named = exchangesOf(config);
  if (profileOf(config, defaults.profile) === RabbitMqProfile.NATIVE) return { exchanges: named }; // as before
  return {
    exchanges: named.length === 0 ? [...defaults.exchanges] : named,
    profile: RabbitMqProfile.COMPATIBLE,
  };
}

/**
 * Pure: the jobs a status change turns into (ARCHITECTURE §4). One per RabbitMQ action; one per e-mail action,
 * template and recipient address (or one per template and group when the group resolved to nobody, so the log
 * says why). Ids derive from the event, so delivering the event twice enqueues nothing twice, and one address
 * gets one e-mail per template even when two groups name it. An e-mail action with combineEmails gives each
 * address a job of the batch of the change's request instead (`combined`; the id is the batch key): the proposals
 * one bulk change moves over the connection share it, and the recipient gets one e-mail listing them all.
 */
export function planStatusActionJobs(
  reached: StatusReached,
  actions: readonly ConnectionAction[],
  /** who each group but OTHER is (OTHER is the action's otherRecipientEmails) */
  recipients: (group: EmailStatusActionRecipients) => RecipientResolution,
  rabbitMqDefaults: RabbitMqDefaults = NATIVE_DEFAULTS,
): PlannedJob[] {
  const jobs = new Map<string, PlannedJob>();
  const base = {
    sourceEventId: reached.eventId,
    occurredAt: reached.occurredAt,
    proposalPk: reached.proposalPk,
    ...(reached.experimentPk ? { experimentPk: reached.experimentPk } : {}),
    statusId: reached.statusId,
    connectionId: reached.connectionId,
    ...(reached.position !== undefined ? { position: reached.position } : {}),
  };
  for (const action of actions) {
    const prefix = `${reached.eventId}-${action.actionId}`;
    if (action.actionType === StatusActionType.RABBITMQ) {
      jobs.set(prefix, {
        jobId: prefix,
        queue: QUEUES.rabbitmq,
        name: STATUS_ACTION_JOB_NAMES.rabbitmq,
        action: {
          ...base,
          actionId: action.actionId,
          actionType: StatusActionType.RABBITMQ,
          email: null,
          rabbitmq: rabbitMqTargetOf(action.config, rabbitMqDefaults),
        },
      });
    } else if (action.actionType === StatusActionType.EMAIL) {
      for (const { group, emailTemplateId } of emailRecipientEntries(action.config)) {
        const resolution =
          group === EmailStatusActionRecipients.OTHER ? otherRecipients(action.config) : recipients(group);
        const targets =
          resolution.to.length > 0
            ? resolution.to.map((to) => ({ key: to.email.toLowerCase(), to, unresolved: null }))
            : resolution.unresolved
              ? [{ key: group, to: null, unresolved: resolution.unresolved }]
              : [];
        const combine = combinesEmails(action.config) && !!reached.correlationId;
        for (const { key, to, unresolved } of targets) {
          const batchKey =
            combine && to
              ? idPart(
                  `${reached.correlationId}-${reached.connectionId}-${action.actionId}-${emailTemplateId}-${key}`,
                )
              : null;
          const jobId = batchKey ?? `${prefix}-${emailTemplateId}-${key}`;
          if (jobs.has(jobId)) continue;
          jobs.set(jobId, {
            jobId,
            queue: QUEUES.email,
            name: STATUS_ACTION_JOB_NAMES.email,
            action: {
              ...base,
              actionId: action.actionId,
              actionType: StatusActionType.EMAIL,
              email: { emailTemplateId, recipientGroup: group, to, unresolved },
              rabbitmq: null,
              combined: batchKey
                ? { batchKey, collectUntil: reached.collectUntil ?? reached.occurredAt, proposalPks: null }
                : null,
            },
          });
        }
      }
    }
  }
  return [...jobs.values()];
}
