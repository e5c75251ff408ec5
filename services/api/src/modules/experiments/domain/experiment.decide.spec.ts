import { experimentMessages as M, ExperimentStatus, ProposalEndStatus } from '@user-office/contracts';
import { experimentDecider, type ExperimentCommand, type ProposalFacts } from './experiment.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) => events.reduce(experimentDecider.evolve, experimentDecider.initialState);
const decide = (command: ExperimentCommand, events: Event[] = []) =>
  experimentDecider.decide(command, given(events));
const error = (code: string, message: string) => expect.objectContaining({ code, message });

const officer = { isOfficer: true, instrumentIds: [] };
const scientistOf = (...instrumentIds: number[]) => ({ isOfficer: false, instrumentIds });
const accepted: ProposalFacts = {
  proposalPk: 5,
  callId: 2,
  finalStatus: ProposalEndStatus.ACCEPTED,
  managementDecisionSubmitted: true,
  instrumentIds: [3, 4],
};
const fields = {
  instrumentId: 3,
  startsAt: '2027-01-10T08:00:00.000Z',
  endsAt: '2027-01-12T08:00:00.000Z',
  localContactId: 12,
  status: ExperimentStatus.DRAFT,
};
const experiment = {
  experimentPk: 7,
  experimentId: '7',
  proposalPk: 5,
  callId: 2,
  ...fields,
  scheduledEventId: null,
};
const workflow = { workflowId: 2, statusId: 19 };
const created = { type: 'ExperimentCreated', data: { ...experiment, workflowId: 2, workflowStatusId: 19 } };
/** a staff save says it was checked for overlaps (the read model checks it again in the append's transaction) */
const staffCreated = { ...created, data: { ...created.data, overlapChecked: true } };
const create = (
  over: Partial<Extract<ExperimentCommand, { type: 'CreateExperiment' }>> = {},
): ExperimentCommand => ({
  type: 'CreateExperiment',
  experimentPk: 7,
  workflow,
  actor: officer,
  proposal: accepted,
  fields,
  localContactExists: true,
  others: [],
  ...over,
});
const update = (
  over: Partial<Extract<ExperimentCommand, { type: 'UpdateExperiment' }>> = {},
): ExperimentCommand => ({
  type: 'UpdateExperiment',
  experimentPk: 7,
  actor: officer,
  proposal: accepted,
  fields,
  localContactExists: true,
  others: [],
  ...over,
});
const other = {
  experimentPk: 8,
  experimentId: '8',
  startsAt: '2027-01-11T00:00:00.000Z',
  endsAt: '2027-01-13T00:00:00.000Z',
};

