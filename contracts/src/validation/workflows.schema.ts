import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

import { EmailStatusActionRecipients, StatusActionType, WorkflowType } from '../enums';
import { RABBITMQ_PROFILES, RabbitMqProfile } from '../downstream/compatible-messages';
import { EMAIL_TEMPLATE_IDS, emailTemplateById } from '../workflows/email-templates';
import {
  recipientDescription,
  statusActionById,
  STATUS_ACTIONS,
  type EmailActionConfig,
  type RabbitMqActionConfig,
} from '../workflows/status-actions';
import { STATUS_CHANGING_EVENT_NAMES } from '../workflows/status-changing-events';
import { emailPattern } from './common';

/** Statuses, workflows, their connections and status actions (not quoted in the spec). */
export const workflowMessages = {
  shortCodeRequired: 'Short code is required',
  shortCodePattern: 'Short code may contain upper case letters, digits and underscore only',
  shortCodeMax: 'Short code must be at most 100 characters long',
  shortCodeTaken: (entityType: string) => `A ${entityType.toLowerCase()} status with this short code exists`,
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 200 characters long',
  descriptionMax: 'Description must be at most 2000 characters long',
  entityTypeRequired: 'Entity type is required',
  entityTypeInvalid: `Entity type must be one of ${Object.values(WorkflowType).join(', ')}`,
  statusRequired: 'Status is required',
  statusNotFound: 'Status not found',
  defaultStatusNotDeletable: 'A default status cannot be deleted',
  statusInUse: (workflows: string) =>
    `The status is used in the workflows ${workflows}: remove it from them first`,
  statusInUseBy: (what: string) => `The status is in use (${what})`,
  workflowNotFound: 'Workflow not found',
  defaultWorkflowNotDeletable: 'A default workflow cannot be deleted',
  workflowInUse: (what: string) => `The workflow is in use (${what})`,
  statusWrongEntityType: (entityType: string) =>
    `A ${entityType.toLowerCase()} workflow takes ${entityType.toLowerCase()} statuses only`,
  statusAlreadyInWorkflow: 'The status is already in this workflow',
  statusNotInWorkflow: 'The status is not in this workflow',
  statusNotAtPosition: (sortOrder: number) =>
    `The status is at position ${sortOrder} of its group, not this one`,
  groupIdRequired: 'Connection group is required',
  groupIdPattern: 'A connection group id may contain letters, digits, underscore and hyphen only',
  groupIdMax: 'A connection group id must be at most 100 characters long',
  groupNotFound: (groupId: string) => `Connection group ${groupId} not found in this workflow`,
  parentGroupRequired: (groupId: string) =>
    `Connection group ${groupId} does not exist yet: give its parent group to start a branch`,
  parentGroupMismatch: (groupId: string, parent: string | null) =>
    `The parent of connection group ${groupId} is ${parent ?? 'none'}`,
  beforeInitialStatus: 'Nothing can come before the initial status of the workflow',
  initialStatusFixed: 'The initial status of the workflow cannot be moved or deleted',
  prevStatusMismatch: (expected: number | null) =>
    `At this position the previous status is ${expected ?? 'none'}: prevStatusId does not match`,
  nextStatusMismatch: (expected: number | null) =>
    `At this position the next status is ${expected ?? 'none'}: nextStatusId does not match`,
  noStatusAtPosition: (groupId: string, index: number) =>
    `Connection group ${groupId} has no status at position ${index}`,
  branchesFollow: 'Branches follow this status: delete them first',
  sortOrderMin: 'Position must be 0 or more',
  connectionNotFound: 'Workflow connection not found',
  eventRequired: 'Event name is required',
  unknownEvent: (name: string) => `Unknown status-changing event ${name}`,
  eventWrongEntityType: (name: string, entityType: string) =>
    `${name} is not an event of ${entityType.toLowerCase()} workflows`,
  initialStatusNoEvents: 'The initial status waits for no event: proposals start there',
  actionRequired: 'Status action is required',
  unknownAction: (id: unknown) => `Unknown status action ${String(id)}`,
  actionTypeRequired: 'Action type is required',
  actionTypeMismatch: (id: number, type: string) => `Status action ${id} is of type ${type}`,
  duplicateAction: 'Each status action can be added once to a connection',
  configNotJson: 'Config must be a JSON object',
  recipientsRequired: 'Choose at least one recipient',
  recipientRequired: 'Recipient is required',
  unknownRecipient: (name: unknown) =>
    `Unknown recipient ${String(name)}: use one of ${Object.values(EmailStatusActionRecipients).join(', ')}`,
  duplicateRecipient: 'Each recipient can be chosen once',
  emailTemplateRequired: 'Choose an e-mail template for each recipient',
  unknownEmailTemplate: (id: unknown) => `Unknown e-mail template ${String(id)}`,
  emailRequired: 'E-mail address is required',
  invalidEmail: (value: unknown) => `${String(value)} is not a valid e-mail address`,
  otherEmailsRequired: 'Give at least one e-mail address for the OTHER recipient',
  otherRecipientMissing: 'Other e-mail addresses are sent to only when the OTHER recipient is chosen',
  exchangesRequired: 'Give at least one exchange',
  profileOneOf: 'The message profile must be native or compatible',
  exchangeRequired: 'Exchange name is required',
  exchangePattern: 'An exchange name may contain letters, digits, hyphen, underscore, period and colon only',
  exchangeMax: 'An exchange name must be at most 255 characters long',
  duplicateExchange: 'Each exchange can be given once',
} as const;

