import {
  EmailStatusActionRecipients,
  STATUS_ACTION_FAILED,
  STATUS_ACTION_REPLAY_REQUESTED,
  STATUS_ACTION_SUCCEEDED,
  StatusActionType,
  describeEvent,
  statusActionsLogStreamId,
  statusActionsMessages,
  type StatusActionSpec,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { planStatusActionJobs, type RecipientResolution } from './plan-status-action-jobs';
import {
  decideStatusActionsLog,
  evolveStatusActionsLog,
  initialStatusActionsLogState,
  type StatusActionsLogCommand,
} from './status-actions-log.decide';

const spec: StatusActionSpec = {
  sourceEventId: 'e1',
  occurredAt: '2024-01-01T00:00:00.000Z',
  proposalPk: 12,
  statusId: 12,
  connectionId: 3,
  actionId: 2,
  actionType: StatusActionType.RABBITMQ,
  email: null,
  rabbitmq: { exchanges: ['x'] },
};

const outcome = (jobId: string, successful: boolean): StatusActionsLogCommand => ({
  type: 'RecordOutcome',
  successful,
  candidateLogId: 7,
  outcome: {
    logKey: 'e1-2',
    jobId,
    replay: jobId !== 'e1-2',
    action: spec,
    recipient: 'x',
    proposals: [{ primaryKey: 12, proposalId: 'P-12', title: 'T', callId: 1 }],
    message: successful ? 'Published' : 'RabbitMQ is not reachable',
    tries: 1,
    timestamp: '2024-01-01T00:00:01.000Z',
  },
});

/** given events, when a command: the events decided */
const given = (events: { type: string; data: unknown }[]) => {
  const state = events.reduce(evolveStatusActionsLog, initialStatusActionsLogState);
  return { when: (command: StatusActionsLogCommand) => decideStatusActionsLog(command, state) };
};

describe('status actions log (decider)', () => {
  it('records the first outcome of an entry under the candidate id', () => {
    const [event] = given([]).when(outcome('e1-2', false));
    expect(event.type).toBe(STATUS_ACTION_FAILED);
    expect(event.data).toMatchObject({ statusActionsLogId: 7, jobId: 'e1-2', logKey: 'e1-2' });
  });

  it('records one outcome per job: a second success of the same job is nothing', () => {
    const first = given([]).when(outcome('e1-2', true));
    expect(first.map((e) => e.type)).toEqual([STATUS_ACTION_SUCCEEDED]);
    expect(given(first).when(outcome('e1-2', true))).toEqual([]);
    expect(given(first).when(outcome('e1-2', false))).toEqual([]);
  });

  it("appends a replay's outcome to the same entry, keeping its id", () => {
    const history = [...given([]).when(outcome('e1-2', false))];
    const next = { ...outcome('r9-2', true), candidateLogId: 99 } as StatusActionsLogCommand;
    const [event] = given(history).when(next);
    expect(event).toMatchObject({
      type: STATUS_ACTION_SUCCEEDED,
      data: { statusActionsLogId: 7, replay: true },
    });
  });

  it('requests a replay of an existing entry with its action; an unknown entry is NOT_FOUND', () => {
    const history = given([]).when(outcome('e1-2', false));
    expect(given(history).when({ type: 'RequestReplay', statusActionsLogId: 7 })).toEqual([
      { type: STATUS_ACTION_REPLAY_REQUESTED, data: { statusActionsLogId: 7, logKey: 'e1-2', action: spec } },
    ]);
    for (const [events, id] of [
      [[], 7],
      [history, 8],
    ] as const) {
      const error = (() => {
        try {
          given([...events]).when({ type: 'RequestReplay', statusActionsLogId: id });
        } catch (e) {
          return e as AppError;
        }
      })();
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: statusActionsMessages.logNotFound });
    }
  });

  it('describes its events for the event log', () => {
    const [event] = given([]).when(outcome('e1-2', false));
    expect(describeEvent(event.type, event.data, statusActionsLogStreamId('e1-2'))).toEqual({
      description: 'RABBITMQ status action to x failed: RabbitMQ is not reachable',
      changedObjectId: '7',
      objectType: 'status-actions-log',
      proposalPk: null,
    });
  });
});

