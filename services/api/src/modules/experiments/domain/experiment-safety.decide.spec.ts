import {
  ExperimentSafetyDecision as D,
  experimentSafetyMessages as M,
  experimentSafetyWorkflowEvents,
  SafetyStatus,
  type ExperimentSafetyEvent,
} from '@user-office/contracts';
import {
  experimentSafetyDecider,
  type ExperimentSafetyCommand,
  type SafetyActor,
} from './experiment-safety.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) =>
  events.reduce(experimentSafetyDecider.evolve, experimentSafetyDecider.initialState);
const decide = (command: ExperimentSafetyCommand, events: Event[]) =>
  experimentSafetyDecider.decide(command, given(events));
const error = (code: string, message: string) => expect.objectContaining({ code, message });

const nobody: SafetyActor = {
  id: 1,
  isOfficer: false,
  isMember: false,
  isInstrumentScientist: false,
  isSafetyReviewer: false,
};
const pi = { ...nobody, id: 2, isMember: true };
const scientist = { ...nobody, id: 3, isInstrumentScientist: true };
const reviewer = { ...nobody, id: 4, isSafetyReviewer: true };
const officer = { ...nobody, id: 5, isOfficer: true };
const of = { experimentSafetyPk: 9, experimentPk: 7 };
const created = {
  type: 'ExperimentSafetyCreated',
  data: { ...of, proposalPk: 5, instrumentId: 3, esiQuestionaryId: 40, createdBy: 2 },
};
const added = (sampleId: number) => ({
  type: 'ExperimentSampleAdded',
  data: { ...of, sampleId, sampleEsiQuestionaryId: 100 + sampleId },
});
const confirmed = (sampleId: number) => ({
  type: 'ExperimentSampleUpdated',
  data: { ...of, sampleId, isEsiSubmitted: true },
});
const submitted = (esiVersion = 1) => ({
  type: 'ExperimentSafetySubmitted',
  data: { ...of, esiVersion, submittedAt: '2027-01-01T00:00:00.000Z' },
});
const decided = (
  reviewer: 'INSTRUMENT_SCIENTIST' | 'SAFETY_REVIEWER',
  decision: D,
  decidedBy: number,
  esiVersion = 1,
) => ({
  type: 'ExperimentSafetyDecided',
  data: { ...of, reviewer, decision, comment: 'ok', esiVersion, decidedBy },
});
const ready = [created, added(11), confirmed(11), submitted()];
const decision = (
  actor: SafetyActor,
  reviewer: 'INSTRUMENT_SCIENTIST' | 'SAFETY_REVIEWER',
  decisionValue: D,
  esiVersion = 1,
): ExperimentSafetyCommand => ({
  type: 'DecideExperimentSafety',
  actor,
  reviewer,
  esiVersion,
  decision: decisionValue,
  comment: 'ok',
});

