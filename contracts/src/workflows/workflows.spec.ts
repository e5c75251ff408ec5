import { ValidationError } from 'yup';
import { EmailStatusActionRecipients, StatusActionType, WorkflowType } from '../enums';
import { describeEvent, EVENT_CATALOGUE, WORKFLOWS_EVENTS } from '../events';
import {
  addConnectionStatusActionsSchema,
  addStatusChangingEventsSchema,
  createStatusSchema,
  workflowMessages as M,
} from '../validation/workflows.schema';
import {
  DEFAULT_STATUSES,
  DEFAULT_STATUS_IDS,
  DEFAULT_STATUS_MAX_ID,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EMAIL_TEMPLATES,
  INITIAL_STATUS_SHORT_CODE,
  placeholdersIn,
  STATUS_ACTIONS,
  STATUS_CHANGING_EVENTS,
  statusChangingEventsOf,
} from './index';

/** the messages of a failed validation, by path */
async function errors(schema: { validate(v: unknown, o: object): Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
  }
}

const email = (config: unknown) => ({
  workflowConnectionId: 1,
  workflowId: 1,
  actions: [{ actionId: 1, actionType: StatusActionType.EMAIL, config: JSON.stringify(config) }],
});
const pi = { recipient: { name: 'PI' }, emailTemplate: { id: 'proposal-submitted' } };

describe('workflow catalogues', () => {
  it('has the default statuses the spec relies on, with unique ids and short codes', () => {
    expect(DEFAULT_STATUS_IDS).toMatchObject({ DRAFT: 1, FEASIBILITY_REVIEW: 2, SCHEDULING: 8, EXPIRED: 9 });
    expect(new Set(DEFAULT_STATUSES.map((s) => s.id)).size).toBe(DEFAULT_STATUSES.length);
    expect(new Set(DEFAULT_STATUSES.map((s) => s.shortCode)).size).toBe(DEFAULT_STATUSES.length);
    expect(DEFAULT_STATUS_MAX_ID).toBe(22);
    for (const type of Object.values(WorkflowType)) {
      const initial = DEFAULT_STATUSES.find((s) => s.shortCode === INITIAL_STATUS_SHORT_CODE[type]);
      expect(initial?.entityType).toBe(type);
    }
    for (const status of DEFAULT_STATUSES) expect(createStatusSchema.isValidSync(status)).toBe(true);
  });

  it('names status-changing events in upper snake case, once each, for both workflow types', () => {
    const names = STATUS_CHANGING_EVENTS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const event of STATUS_CHANGING_EVENTS) {
      expect(event.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(event.description).not.toBe('');
      expect(event.emittedBy).not.toBe('');
    }
    expect(statusChangingEventsOf(WorkflowType.EXPERIMENT).map((e) => e.name)).toContain(
      'EXPERIMENT_ESF_SUBMITTED',
    );
    expect(statusChangingEventsOf(WorkflowType.PROPOSAL).map((e) => e.name)).toEqual(
      expect.arrayContaining(['PROPOSAL_SUBMITTED', 'PROPOSAL_ACCEPTED', 'CALL_ENDED']),
    );
  });

  it('uses only documented placeholders in the e-mail templates', () => {
    expect(new Set(EMAIL_TEMPLATES.map((t) => t.id)).size).toBe(EMAIL_TEMPLATES.length);
    for (const template of EMAIL_TEMPLATES) {
      for (const text of [template.subject, template.text, template.html]) {
        for (const placeholder of placeholdersIn(text))
          expect(EMAIL_TEMPLATE_PLACEHOLDERS).toHaveProperty([placeholder]);
      }
      expect(placeholdersIn(template.html).sort()).toEqual(placeholdersIn(template.text).sort());
      expect(template.html).not.toMatch(/<script/i);
    }
  });

  it('has the two status actions of §3', () => {
    expect(STATUS_ACTIONS.map((a) => [a.id, a.name, a.type])).toEqual([
      [1, 'Email action', StatusActionType.EMAIL],
      [2, 'RabbitMQ action', StatusActionType.RABBITMQ],
    ]);
  });

  it('catalogues and describes the workflow events', () => {
    for (const descriptor of WORKFLOWS_EVENTS) expect(EVENT_CATALOGUE.get(descriptor.type)).toBe(descriptor);
    expect(
      describeEvent(
        'StatusCreated',
        {
          statusId: 23,
          shortCode: 'ON_HOLD',
          name: 'On hold',
          description: '',
          entityType: 'PROPOSAL',
          isDefault: false,
        },
        'status-23',
      ),
    ).toEqual({
      description: 'Status ON_HOLD ("On hold", PROPOSAL) created',
      changedObjectId: '23',
      objectType: 'status',
      proposalPk: null,
    });
  });
});

