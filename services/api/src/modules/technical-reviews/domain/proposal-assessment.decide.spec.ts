import {
  proposalInstrumentsAssignedEvent,
  technicalReviewAssigneeChangedEvent,
  technicalReviewRuleMessages as M,
  technicalReviewSavedEvent,
  technicalReviewSubmittedEvent,
  TechnicalReviewStatus,
} from '@user-office/contracts';
import {
  proposalAssessmentDecider as decider,
  type ProposalAssessmentCommand,
  type ReviewActor,
} from './proposal-assessment.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(decider.evolve, decider.initialState);
const decide = (command: ProposalAssessmentCommand, events: { type: string; data: unknown }[] = []) =>
  decider.decide(command, given(events));

const pk = 7;
const xray = { id: 1, name: 'X-ray', shortCode: 'XR' };
const neutron = { id: 2, name: 'Neutron', shortCode: 'NE' };
const stub = (
  instrumentId: number,
  technicalReviewId = 100 + instrumentId,
  assignee: number | null = 50,
) => ({
  technicalReviewId,
  instrumentId,
  technicalReviewAssigneeId: assignee,
  questionaryId: null,
});
const onXray = proposalInstrumentsAssignedEvent.create({
  proposalPk: pk,
  instruments: [xray],
  createdReviews: [stub(1)],
  deletedReviewIds: [],
});
const officer: ReviewActor = { id: 1, isOfficer: true, isFapSecretaryAllowed: false };
const assignee: ReviewActor = { id: 50, isOfficer: false, isFapSecretaryAllowed: false };
const stranger: ReviewActor = { id: 60, isOfficer: false, isFapSecretaryAllowed: false };
const fapSecretary: ReviewActor = { id: 70, isOfficer: false, isFapSecretaryAllowed: true };
const values = {
  status: TechnicalReviewStatus.FEASIBLE,
  timeAllocation: 3,
  comment: 'internal',
  publicComment: 'public',
  submitted: false,
  reviewerId: 50,
  files: [],
};
const saved = (submitted = false) =>
  technicalReviewSavedEvent.create({
    technicalReviewId: 101,
    proposalPk: pk,
    instrumentId: 1,
    ...values,
    submitted,
    questionaryId: null,
  });