const M = workflowMessages;

/** Status short codes: upper case letters, digits and underscore (e.g. SUBMITTED_LOCKED). */
export const statusShortCodePattern = /^[A-Z0-9_]+$/;
/** Connection group ids (e.g. proposalWorkflowConnections_1). */
export const connectionGroupIdPattern = /^[A-Za-z0-9_-]+$/;
/** RabbitMQ exchange names (AMQP 0-9-1: letters, digits, hyphen, underscore, period, colon). */
export const exchangeNamePattern = /^[A-Za-z0-9_.:-]+$/;

const id = number().integer().required();
const name = string().trim().required(M.nameRequired).max(200, M.nameMax);
/** a name that may be left out (update), but not emptied */
const optionalName = string().trim().min(1, M.nameRequired).max(200, M.nameMax).optional();
const description = string().trim().max(2000, M.descriptionMax).default('');
const optionalDescription = string().trim().max(2000, M.descriptionMax).optional();
const entityType = mixed<WorkflowType>()
  .oneOf(Object.values(WorkflowType), M.entityTypeInvalid)
  .required(M.entityTypeRequired);
const groupId = string()
  .trim()
  .required(M.groupIdRequired)
  .max(100, M.groupIdMax)
  .matches(connectionGroupIdPattern, { message: M.groupIdPattern, excludeEmptyString: true });
const position = number().integer().min(0, M.sortOrderMin);

export const createStatusSchema = object({
  shortCode: string()
    .trim()
    .required(M.shortCodeRequired)
    .max(100, M.shortCodeMax)
    .matches(statusShortCodePattern, { message: M.shortCodePattern, excludeEmptyString: true }),
  name,
  description,
  entityType,
});
export type CreateStatusInput = InferType<typeof createStatusSchema>;

export const updateStatusSchema = object({
  id,
  name: optionalName,
  description: optionalDescription,
});
export type UpdateStatusInput = InferType<typeof updateStatusSchema>;

export const deleteStatusSchema = object({ id });

export const createWorkflowSchema = object({ name, description, entityType });
export type CreateWorkflowInput = InferType<typeof createWorkflowSchema>;

export const updateWorkflowSchema = object({
  id,
  name: optionalName,
  description: optionalDescription,
});
export type UpdateWorkflowInput = InferType<typeof updateWorkflowSchema>;

export const deleteWorkflowSchema = object({ workflowId: id });

/**
 * addWorkflowStatus: the status goes to `sortOrder` of group `droppableGroupId` (a new group — a branch — needs
 * `parentDroppableGroupId`). `prevStatusId`/`nextStatusId` are optional; when given they must be what the
 * position implies (the server derives them).
 */