describe('planStatusActionJobs', () => {
  const reached = {
    eventId: 'ev',
    occurredAt: '2024-01-01T00:00:00.000Z',
    proposalPk: 12,
    statusId: 10,
    connectionId: 3,
  };
  const person = (email: string, userId: number | null = null) => ({
    email,
    userId,
    firstname: 'A',
    lastname: 'B',
  });
  const recipients = (group: EmailStatusActionRecipients): RecipientResolution => {
    switch (group) {
      case EmailStatusActionRecipients.PI:
        return { to: [person('pi@x.org', 1)], unresolved: null };
      case EmailStatusActionRecipients.CO_PROPOSERS:
        return { to: [], unresolved: null };
      default:
        return { to: [], unresolved: `${group} are not modelled yet` };
    }
  };
  const email = (...entries: [string, string][]) => ({
    actionId: 1,
    actionType: StatusActionType.EMAIL,
    config: {
      recipientsWithEmailTemplate: entries.map(([name, id]) => ({
        recipient: { name },
        emailTemplate: { id },
      })),
      otherRecipientEmails: ['PI@x.org', ' other@x.org '],
      combineEmails: false,
    },
  });

  it('gives one job per RabbitMQ action, id `<event>-<action>`', () => {
    const jobs = planStatusActionJobs(
      reached,
      [{ actionId: 2, actionType: 'RABBITMQ', config: { exchanges: ['a', ' ', 7, 'b'] } }],
      recipients,
    );
    expect(jobs).toEqual([
      {
        jobId: 'ev-2',
        queue: 'rabbitmq',
        name: 'status-action-rabbitmq',
        action: expect.objectContaining({
          sourceEventId: 'ev',
          actionId: 2,
          rabbitmq: { exchanges: ['a', 'b'] },
        }),
      },
    ]);
  });

  it('fans e-mail out per template and address; one address gets one e-mail per template', () => {
    const jobs = planStatusActionJobs(
      reached,
      [
        email(
          ['PI', 'proposal-submitted'],
          ['OTHER', 'proposal-submitted'],
          ['OTHER', 'user-office-proposal-submitted'],
        ),
      ],
      recipients,
    );
    expect(jobs.map((j) => j.jobId)).toEqual([
      'ev-1-proposal-submitted-pi@x.org',
      'ev-1-proposal-submitted-other@x.org',
      'ev-1-user-office-proposal-submitted-pi@x.org',
      'ev-1-user-office-proposal-submitted-other@x.org',
    ]);
    expect(jobs.every((j) => j.queue === 'email' && j.name === 'status-action-email')).toBe(true);
    expect(jobs[0].action.email).toEqual({
      emailTemplateId: 'proposal-submitted',
      recipientGroup: 'PI',
      to: person('pi@x.org', 1),
      unresolved: null,
    });
    expect(jobs[1].action.email).toMatchObject({
      recipientGroup: 'OTHER',
      to: { email: 'other@x.org', userId: null, firstname: '', lastname: '' },
    });
  });

  it('OTHER without addresses is one job that logs why', () => {
    const action = email(['OTHER', 'user-office-proposal-submitted']);
    const jobs = planStatusActionJobs(
      reached,
      [{ ...action, config: { ...action.config, otherRecipientEmails: [] } }],
      recipients,
    );
    expect(jobs.map((j) => [j.jobId, j.action.email?.unresolved])).toEqual([
      [
        'ev-1-user-office-proposal-submitted-OTHER',
        'Recipients OTHER resolve to nobody: the action lists no other recipient e-mails',
      ],
    ]);
  });

  it('gives a group resolved to nobody one job that logs why; no co-proposers is no e-mail', () => {
    const jobs = planStatusActionJobs(
      reached,
      [
        email(
          ['INSTRUMENT_SCIENTISTS', 'technical-review-requested'],
          ['CO_PROPOSERS', 'proposal-submitted'],
        ),
      ],
      recipients,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].jobId).toBe('ev-1-technical-review-requested-INSTRUMENT_SCIENTISTS');
    expect(jobs[0].action.email).toMatchObject({
      to: null,
      unresolved: 'INSTRUMENT_SCIENTISTS are not modelled yet',
    });
  });

  it('combineEmails: a job per address of the batch of the request, connection, action and template', () => {
    const action = email(['PI', 'proposal-accepted'], ['CO_PROPOSERS', 'proposal-accepted']);
    const combined = { ...action, config: { ...action.config, combineEmails: true } };
    const at = { ...reached, correlationId: 'req:1', collectUntil: '2024-01-01T00:00:02.000Z' };
    const jobs = planStatusActionJobs(at, [combined], recipients);
    expect(jobs.map((j) => [j.jobId, j.action.combined])).toEqual([
      [
        'req_1-3-1-proposal-accepted-pi@x.org',
        {
          batchKey: 'req_1-3-1-proposal-accepted-pi@x.org',
          collectUntil: '2024-01-01T00:00:02.000Z',
          proposalPks: null,
        },
      ],
    ]);
    // without a request to share, or without combineEmails, one e-mail per status change as before
    expect(planStatusActionJobs(reached, [combined], recipients)[0]).toMatchObject({
      jobId: 'ev-1-proposal-accepted-pi@x.org',
      action: { combined: null },
    });
    expect(planStatusActionJobs(at, [action], recipients)[0].jobId).toBe('ev-1-proposal-accepted-pi@x.org');
  });

  it('skips malformed e-mail entries and unknown action types', () => {
    const jobs = planStatusActionJobs(
      reached,
      [
        {
          actionId: 1,
          actionType: 'EMAIL',
          config: {
            recipientsWithEmailTemplate: [{ recipient: { name: 'NOBODY' }, emailTemplate: { id: 'x' } }, 3],
          },
        },
        { actionId: 9, actionType: 'CARRIER_PIGEON', config: {} },
      ],
      recipients,
    );
    expect(jobs).toEqual([]);
  });
});