describe('experiment safety decider', () => {
  describe('creation', () => {
    const create = (
      over: Partial<Extract<ExperimentSafetyCommand, { type: 'CreateExperimentSafety' }>> = {},
    ): ExperimentSafetyCommand => ({
      type: 'CreateExperimentSafety',
      experimentSafetyPk: 9,
      experimentPk: 7,
      proposalPk: 5,
      instrumentId: 3,
      actor: pi,
      proposalReady: true,
      esiQuestionaryId: 40,
      ...over,
    });

    it('is created by the PI or a co-proposer of an accepted proposal with a submitted decision', () => {
      expect(decide(create(), [])).toEqual([created]);
    });

    it('is refused to others, twice, before the decision, and without an ESI template', () => {
      expect(() => decide(create({ actor: officer }), [])).toThrow(error('FORBIDDEN', M.onlyMembers));
      expect(() => decide(create(), [created])).toThrow(error('BAD_USER_INPUT', M.exists));
      expect(() => decide(create({ proposalReady: false }), [])).toThrow(
        error('BAD_USER_INPUT', M.notAccepted),
      );
      expect(() => decide(create({ esiQuestionaryId: null }), [])).toThrow(
        error('BAD_USER_INPUT', M.noEsiTemplate),
      );
    });
  });

  describe('samples: not selected, selected (red), confirmed (green)', () => {
    const add = (
      over: Partial<Extract<ExperimentSafetyCommand, { type: 'AddSampleToExperiment' }>> = {},
    ): ExperimentSafetyCommand => ({
      type: 'AddSampleToExperiment',
      actor: pi,
      sampleId: 11,
      sampleOfProposal: true,
      sampleEsiQuestionaryId: 111,
      ...over,
    });

    it("adds a proposal's sample once, with its sample ESI questionary", () => {
      expect(decide(add(), [created])).toEqual([added(11)]);
      expect(() => decide(add(), [created, added(11)])).toThrow(
        error('BAD_USER_INPUT', M.sampleAlreadyAdded),
      );
      expect(() => decide(add({ sampleOfProposal: false }), [created])).toThrow(
        error('BAD_USER_INPUT', M.sampleNotOfProposal),
      );
      expect(() => decide(add({ sampleEsiQuestionaryId: null }), [created])).toThrow(
        error('BAD_USER_INPUT', M.noSampleEsiTemplate),
      );
      expect(() => decide(add({ actor: scientist }), [created])).toThrow(error('FORBIDDEN', M.onlyMembers));
    });

    it('confirms a sample only when its safety input is complete; confirming twice is nothing', () => {
      const update = (sampleEsiComplete: boolean): ExperimentSafetyCommand => ({
        type: 'UpdateExperimentSample',
        actor: pi,
        sampleId: 11,
        isSubmitted: true,
        sampleEsiComplete,
      });
      expect(() => decide(update(false), [created, added(11)])).toThrow(
        error('BAD_USER_INPUT', M.sampleIncomplete),
      );
      expect(decide(update(true), [created, added(11)])).toEqual([confirmed(11)]);
      expect(decide(update(true), [created, added(11), confirmed(11)])).toEqual([]);
    });

    it('removes a selected sample (its answers are lost); an unselected one is refused', () => {
      const remove: ExperimentSafetyCommand = { type: 'RemoveSampleFromExperiment', actor: pi, sampleId: 11 };
      expect(decide(remove, [created, added(11)])).toEqual([
        { type: 'ExperimentSampleRemoved', data: { ...of, sampleId: 11 } },
      ]);
      expect(() => decide(remove, [created])).toThrow(error('BAD_USER_INPUT', M.sampleNotOnExperiment));
    });
  });

  describe('submission and the lock', () => {
    const submit = (esiComplete: boolean): ExperimentSafetyCommand => ({
      type: 'SubmitExperimentSafety',
      actor: pi,
      esiComplete,
      now: '2027-01-01T00:00:00.000Z',
    });

    it('needs the ESI complete and every sample confirmed', () => {
      expect(() => decide(submit(false), [created])).toThrow(error('BAD_USER_INPUT', M.incomplete));
      expect(() => decide(submit(true), [created, added(11)])).toThrow(error('BAD_USER_INPUT', M.incomplete));
      expect(decide(submit(true), [created, added(11), confirmed(11)])).toEqual([submitted()]);
    });

    it('locks every edit once submitted', () => {
      for (const command of [
        submit(true),
        {
          type: 'AddSampleToExperiment',
          actor: pi,
          sampleId: 12,
          sampleOfProposal: true,
          sampleEsiQuestionaryId: 112,
        },
        { type: 'RemoveSampleFromExperiment', actor: pi, sampleId: 11 },
        {
          type: 'UpdateExperimentSample',
          actor: pi,
          sampleId: 11,
          isSubmitted: false,
          sampleEsiComplete: true,
        },
      ] as ExperimentSafetyCommand[])
        expect(() => decide(command, ready)).toThrow(error('BAD_USER_INPUT', M.locked));
    });
  });

  describe('the review: two decisions in turn, pinned to the ESI version', () => {
    it("takes the instrument scientist's decision, then the safety reviewer's", () => {
      expect(decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), ready)).toEqual([
        decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3),
      ]);
      const afterScientist = [...ready, decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3)];
      expect(decide(decision(reviewer, 'SAFETY_REVIEWER', D.ACCEPTED), afterScientist)).toEqual([
        decided('SAFETY_REVIEWER', D.ACCEPTED, 4),
      ]);
      // the same decision again is nothing
      expect(decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), afterScientist)).toEqual([]);
    });

    it('refuses the safety reviewer before the scientist accepted, and the scientist after the reviewer decided', () => {
      expect(() => decide(decision(reviewer, 'SAFETY_REVIEWER', D.ACCEPTED), ready)).toThrow(
        error('BAD_USER_INPUT', M.scientistFirst),
      );
      const rejected = [...ready, decided('INSTRUMENT_SCIENTIST', D.REJECTED, 3)];
      expect(() => decide(decision(reviewer, 'SAFETY_REVIEWER', D.ACCEPTED), rejected)).toThrow(
        error('BAD_USER_INPUT', M.scientistFirst),
      );
      const both = [
        ...ready,
        decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3),
        decided('SAFETY_REVIEWER', D.REJECTED, 4),
      ];
      expect(() => decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.REJECTED), both)).toThrow(
        error('BAD_USER_INPUT', M.reviewerDecided),
      );
    });

    it('lets each decision be made only by its reviewer (or an officer)', () => {
      expect(() => decide(decision(reviewer, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), ready)).toThrow(
        error('FORBIDDEN', M.notInstrumentScientist),
      );
      expect(() => decide(decision(pi, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), ready)).toThrow(
        error('FORBIDDEN', M.notInstrumentScientist),
      );
      expect(() => decide(decision(scientist, 'SAFETY_REVIEWER', D.ACCEPTED), ready)).toThrow(
        error('FORBIDDEN', M.notSafetyReviewer),
      );
      expect(decide(decision(officer, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), ready)).toEqual([
        decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 5),
      ]);
    });

    it('refuses a decision on an ESI that is not submitted or on a stale version', () => {
      expect(() => decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED), [created])).toThrow(
        error('BAD_USER_INPUT', M.notSubmitted),
      );
      expect(() => decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED, 2), ready)).toThrow(
        error('BAD_USER_INPUT', M.stale(2, 1)),
      );
    });

    it('reopens the ESI for changes: editable again, decisions cleared, version moved on; old-version decisions refused', () => {
      const request: ExperimentSafetyCommand = {
        type: 'RequestExperimentSafetyChanges',
        actor: scientist,
        esiVersion: 1,
        comment: ' Which solvent? ',
      };
      const reopened = {
        type: 'ExperimentSafetyChangesRequested',
        data: { ...of, esiVersion: 2, comment: 'Which solvent?', requestedBy: 3 },
      };
      const history = [...ready, decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3)];
      expect(decide(request, history)).toEqual([reopened]);
      expect(() => decide({ ...request, comment: ' ' }, history)).toThrow(
        error('BAD_USER_INPUT', M.commentRequired),
      );
      expect(() => decide({ ...request, actor: pi }, history)).toThrow(error('FORBIDDEN', M.mayNotReview));
      const again = [...history, reopened];
      const state = given(again);
      expect([state.esiVersion, state.submittedAt, state.scientist]).toEqual([2, null, null]);
      expect(decide({ type: 'RemoveSampleFromExperiment', actor: pi, sampleId: 11 }, again)).toHaveLength(1);
      const resubmitted = [...again, submitted(2)];
      expect(() => decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED, 1), resubmitted)).toThrow(
        error('BAD_USER_INPUT', M.stale(1, 2)),
      );
      expect(decide(decision(scientist, 'INSTRUMENT_SCIENTIST', D.ACCEPTED, 2), resubmitted)).toEqual([
        decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3, 2),
      ]);
    });
  });

  it('sets the risk level (officers; safety reviewers of a submitted ESI, the one they review and read), once', () => {
    const set = (actor: SafetyActor): ExperimentSafetyCommand => ({
      type: 'SetExperimentRiskLevel',
      actor,
      riskLevel: SafetyStatus.HIGH_RISK,
    });
    const riskSet = { type: 'ExperimentRiskLevelSet', data: { ...of, riskLevel: SafetyStatus.HIGH_RISK } };
    expect(decide(set(reviewer), [created, submitted()])).toEqual([riskSet]);
    expect(decide(set(reviewer), [created, submitted(), riskSet])).toEqual([]);
    expect(() => decide(set(scientist), [created, submitted()])).toThrow(
      error('FORBIDDEN', M.notSafetyReviewer),
    );
    // before the applicant submits it (or while it is reopened to them) a safety reviewer neither reads nor rates it
    expect(() => decide(set(reviewer), [created])).toThrow(error('BAD_USER_INPUT', M.notSubmitted));
    expect(decide(set(officer), [created])).toEqual([riskSet]);
  });

  it('maps its events to the workflow events that move the experiment', () => {
    const names = (event: Event) => experimentSafetyWorkflowEvents(event as ExperimentSafetyEvent);
    expect(names(submitted())).toEqual(['EXPERIMENT_ESF_SUBMITTED']);
    expect(names(decided('INSTRUMENT_SCIENTIST', D.ACCEPTED, 3))).toEqual([]);
    expect(names(decided('INSTRUMENT_SCIENTIST', D.REJECTED, 3))).toEqual(['EXPERIMENT_ESF_REJECTED']);
    expect(names(decided('SAFETY_REVIEWER', D.ACCEPTED, 4))).toEqual(['EXPERIMENT_ESF_APPROVED']);
    expect(names(decided('SAFETY_REVIEWER', D.REJECTED, 4))).toEqual(['EXPERIMENT_ESF_REJECTED']);
    expect(names(created)).toEqual([]);
  });
});