export const addWorkflowStatusSchema = object({
  workflowId: id,
  statusId: number().integer().required(M.statusRequired),
  sortOrder: position.required(),
  droppableGroupId: groupId,
  parentDroppableGroupId: string()
    .trim()
    .max(100, M.groupIdMax)
    .matches(connectionGroupIdPattern, { message: M.groupIdPattern, excludeEmptyString: true })
    .nullable()
    .optional(),
  prevStatusId: number().integer().nullable().optional(),
  nextStatusId: number().integer().nullable().optional(),
});
export type AddWorkflowStatusInput = InferType<typeof addWorkflowStatusSchema>;

const indexWithGroupId = object({ index: position.required(), droppableId: groupId });

/** moveWorkflowStatus: the status at `from` (index in a group) goes to `to`. */
export const moveWorkflowStatusSchema = object({
  workflowId: id,
  from: indexWithGroupId.required(),
  to: indexWithGroupId.required(),
});
export type MoveWorkflowStatusInput = InferType<typeof moveWorkflowStatusSchema>;

export const deleteWorkflowStatusSchema = object({
  workflowId: id,
  statusId: number().integer().required(M.statusRequired),
  sortOrder: position.required(),
});
export type DeleteWorkflowStatusInput = InferType<typeof deleteWorkflowStatusSchema>;

/** addStatusChangingEventsToConnection: names from the catalogue (the whole list; duplicates dropped). */
export const addStatusChangingEventsSchema = object({
  workflowConnectionId: id,
  statusChangingEvents: array(
    string()
      .trim()
      .required(M.eventRequired)
      .oneOf(STATUS_CHANGING_EVENT_NAMES, ({ value }) => M.unknownEvent(String(value))),
  )
    .default([])
    .transform((list: unknown) => (Array.isArray(list) ? [...new Set(list)] : list)),
});
export type AddStatusChangingEventsInput = InferType<typeof addStatusChangingEventsSchema>;

/** JSON text (or an object) → object; an empty value is an empty object; anything else fails the type check */
const fromJson = (value: unknown, original: unknown): unknown => {
  if (original === undefined || original === null) return {};
  if (typeof original !== 'string') return value;
  if (original.trim() === '') return {};
  try {
    return JSON.parse(original);
  } catch {
    return original;
  }
};

/** The config of an e-mail action. */
export const emailActionConfigSchema = object({
  recipientsWithEmailTemplate: array(
    object({
      recipient: object({
        name: mixed<EmailStatusActionRecipients>()
          .required(M.recipientRequired)
          .oneOf(Object.values(EmailStatusActionRecipients), ({ value }) => M.unknownRecipient(value)),
        description: string().default(''),
      }).required(M.recipientRequired),
      emailTemplate: object({
        id: string()
          .trim()
          .required(M.emailTemplateRequired)
          .oneOf(EMAIL_TEMPLATE_IDS, ({ value }) => M.unknownEmailTemplate(value)),
        name: string().default(''),
      }).required(M.emailTemplateRequired),
    }).required(),
  )
    .required(M.recipientsRequired)
    .min(1, M.recipientsRequired)
    .test('unique-recipients', M.duplicateRecipient, (list) => {
      const names = (list ?? []).map((r) => r?.recipient?.name);
      return new Set(names).size === names.length;
    }),
  otherRecipientEmails: array(
    string()
      .trim()
      .required(M.emailRequired)
      .matches(emailPattern, ({ value }) => M.invalidEmail(value)),
  ).default([]),
  combineEmails: boolean().default(false),
})
  .typeError(M.configNotJson)
  .transform(fromJson)
  .test('other-recipient', '', function (config) {
    if (!config) return true;
    const hasOther = (config.recipientsWithEmailTemplate ?? []).some(
      (r) => r?.recipient?.name === EmailStatusActionRecipients.OTHER,
    );
    const emails = config.otherRecipientEmails ?? [];
    const path = `${this.path ? `${this.path}.` : ''}otherRecipientEmails`;
    if (hasOther && emails.length === 0) return this.createError({ path, message: M.otherEmailsRequired });
    if (!hasOther && emails.length > 0) return this.createError({ path, message: M.otherRecipientMissing });
    return true;
  });

