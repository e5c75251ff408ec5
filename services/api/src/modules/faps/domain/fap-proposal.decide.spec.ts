import {
  ProposalEndStatus,
  ReviewStatus,
  fapMeetingDecisionSavedEvent,
  fapMessages as M,
  fapReviewSavedEvent,
  fapReviewerAssignedEvent,
  proposalFapsAssignedEvent,
} from '@user-office/contracts';
import { fapProposalDecider as decider, type FapActor, type FapProposalCommand } from './fap-proposal.decide';

type E = { type: string; data: unknown };
const given = (events: E[]) => events.reduce(decider.evolve, decider.initialState);
const decide = (command: FapProposalCommand, events: E[] = []) => decider.decide(command, given(events));

const pk = 7;
const onFap = proposalFapsAssignedEvent.create({
  proposalPk: pk,
  callId: 1,
  faps: [{ fapId: 3, instrumentId: 2 }],
  deletedReviewIds: [],
});
const officer: FapActor = { id: 1, isOfficer: true, staffOfFapIds: [] };
const chair: FapActor = { id: 10, isOfficer: false, staffOfFapIds: [3] };
const otherChair: FapActor = { id: 11, isOfficer: false, staffOfFapIds: [4] };
const reviewer: FapActor = { id: 20, isOfficer: false, staffOfFapIds: [] };
const stranger: FapActor = { id: 21, isOfficer: false, staffOfFapIds: [] };

const add = (
  over: Partial<Extract<FapProposalCommand, { type: 'AddReviewer' }>> = {},
): FapProposalCommand => ({
  type: 'AddReviewer',
  proposalPk: pk,
  proposalId: 'P-7',
  fapId: 3,
  reviewId: 100,
  userId: 20,
  userName: 'Rita Reviewer',
  memberIds: [20, 21],
  numberRatingsRequired: 2,
  questionaryId: null,
  conflicts: [],
  overrideReason: null,
  ...over,
});
const assigned = fapReviewerAssignedEvent.create({
  reviewId: 100,
  proposalPk: pk,
  fapId: 3,
  userId: 20,
  questionaryId: null,
  conflicts: [],
  overrideReason: null,
  allReviewersSelected: false,
});
const save = (actor: FapActor, over: Partial<Extract<FapProposalCommand, { type: 'SaveReview' }>> = {}) =>
  ({
    type: 'SaveReview',
    proposalPk: pk,
    reviewId: 100,
    actor,
    grade: 3,
    comment: 'Good',
    status: ReviewStatus.DRAFT,
    questionaryId: null,
    ...over,
  }) as FapProposalCommand;