describe('workflow validation', () => {
  it('accepts a valid e-mail action and a RabbitMQ action', async () => {
    expect(
      await errors(addConnectionStatusActionsSchema, {
        workflowConnectionId: 1,
        workflowId: 1,
        actions: [
          {
            actionId: 1,
            actionType: 'EMAIL',
            config: JSON.stringify({
              recipientsWithEmailTemplate: [
                pi,
                { recipient: { name: 'OTHER' }, emailTemplate: { id: 'proposal-submitted' } },
              ],
              otherRecipientEmails: ['office@example.org'],
            }),
          },
          { actionId: 2, actionType: 'RABBITMQ', config: '{"exchanges":["user_office_backend.fanout"]}' },
        ],
      }),
    ).toEqual({});
  });

  it('explains what is wrong with an e-mail action config', async () => {
    expect(
      await errors(addConnectionStatusActionsSchema, email({ recipientsWithEmailTemplate: [] })),
    ).toEqual({
      'actions[0].config.recipientsWithEmailTemplate': M.recipientsRequired,
    });
    expect(
      await errors(
        addConnectionStatusActionsSchema,
        email({
          recipientsWithEmailTemplate: [
            { recipient: { name: 'NOBODY' }, emailTemplate: { id: 'proposal-submitted' } },
            { recipient: { name: 'PI' }, emailTemplate: { id: 'no-such-template' } },
          ],
          otherRecipientEmails: ['not-an-email'],
        }),
      ),
    ).toEqual({
      'actions[0].config.recipientsWithEmailTemplate[0].recipient.name': M.unknownRecipient('NOBODY'),
      'actions[0].config.recipientsWithEmailTemplate[1].emailTemplate.id':
        M.unknownEmailTemplate('no-such-template'),
      'actions[0].config.otherRecipientEmails[0]': M.invalidEmail('not-an-email'),
      'actions[0].config.otherRecipientEmails': M.otherRecipientMissing,
    });
    expect(
      await errors(
        addConnectionStatusActionsSchema,
        email({
          recipientsWithEmailTemplate: [
            {
              recipient: { name: EmailStatusActionRecipients.OTHER },
              emailTemplate: { id: 'proposal-submitted' },
            },
          ],
        }),
      ),
    ).toEqual({ 'actions[0].config.otherRecipientEmails': M.otherEmailsRequired });
    expect(
      await errors(addConnectionStatusActionsSchema, email({ recipientsWithEmailTemplate: [pi, pi] })),
    ).toEqual({ 'actions[0].config.recipientsWithEmailTemplate': M.duplicateRecipient });
    expect(
      await errors(addConnectionStatusActionsSchema, {
        ...email({}),
        actions: [{ actionId: 1, actionType: 'EMAIL', config: '{not json' }],
      }),
    ).toEqual({ 'actions[0].config': M.configNotJson });
  });

  it('explains what is wrong with a RabbitMQ action or the action list', async () => {
    const rabbit = (config: string, actionType = 'RABBITMQ', actionId = 2) => ({
      workflowConnectionId: 1,
      workflowId: 1,
      actions: [{ actionId, actionType, config }],
    });
    expect(await errors(addConnectionStatusActionsSchema, rabbit('{"exchanges":[]}'))).toEqual({
      'actions[0].config.exchanges': M.exchangesRequired,
    });
    expect(await errors(addConnectionStatusActionsSchema, rabbit('{"exchanges":["  "]}'))).toEqual({
      'actions[0].config.exchanges[0]': M.exchangeRequired,
    });
    expect(await errors(addConnectionStatusActionsSchema, rabbit('{"exchanges":["a b"]}'))).toEqual({
      'actions[0].config.exchanges[0]': M.exchangePattern,
    });
    expect(
      await errors(addConnectionStatusActionsSchema, rabbit('{"exchanges":["x"]}', 'EMAIL')),
    ).toMatchObject({
      'actions[0].actionType': M.actionTypeMismatch(2, 'RABBITMQ'),
    });
    expect(
      await errors(addConnectionStatusActionsSchema, rabbit('{"exchanges":["x"]}', 'RABBITMQ', 7)),
    ).toMatchObject({ 'actions[0].actionId': M.unknownAction(7) });
    const twice = rabbit('{"exchanges":["x"]}');
    twice.actions.push(twice.actions[0]);
    expect(await errors(addConnectionStatusActionsSchema, twice)).toEqual({ actions: M.duplicateAction });
  });

  it('accepts only catalogued status-changing events, dropping duplicates', async () => {
    expect(
      await addStatusChangingEventsSchema.validate({
        workflowConnectionId: 1,
        statusChangingEvents: ['PROPOSAL_SUBMITTED', 'PROPOSAL_SUBMITTED', 'CALL_ENDED'],
      }),
    ).toEqual({ workflowConnectionId: 1, statusChangingEvents: ['PROPOSAL_SUBMITTED', 'CALL_ENDED'] });
    expect(
      await errors(addStatusChangingEventsSchema, {
        workflowConnectionId: 1,
        statusChangingEvents: ['PROPOSAL_TELEPORTED'],
      }),
    ).toEqual({ 'statusChangingEvents[0]': M.unknownEvent('PROPOSAL_TELEPORTED') });
  });

  it('checks status short codes', async () => {
    const status = { shortCode: 'on hold', name: 'On hold', entityType: 'PROPOSAL' };
    expect(await errors(createStatusSchema, status)).toEqual({ shortCode: M.shortCodePattern });
    expect(await errors(createStatusSchema, { ...status, shortCode: '', entityType: 'CALL' })).toEqual({
      shortCode: M.shortCodeRequired,
      entityType: M.entityTypeInvalid,
    });
  });
});