describe('experiment decider', () => {
  describe('creation rules', () => {
    it('creates an experiment of an accepted proposal with a submitted decision, on one of its instruments', () => {
      expect(decide(create())).toEqual([staffCreated]);
    });

    it('lets a scientist of the instrument create it, and no scientist of another instrument', () => {
      expect(decide(create({ actor: scientistOf(3) }))).toEqual([staffCreated]);
      expect(() => decide(create({ actor: scientistOf(4) }))).toThrow(error('FORBIDDEN', M.mayNotManage));
    });

    it('refuses an unknown, not accepted or undecided proposal, and an instrument not of the proposal', () => {
      expect(() => decide(create({ proposal: null }))).toThrow(error('NOT_FOUND', M.proposalNotFound));
      expect(() =>
        decide(create({ proposal: { ...accepted, finalStatus: ProposalEndStatus.RESERVED } })),
      ).toThrow(error('BAD_USER_INPUT', M.notAccepted));
      expect(() => decide(create({ proposal: { ...accepted, managementDecisionSubmitted: false } }))).toThrow(
        error('BAD_USER_INPUT', M.decisionNotSubmitted),
      );
      expect(() => decide(create({ proposal: { ...accepted, instrumentIds: [4] } }))).toThrow(
        error('BAD_USER_INPUT', M.instrumentNotOfProposal),
      );
    });

    it('refuses an end not after the start and a local contact who is not a user', () => {
      expect(() => decide(create({ fields: { ...fields, endsAt: fields.startsAt } }))).toThrow(
        error('BAD_USER_INPUT', M.endsBeforeStart),
      );
      expect(() => decide(create({ localContactExists: false }))).toThrow(
        error('BAD_USER_INPUT', M.localContactNotFound),
      );
    });

    it('refuses a second creation on the same stream', () => {
      expect(() => decide(create(), [created])).toThrow(
        error('BAD_USER_INPUT', 'An experiment with this id exists'),
      );
    });
  });

  describe('overlaps on one instrument', () => {
    it('refuses an overlap, naming the other experiment', () => {
      expect(() => decide(create({ others: [other] }))).toThrow(
        error('BAD_USER_INPUT', M.overlaps('8', other.startsAt, other.endsAt)),
      );
    });

    it('lets one experiment start when the other ends (half-open intervals)', () => {
      const before = { ...other, startsAt: '2027-01-09T00:00:00.000Z', endsAt: fields.startsAt };
      const after = {
        ...other,
        experimentPk: 9,
        experimentId: '9',
        startsAt: fields.endsAt,
        endsAt: '2027-01-20T00:00:00.000Z',
      };
      expect(decide(create({ others: [before, after] }))).toEqual([staffCreated]);
    });

    it('does not count the experiment itself when it is moved', () => {
      const moved = { ...fields, startsAt: '2027-01-11T08:00:00.000Z', endsAt: '2027-01-13T08:00:00.000Z' };
      const self = { experimentPk: 7, experimentId: '7', startsAt: fields.startsAt, endsAt: fields.endsAt };
      expect(decide(update({ fields: moved, others: [self] }), [created])).toEqual([
        {
          type: 'ExperimentUpdated',
          data: { ...experiment, ...moved, previousStatus: ExperimentStatus.DRAFT, overlapChecked: true },
        },
      ]);
      expect(() => decide(update({ fields: moved, others: [self, other] }), [created])).toThrow(
        error('BAD_USER_INPUT', M.overlaps('8', other.startsAt, other.endsAt)),
      );
    });
  });

  describe('update and delete', () => {
    it('decides nothing when nothing changes (times compared as instants)', () => {
      expect(
        decide(update({ fields: { ...fields, startsAt: '2027-01-10T09:00:00+01:00' } }), [created]),
      ).toEqual([]);
    });

    it('moves it to another instrument of the proposal only for someone who manages both', () => {
      const moved = { ...fields, instrumentId: 4 };
      expect(decide(update({ fields: moved }), [created])).toEqual([
        {
          type: 'ExperimentUpdated',
          data: {
            ...experiment,
            instrumentId: 4,
            previousStatus: ExperimentStatus.DRAFT,
            overlapChecked: true,
          },
        },
      ]);
      expect(() => decide(update({ fields: moved, actor: scientistOf(3) }), [created])).toThrow(
        error('FORBIDDEN', M.mayNotManage),
      );
      expect(() => decide(update({ fields: { ...fields, instrumentId: 6 } }), [created])).toThrow(
        error('BAD_USER_INPUT', M.instrumentNotOfProposal),
      );
    });

    it('deletes it once; a deleted experiment is not found', () => {
      const deleted = {
        type: 'ExperimentDeleted',
        data: { experimentPk: 7, experimentId: '7', proposalPk: 5, instrumentId: 3, scheduledEventId: null },
      };
      expect(decide({ type: 'DeleteExperiment', experimentPk: 7, actor: scientistOf(3) }, [created])).toEqual(
        [deleted],
      );
      expect(() =>
        decide({ type: 'DeleteExperiment', experimentPk: 7, actor: officer }, [created, deleted]),
      ).toThrow(error('NOT_FOUND', M.experimentNotFound));
      expect(() => decide(update(), [created, deleted])).toThrow(error('NOT_FOUND', M.experimentNotFound));
      expect(() =>
        decide({ type: 'DeleteExperiment', experimentPk: 7, actor: scientistOf(4) }, [created]),
      ).toThrow(error('FORBIDDEN', M.mayNotManage));
    });
  });

  describe('scheduler commands (idempotent, by the scheduler event id)', () => {
    const times = { instrumentId: 3, startsAt: fields.startsAt, endsAt: fields.endsAt, localContactId: 12 };
    const scheduled = (
      action: Extract<ExperimentCommand, { type: 'ApplyScheduledEvent' }>['action'],
      proposal: ProposalFacts | null = accepted,
    ): ExperimentCommand => ({
      type: 'ApplyScheduledEvent',
      experimentPk: 7,
      workflow: null,
      scheduledEventId: 'ev-1',
      action,
      proposal,
      localContactExists: true,
    });
    const createIt = scheduled({ kind: 'create', proposalPk: 5, fields: times });
    const scheduledCreated = {
      type: 'ExperimentCreated',
      data: { ...experiment, scheduledEventId: 'ev-1', workflowId: null, workflowStatusId: null },
    };
    const scheduledExperiment = { ...experiment, scheduledEventId: 'ev-1' };
    const activated = {
      type: 'ExperimentUpdated',
      data: {
        ...scheduledExperiment,
        status: ExperimentStatus.ACTIVE,
        previousStatus: ExperimentStatus.DRAFT,
      },
    };

    it('creates once: the same create again appends nothing', () => {
      expect(decide(createIt)).toEqual([scheduledCreated]);
      expect(decide(createIt, [scheduledCreated])).toEqual([]);
    });

    it("starts on the experiment workflow it is given (its call's, else the default one)", () => {
      const callWorkflow = { workflowId: 9, statusId: 30 };
      const onWorkflow = (w: typeof callWorkflow): ExperimentCommand => ({
        type: 'ApplyScheduledEvent',
        experimentPk: 7,
        workflow: w,
        scheduledEventId: 'ev-1',
        action: { kind: 'create', proposalPk: 5, fields: times },
        proposal: accepted,
        localContactExists: true,
      });
      expect(decide(onWorkflow(callWorkflow))).toEqual([
        { ...scheduledCreated, data: { ...scheduledCreated.data, workflowId: 9, workflowStatusId: 30 } },
      ]);
      expect(decide(create({ workflow: callWorkflow }))).toEqual([
        { ...staffCreated, data: { ...staffCreated.data, workflowId: 9, workflowStatusId: 30 } },
      ]);
      // the workflow of an existing experiment stays: a create delivered again moves it to no other
      const next = given([
        { ...scheduledCreated, data: { ...scheduledCreated.data, workflowId: 9, workflowStatusId: 30 } },
      ]);
      expect(experimentDecider.decide(onWorkflow(workflow), next)).toEqual([]);
      expect(next.workflow).toEqual(expect.objectContaining({ workflowId: 9, statusId: 30 }));
    });

    it('refuses an unknown proposal', () => {
      expect(() => decide(scheduled({ kind: 'create', proposalPk: 99, fields: times }, null))).toThrow(
        error('NOT_FOUND', M.proposalNotFound),
      );
    });

    it('activates and completes once each', () => {
      expect(decide(scheduled({ kind: 'activate' }), [scheduledCreated])).toEqual([activated]);
      expect(decide(scheduled({ kind: 'activate' }), [scheduledCreated, activated])).toEqual([]);
      expect(decide(scheduled({ kind: 'complete' }), [scheduledCreated, activated])).toEqual([
        {
          type: 'ExperimentUpdated',
          data: {
            ...activated.data,
            status: ExperimentStatus.COMPLETED,
            previousStatus: ExperimentStatus.ACTIVE,
          },
        },
      ]);
    });

    it('takes an update (or a create delivered again with other times) as the change, once', () => {
      const later = { ...times, endsAt: '2027-01-14T08:00:00.000Z' };
      const moved = {
        type: 'ExperimentUpdated',
        data: { ...scheduledExperiment, endsAt: later.endsAt, previousStatus: ExperimentStatus.DRAFT },
      };
      expect(decide(scheduled({ kind: 'update', proposalPk: 5, fields: later }), [scheduledCreated])).toEqual(
        [moved],
      );
      expect(decide(scheduled({ kind: 'create', proposalPk: 5, fields: later }), [scheduledCreated])).toEqual(
        [moved],
      );
      expect(
        decide(scheduled({ kind: 'update', proposalPk: 5, fields: later }), [scheduledCreated, moved]),
      ).toEqual([]);
      expect(() =>
        decide(scheduled({ kind: 'update', proposalPk: 6, fields: later }), [scheduledCreated]),
      ).toThrow(error('BAD_USER_INPUT', M.proposalChanged));
    });

    it('refuses an update, activation or completion that arrives before the create', () => {
      for (const action of [
        { kind: 'update' as const, proposalPk: 5, fields: times },
        { kind: 'activate' as const },
        { kind: 'complete' as const },
      ])
        expect(() => decide(scheduled(action))).toThrow(error('NOT_FOUND', M.scheduledEventUnknown('ev-1')));
    });

    it('removes once; removing an unknown or removed event is nothing', () => {
      const removed = {
        type: 'ExperimentDeleted',
        data: {
          experimentPk: 7,
          experimentId: '7',
          proposalPk: 5,
          instrumentId: 3,
          scheduledEventId: 'ev-1',
        },
      };
      expect(decide(scheduled({ kind: 'remove' }), [scheduledCreated])).toEqual([removed]);
      expect(decide(scheduled({ kind: 'remove' }), [scheduledCreated, removed])).toEqual([]);
      expect(decide(scheduled({ kind: 'remove' }))).toEqual([]);
    });

    it('does not check overlaps (the scheduler owns its calendar) but does check the times', () => {
      expect(() =>
        decide(scheduled({ kind: 'create', proposalPk: 5, fields: { ...times, endsAt: times.startsAt } })),
      ).toThrow(error('BAD_USER_INPUT', M.endsBeforeStart));
    });
  });

  describe('the experiment workflow (the engine shared with proposals)', () => {
    const connections = [
      {
        connectionId: 1,
        sortOrder: 0,
        prevStatusId: 19,
        statusId: 20,
        statusChangingEvents: ['EXPERIMENT_ESF_SUBMITTED'],
      },
      {
        connectionId: 2,
        sortOrder: 0,
        prevStatusId: 20,
        statusId: 21,
        statusChangingEvents: ['EXPERIMENT_ESF_APPROVED'],
      },
      {
        connectionId: 3,
        sortOrder: 1,
        prevStatusId: 20,
        statusId: 22,
        statusChangingEvents: ['EXPERIMENT_ESF_REJECTED'],
      },
    ];
    const advance = (name?: string, sourceEventId = 'src-1'): ExperimentCommand => ({
      type: 'AdvanceExperimentWorkflow',
      experimentPk: 7,
      connections,
      external: name ? { name, sourceEventId } : undefined,
    });
    const recorded = (name: string, sourceEventId = 'src-1') => ({
      type: 'ExperimentWorkflowEventRecorded',
      data: { experimentPk: 7, name, sourceEventId },
    });
    const moved = (from: number, to: number, event: string, connectionId: number) => ({
      type: 'ExperimentWorkflowStatusChanged',
      data: {
        experimentPk: 7,
        proposalPk: 5,
        statusId: to,
        previousStatusId: from,
        changedBy: 'workflow',
        events: [event],
        connectionId,
      },
    });

    it('moves the experiment when the ESI is submitted, then on the safety decision', () => {
      expect(decide(advance('EXPERIMENT_ESF_SUBMITTED'), [created])).toEqual([
        recorded('EXPERIMENT_ESF_SUBMITTED'),
        moved(19, 20, 'EXPERIMENT_ESF_SUBMITTED', 1),
      ]);
      const inReview = [
        created,
        recorded('EXPERIMENT_ESF_SUBMITTED'),
        moved(19, 20, 'EXPERIMENT_ESF_SUBMITTED', 1),
      ];
      expect(decide(advance('EXPERIMENT_ESF_APPROVED', 'src-2'), inReview)).toEqual([
        recorded('EXPERIMENT_ESF_APPROVED', 'src-2'),
        moved(20, 21, 'EXPERIMENT_ESF_APPROVED', 2),
      ]);
    });

    it('records a source event once (delivered twice, it moves nothing twice)', () => {
      const once = [
        created,
        recorded('EXPERIMENT_ESF_SUBMITTED'),
        moved(19, 20, 'EXPERIMENT_ESF_SUBMITTED', 1),
      ];
      expect(decide(advance('EXPERIMENT_ESF_SUBMITTED'), once)).toEqual([]);
    });

    it('stays where no connection waits for the event, and moves nothing without a workflow', () => {
      expect(decide(advance('EXPERIMENT_ESF_APPROVED'), [created])).toEqual([
        recorded('EXPERIMENT_ESF_APPROVED'),
      ]);
      const noWorkflow = { ...created, data: { ...created.data, workflowId: null, workflowStatusId: null } };
      expect(decide(advance('EXPERIMENT_ESF_SUBMITTED'), [noWorkflow])).toEqual([]);
      expect(decide(advance('EXPERIMENT_ESF_SUBMITTED'), [])).toEqual([]);
    });
  });
});
