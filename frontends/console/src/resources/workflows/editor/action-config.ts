import {
  EMAIL_ACTION_ID,
  EmailStatusActionRecipients,
  RABBITMQ_ACTION_ID,
  recipientDescription,
  type EmailActionConfig,
  type RabbitMqActionConfig,
} from '@user-office/contracts';
import type { ConnectionStatusActionInput } from '../../../gql/graphql';
import type { WorkflowConnection } from './workflow-model';

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
    /** one exchange a line */
    exchanges: string;
  };
}

const lines = (text: string) =>
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
    rabbitMq: { enabled: Boolean(rabbit), exchanges: (rabbitConfig.exchanges ?? []).join('\n') },
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
    const config: RabbitMqActionConfig = { exchanges: lines(form.rabbitMq.exchanges) };
    actions.push({ actionId: RABBITMQ_ACTION_ID, actionType: 'RABBITMQ', config: JSON.stringify(config) });
  }
  return actions;
}