/**
 * The config of a RabbitMQ action: its exchanges, and its message profile (`native`, ours; `compatible`, the open-
 * source user office's PROPOSAL_STATUS_ACTION_EXECUTED; left out: RABBITMQ_DEFAULT_PROFILE). A compatible action
 * may name no exchange: it publishes to RABBITMQ_EXCHANGES (default user_office_backend.fanout).
 */
export const rabbitMqActionConfigSchema = object({
  profile: mixed<RabbitMqProfile>()
    .oneOf([...RABBITMQ_PROFILES, undefined], M.profileOneOf)
    .optional(),
  exchanges: array(
    string()
      .trim()
      .required(M.exchangeRequired)
      .max(255, M.exchangeMax)
      .matches(exchangeNamePattern, { message: M.exchangePattern, excludeEmptyString: true }),
  )
    .when('profile', ([profile], schema) =>
      profile === RabbitMqProfile.COMPATIBLE
        ? schema.default([])
        : schema.required(M.exchangesRequired).min(1, M.exchangesRequired),
    )
    .test('unique-exchanges', M.duplicateExchange, (list) => new Set(list).size === (list ?? []).length),
})
  .typeError(M.configNotJson)
  .transform(fromJson);

/** A status action for a connection, its config given as JSON text (§7 "config as JSON"). */
export const connectionStatusActionInputSchema = object({
  actionId: number()
    .integer()
    .required(M.actionRequired)
    .oneOf(
      STATUS_ACTIONS.map((a) => a.id),
      ({ value }) => M.unknownAction(value),
    ),
  actionType: mixed<StatusActionType>()
    .required(M.actionTypeRequired)
    .oneOf(Object.values(StatusActionType))
    .test('matches-action', '', function (type) {
      const action = statusActionById(Number(this.parent?.actionId));
      if (!action || action.type === type) return true;
      return this.createError({ message: M.actionTypeMismatch(action.id, action.type) });
    }),
  config: mixed().when('actionType', ([type], schema) =>
    type === StatusActionType.EMAIL
      ? emailActionConfigSchema
      : type === StatusActionType.RABBITMQ
        ? rabbitMqActionConfigSchema
        : schema,
  ),
});

/** addConnectionStatusActions: every action of the connection (replacing the ones it had). */
export const addConnectionStatusActionsSchema = object({
  workflowConnectionId: id,
  workflowId: id,
  actions: array(connectionStatusActionInputSchema.required())
    .default([])
    .test('unique-actions', M.duplicateAction, (list) => {
      const ids = (list ?? []).map((a) => a?.actionId);
      return new Set(ids).size === ids.length;
    }),
});
export type AddConnectionStatusActionsInput = InferType<typeof addConnectionStatusActionsSchema>;

/**
 * A valid e-mail action config with the catalogues' names filled in (recipient descriptions, template
 * names), as it is stored.
 */
export function completeEmailActionConfig(config: {
  recipientsWithEmailTemplate: ReadonlyArray<{
    recipient: { name: EmailStatusActionRecipients };
    emailTemplate: { id: string };
  }>;
  otherRecipientEmails?: readonly string[];
  combineEmails?: boolean;
}): EmailActionConfig {
  return {
    recipientsWithEmailTemplate: config.recipientsWithEmailTemplate.map(({ recipient, emailTemplate }) => ({
      recipient: { name: recipient.name, description: recipientDescription(recipient.name) },
      emailTemplate: {
        id: emailTemplate.id,
        name: emailTemplateById(emailTemplate.id)?.name ?? emailTemplate.id,
      },
    })),
    otherRecipientEmails: [...(config.otherRecipientEmails ?? [])],
    combineEmails: config.combineEmails ?? false,
  };
}

/** A valid RabbitMQ action config, as it is stored. */
export const completeRabbitMqActionConfig = (config: {
  exchanges?: readonly string[];
  profile?: RabbitMqProfile;
}): RabbitMqActionConfig => ({
  exchanges: [...(config.exchanges ?? [])],
  ...(config.profile ? { profile: config.profile } : {}),
});