const graded = fapReviewSavedEvent.create({
  reviewId: 100,
  proposalPk: pk,
  fapId: 3,
  userId: 20,
  grade: 3,
  comment: 'Good',
  status: ReviewStatus.DRAFT,
  questionaryId: null,
});
const soft = { kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution (ESS)" };
const hard = { kind: 'PROPOSER', hard: true, reason: 'Is a co-proposer of the proposal' };

describe('FapProposal decider: proposals on panels', () => {
  it('assigns panels; the same list again decides nothing', () => {
    expect(
      decide({ type: 'AssignFaps', proposalPk: pk, callId: 1, faps: [{ fapId: 3, instrumentId: 2 }] }),
    ).toEqual([onFap]);
    expect(
      decide({ type: 'AssignFaps', proposalPk: pk, callId: 1, faps: [{ fapId: 3, instrumentId: 2 }] }, [
        onFap,
      ]),
    ).toEqual([]);
  });
  it('an empty selection removes the panels and deletes their reviews', () => {
    expect(decide({ type: 'AssignFaps', proposalPk: pk, callId: 1, faps: [] }, [onFap, assigned])).toEqual([
      proposalFapsAssignedEvent.create({ proposalPk: pk, callId: 1, faps: [], deletedReviewIds: [100] }),
    ]);
  });
  it('removes only the named panels; a panel it is not on decides nothing', () => {
    expect(decide({ type: 'RemoveFaps', proposalPk: pk, fapIds: [9] }, [onFap])).toEqual([]);
    expect(decide({ type: 'RemoveFaps', proposalPk: pk, fapIds: [3] }, [onFap, assigned])).toEqual([
      proposalFapsAssignedEvent.create({ proposalPk: pk, callId: 1, faps: [], deletedReviewIds: [100] }),
    ]);
  });
});

describe('FapProposal decider: reviewers and conflicts of interest', () => {
  it('assigns a member of the panel a DRAFT review', () => {
    expect(decide(add(), [onFap])).toEqual([assigned]);
    expect(given([onFap, assigned]).reviews[0]).toMatchObject({ userId: 20, status: ReviewStatus.DRAFT });
  });
  it('says when the proposal has all the reviewers it requires', () => {
    const second = decide(add({ reviewId: 101, userId: 21 }), [onFap, assigned]);
    expect(second[0].data).toMatchObject({ allReviewersSelected: true });
  });
  it('refuses a proposal not on the panel and a user not a member', () => {
    expect(() => decide(add())).toThrow(M.proposalNotOnFap('P-7', 3));
    expect(() => decide(add({ userId: 99 }), [onFap])).toThrow(M.notMember(99, 3));
  });
  it('assigning the same reviewer again decides nothing', () => {
    expect(decide(add({ reviewId: 101 }), [onFap, assigned])).toEqual([]);
  });
  it('never assigns the PI or a co-proposer, even with a reason', () => {
    expect(() => decide(add({ conflicts: [hard], overrideReason: 'needed' }), [onFap])).toThrow(
      /cannot review this proposal: Is a co-proposer of the proposal \(is the principal investigator or a co-proposer/,
    );
  });
  it('refuses a soft conflict with its reason unless overridden; the override is recorded', () => {
    expect(() => decide(add({ conflicts: [soft] }), [onFap])).toThrow(/Shares the PI's institution \(ESS\)/);
    expect(() => decide(add({ conflicts: [soft], overrideReason: '  ' }), [onFap])).toThrow(
      /conflict of interest/,
    );
    expect(decide(add({ conflicts: [soft], overrideReason: 'Only expert' }), [onFap])[0].data).toMatchObject({
      conflicts: [soft],
      overrideReason: 'Only expert',
    });
  });
  it('removes a reviewer; an unknown review decides nothing', () => {
    expect(decide({ type: 'RemoveReviewer', proposalPk: pk, reviewId: 100 }, [onFap, assigned])).toEqual([
      { type: 'FapReviewerRemoved', data: { reviewId: 100, proposalPk: pk, fapId: 3, userId: 20 } },
    ]);
    expect(decide({ type: 'RemoveReviewer', proposalPk: pk, reviewId: 5 }, [onFap, assigned])).toEqual([]);
  });
  it('saves a reviewer rank ≥ 1', () => {
    expect(
      decide({ type: 'SaveReviewerRank', proposalPk: pk, reviewId: 100, rank: 2 }, [onFap, assigned]),
    ).toEqual([{ type: 'FapReviewerRankSaved', data: { reviewId: 100, proposalPk: pk, fapId: 3, rank: 2 } }]);
    expect(() =>
      decide({ type: 'SaveReviewerRank', proposalPk: pk, reviewId: 100, rank: 0 }, [onFap, assigned]),
    ).toThrow(M.rankMin);
    expect(() => decide({ type: 'SaveReviewerRank', proposalPk: pk, reviewId: 5, rank: 1 }, [onFap])).toThrow(
      M.reviewNotFound,
    );
  });
});

describe('FapProposal decider: reviews and grades', () => {
  it('lets the reviewer save their own review; not someone else', () => {
    expect(decide(save(reviewer), [onFap, assigned])).toEqual([graded]);
    expect(() => decide(save(stranger), [onFap, assigned])).toThrow(M.onlyOwnReview);
    expect(() => decide(save(otherChair), [onFap, assigned])).toThrow(M.onlyOwnReview);
  });
  it("lets the panel's chair and officers save any review of it", () => {
    expect(decide(save(chair), [onFap, assigned])).toEqual([graded]);
    expect(decide(save(officer), [onFap, assigned])).toEqual([graded]);
  });
  it('saving the same values decides nothing; an unknown review is not found', () => {
    expect(decide(save(reviewer), [onFap, assigned, graded])).toEqual([]);
    expect(() => decide(save(reviewer, { reviewId: 5 }), [onFap])).toThrow(M.reviewNotFound);
  });
  it('submitting through updateReview records the submission (all reviews submitted)', () => {
    const events = decide(save(reviewer, { status: ReviewStatus.SUBMITTED }), [onFap, assigned]);
    expect(events.map((e) => e.type)).toEqual(['FapReviewSaved', 'FapReviewSubmitted']);
    expect(events[1].data).toMatchObject({ reviewId: 100, grade: 3, allSubmitted: true });
  });
  it('a submitted review is final for everyone but officers, who may set it back to DRAFT', () => {
    const submitted = [
      onFap,
      assigned,
      ...decide(save(reviewer, { status: ReviewStatus.SUBMITTED }), [onFap, assigned]),
    ];
    expect(() => decide(save(reviewer, { grade: 4 }), submitted)).toThrow(M.submittedFinal);
    expect(() => decide(save(chair, { grade: 4 }), submitted)).toThrow(M.submittedFinal);
    expect(decide(save(officer, { status: ReviewStatus.DRAFT }), submitted)).toHaveLength(1);
  });
  it('refuses to submit a review without grade or comment', () => {
    expect(() =>
      decide({ type: 'SubmitReview', proposalPk: pk, reviewId: 100, actor: reviewer }, [onFap, assigned]),
    ).toThrow(M.incompleteReviews([100]));
    expect(() =>
      decide(save(reviewer, { comment: null, status: ReviewStatus.SUBMITTED }), [onFap, assigned]),
    ).toThrow(M.incompleteReviews([100]));
  });
  it('submits a complete review once (submitProposalsReview)', () => {
    const submit: FapProposalCommand = {
      type: 'SubmitReview',
      proposalPk: pk,
      reviewId: 100,
      actor: reviewer,
    };
    const events = decide(submit, [onFap, assigned, graded]);
    expect(events).toEqual([
      {
        type: 'FapReviewSubmitted',
        data: { reviewId: 100, proposalPk: pk, fapId: 3, userId: 20, grade: 3, allSubmitted: true },
      },
    ]);
    expect(decide(submit, [onFap, assigned, graded, ...events])).toEqual([]);
    expect(() =>
      decide({ ...submit, actor: stranger } as FapProposalCommand, [onFap, assigned, graded]),
    ).toThrow(M.onlyOwnReview);
  });
  it('allSubmitted is false while another review of the panel is a draft', () => {
    const second = fapReviewerAssignedEvent.create({ ...assigned.data, reviewId: 101, userId: 21 });
    const events = decide({ type: 'SubmitReview', proposalPk: pk, reviewId: 100, actor: reviewer }, [
      onFap,
      assigned,
      second,
      graded,
    ]);
    expect(events[0].data).toMatchObject({ allSubmitted: false });
  });
});

describe('FapProposal decider: FAP time and meeting decisions', () => {
  it('sets the FAP time of a proposal on the panel', () => {
    expect(
      decide({ type: 'UpdateTimeAllocation', proposalPk: pk, fapId: 3, fapTimeAllocation: 4 }, [onFap]),
    ).toEqual([
      { type: 'FapTimeAllocationUpdated', data: { proposalPk: pk, fapId: 3, fapTimeAllocation: 4 } },
    ]);
    expect(() =>
      decide({ type: 'UpdateTimeAllocation', proposalPk: pk, fapId: 9, fapTimeAllocation: 4 }, [onFap]),
    ).toThrow(M.proposalNotOnFap(pk, 9));
  });

  const values = {
    recommendation: ProposalEndStatus.ACCEPTED,
    commentForUser: 'Well done',
    commentForManagement: 'Top',
    rankOrder: 1,
    submitted: false,
  };
  const saveDecision = (actor: FapActor, v: Partial<typeof values> = {}): FapProposalCommand => ({
    type: 'SaveDecision',
    proposalPk: pk,
    instrumentId: 2,
    actor,
    values: { ...values, ...v },
  });
  const saved = fapMeetingDecisionSavedEvent.create({
    proposalPk: pk,
    instrumentId: 2,
    fapId: 3,
    ...values,
    submittedBy: null,
    becameSubmitted: false,
  });

  it("saves a decision (the panel's chair, officers); not another panel's chair", () => {
    expect(decide(saveDecision(chair), [onFap])).toEqual([saved]);
    expect(decide(saveDecision(officer), [onFap])).toEqual([saved]);
    expect(() => decide(saveDecision(otherChair), [onFap])).toThrow(M.notChairOrSecretaryOfFap);
    expect(() => decide({ ...saveDecision(chair), instrumentId: 9 } as FapProposalCommand, [onFap])).toThrow(
      M.proposalNotOnInstrument(pk, 9),
    );
  });
  it('clears the comments', () => {
    const [event] = decide(saveDecision(chair, { commentForUser: '', commentForManagement: '  ' }), [
      onFap,
      saved,
    ]);
    expect(event.data).toMatchObject({ commentForUser: null, commentForManagement: null });
  });
  it('records who submitted; a submitted decision is changed only by officers', () => {
    const [submitted] = decide(saveDecision(chair, { submitted: true }), [onFap, saved]);
    expect(submitted.data).toMatchObject({ submitted: true, submittedBy: 10, becameSubmitted: true });
    expect(() =>
      decide(saveDecision(chair, { rankOrder: 2, submitted: true }), [onFap, saved, submitted]),
    ).toThrow(M.decisionSubmitted);
    expect(
      decide(saveDecision(officer, { rankOrder: 2, submitted: true }), [onFap, saved, submitted])[0].data,
    ).toMatchObject({ rankOrder: 2, submittedBy: 10, becameSubmitted: false });
  });
  it('reorders, keeping the rest of the decision', () => {
    expect(
      decide({ type: 'ReorderDecision', proposalPk: pk, instrumentId: 2, rankOrder: 5 }, [onFap, saved])[0]
        .data,
    ).toMatchObject({
      rankOrder: 5,
      recommendation: ProposalEndStatus.ACCEPTED,
      commentForUser: 'Well done',
    });
  });
  it('submit-all submits a complete decision and skips an incomplete or missing one', () => {
    const submit: FapProposalCommand = {
      type: 'SubmitDecision',
      proposalPk: pk,
      instrumentId: 2,
      actor: chair,
    };
    expect(decide(submit, [onFap])).toEqual([]);
    const unset = fapMeetingDecisionSavedEvent.create({
      ...saved.data,
      recommendation: ProposalEndStatus.UNSET,
    });
    expect(decide(submit, [onFap, unset])).toEqual([]);
    expect(decide(submit, [onFap, saved])[0].data).toMatchObject({
      submitted: true,
      submittedBy: 10,
      becameSubmitted: true,
    });
  });
  it('keeps every decision per instrument in the state', () => {
    expect(given([onFap, saved]).decisions).toEqual([
      {
        instrumentId: 2,
        fapId: 3,
        recommendation: ProposalEndStatus.ACCEPTED,
        commentForUser: 'Well done',
        commentForManagement: 'Top',
        rankOrder: 1,
        submitted: false,
        submittedBy: null,
      },
    ]);
  });
});