describe('the proposal assessment decider', () => {
  describe('AssignInstruments', () => {
    it('assigns instruments with a review stub each (status UNFEASIBLE, not submitted)', () => {
      const events = decide({
        type: 'AssignInstruments',
        proposalPk: pk,
        instruments: [xray],
        stubs: [stub(1)],
      });
      expect(events).toEqual([onXray]);
      expect(given(events).reviews).toEqual([
        expect.objectContaining({
          technicalReviewId: 101,
          status: TechnicalReviewStatus.UNFEASIBLE,
          submitted: false,
          technicalReviewAssigneeId: 50,
        }),
      ]);
    });

    it('replaces the instruments: a new one gets a stub, a removed one loses its review', () => {
      const events = decide(
        { type: 'AssignInstruments', proposalPk: pk, instruments: [neutron], stubs: [stub(1, 999), stub(2)] },
        [onXray],
      );
      expect(events).toEqual([
        proposalInstrumentsAssignedEvent.create({
          proposalPk: pk,
          instruments: [neutron],
          createdReviews: [stub(2)],
          deletedReviewIds: [101],
        }),
      ]);
    });

    it('keeps the review of an instrument still assigned, and decides nothing when nothing changes', () => {
      expect(
        decide({ type: 'AssignInstruments', proposalPk: pk, instruments: [xray], stubs: [] }, [onXray]),
      ).toEqual([]);
      expect(
        decide(
          { type: 'AssignInstruments', proposalPk: pk, instruments: [xray, neutron], stubs: [stub(2)] },
          [onXray],
        )[0].data,
      ).toMatchObject({ createdReviews: [stub(2)], deletedReviewIds: [] });
    });

    it('an empty list removes every instrument and review', () => {
      expect(
        decide({ type: 'AssignInstruments', proposalPk: pk, instruments: [], stubs: [] }, [onXray])[0].data,
      ).toEqual({
        proposalPk: pk,
        instruments: [],
        createdReviews: [],
        deletedReviewIds: [101],
      });
    });

    it('refuses with CONFLICT when a stub is missing (the read model was behind)', () => {
      expect(() =>
        decide({ type: 'AssignInstruments', proposalPk: pk, instruments: [xray], stubs: [] }),
      ).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    });
  });

  describe('RemoveInstrument', () => {
    const both = proposalInstrumentsAssignedEvent.create({
      proposalPk: pk,
      instruments: [xray, neutron],
      createdReviews: [stub(1), stub(2)],
      deletedReviewIds: [],
    });
    it('removes one instrument, or all without one', () => {
      expect(
        decide({ type: 'RemoveInstrument', proposalPk: pk, instrumentId: 2 }, [both])[0].data,
      ).toMatchObject({
        instruments: [xray],
        deletedReviewIds: [102],
      });
      expect(
        decide({ type: 'RemoveInstrument', proposalPk: pk, instrumentId: null }, [both])[0].data,
      ).toMatchObject({
        instruments: [],
        deletedReviewIds: [101, 102],
      });
    });
    it('decides nothing for an instrument the proposal is not on', () => {
      expect(decide({ type: 'RemoveInstrument', proposalPk: pk, instrumentId: 3 }, [onXray])).toEqual([]);
    });
  });

  it('AssignTechniques replaces the techniques, once', () => {
    const techniques = [{ id: 4, name: 'Diffraction' }];
    const events = decide({ type: 'AssignTechniques', proposalPk: pk, techniques });
    expect(events).toEqual([{ type: 'ProposalTechniquesAssigned', data: { proposalPk: pk, techniques } }]);
    expect(decide({ type: 'AssignTechniques', proposalPk: pk, techniques }, events)).toEqual([]);
  });

  describe('SaveReview', () => {
    const save = (actor: ReviewActor, v = values, history: { type: string; data: unknown }[] = [onXray]) =>
      decide({ type: 'SaveReview', proposalPk: pk, instrumentId: 1, actor, values: v }, history);

    it('the assignee, an officer or an allowed FAP secretary saves it', () => {
      expect(save(assignee)).toEqual([saved()]);
      expect(save(officer)).toEqual([saved()]);
      expect(save(fapSecretary)).toEqual([saved()]);
    });

    it('anyone else is refused', () => {
      expect(() => save(stranger)).toThrow(M.mayNotEdit);
    });

    it('refuses a review of an instrument the proposal is not on', () => {
      expect(() => save(officer, values, [])).toThrow(M.proposalNotOnInstrument(pk, 1));
    });

    it('refuses a missing status', () => {
      expect(() => save(officer, { ...values, status: null as never })).toThrow('Status is required');
    });

    it('saving it submitted also submits it (all reviews submitted)', () => {
      expect(save(assignee, { ...values, submitted: true })).toEqual([
        saved(true),
        technicalReviewSubmittedEvent.create({
          technicalReviewId: 101,
          proposalPk: pk,
          instrumentId: 1,
          status: TechnicalReviewStatus.FEASIBLE,
          reviewerId: 50,
          allSubmitted: true,
        }),
      ]);
    });

    it('a submitted review is changed only by an officer, who may un-submit it', () => {
      const history = [onXray, saved(true)];
      expect(() => save(assignee, { ...values, comment: 'more' }, history)).toThrow(M.submittedOnlyOfficer);
      expect(() => save(fapSecretary, values, history)).toThrow(M.submittedOnlyOfficer);
      expect(save(officer, { ...values, submitted: false }, history)).toEqual([saved(false)]);
    });

    it('decides nothing when nothing changes', () => {
      expect(save(assignee, values, [onXray, saved()])).toEqual([]);
    });
  });

  describe('SubmitReview', () => {
    const both = proposalInstrumentsAssignedEvent.create({
      proposalPk: pk,
      instruments: [xray, neutron],
      createdReviews: [stub(1), stub(2)],
      deletedReviewIds: [],
    });
    const submit = (actor: ReviewActor, instrumentId: number, history: { type: string; data: unknown }[]) =>
      decide({ type: 'SubmitReview', proposalPk: pk, instrumentId, actor, reviewerId: actor.id }, history);

    it('submits; all submitted only with the last one', () => {
      const first = submit(assignee, 1, [both]);
      expect(first).toEqual([
        technicalReviewSubmittedEvent.create({
          technicalReviewId: 101,
          proposalPk: pk,
          instrumentId: 1,
          status: TechnicalReviewStatus.UNFEASIBLE,
          reviewerId: 50,
          allSubmitted: false,
        }),
      ]);
      expect(submit(officer, 2, [both, ...first])[0].data).toMatchObject({
        allSubmitted: true,
        reviewerId: 1,
      });
    });

    it('is one-way: a submitted review stays as it is', () => {
      const history = [both, ...submit(assignee, 1, [both])];
      expect(submit(assignee, 1, history)).toEqual([]);
    });

    it('refuses a caller who may not edit it', () => {
      expect(() => submit(stranger, 1, [both])).toThrow(M.mayNotEdit);
    });
  });

  describe('ChangeAssignee', () => {
    const change = (assigneeId: number, history: { type: string; data: unknown }[]) =>
      decide(
        {
          type: 'ChangeAssignee',
          proposalPk: pk,
          instrumentId: 1,
          assigneeId,
          eligibleAssigneeIds: [50, 51],
        },
        history,
      );

    it('re-assigns to a scientist of the instrument', () => {
      expect(change(51, [onXray])).toEqual([
        technicalReviewAssigneeChangedEvent.create({
          technicalReviewId: 101,
          proposalPk: pk,
          instrumentId: 1,
          technicalReviewAssigneeId: 51,
        }),
      ]);
    });

    it('refuses someone who is not a scientist of the instrument', () => {
      expect(() => change(60, [onXray])).toThrow(M.assigneeNotScientist);
    });

    it('leaves a submitted review unaffected, and the same assignee changes nothing', () => {
      expect(change(51, [onXray, saved(true)])).toEqual([]);
      expect(change(50, [onXray])).toEqual([]);
    });
  });
});
