import { ProposalEndStatus, ReviewStatus } from '../enums';
import { statusChangingEvent } from '../workflows/status-changing-events';
import {
  fapMeetingDecisionSavedEvent,
  fapReviewSavedEvent,
  fapReviewSubmittedEvent,
  fapReviewerAssignedEvent,
  fapWorkflowEvents,
  proposalFapsAssignedEvent,
  type FapProposalEvent,
} from './faps.events';

const as = (e: { type: string; data: unknown }) => e as FapProposalEvent;

describe('fapWorkflowEvents', () => {
  it('maps each FAP fact of a proposal to the workflow events of the catalogue', () => {
    const assigned = proposalFapsAssignedEvent.create({
      proposalPk: 1,
      callId: 1,
      faps: [{ fapId: 2, instrumentId: 3 }],
      deletedReviewIds: [],
    });
    expect(fapWorkflowEvents(as(assigned))).toEqual(['PROPOSAL_FAP_SELECTED']);
    expect(fapWorkflowEvents(as({ ...assigned, data: { ...assigned.data, faps: [] } }))).toEqual([]);
    const reviewer = {
      reviewId: 1,
      proposalPk: 1,
      fapId: 2,
      userId: 3,
      questionaryId: null,
      conflicts: [],
      overrideReason: null,
    };
    expect(
      fapWorkflowEvents(as(fapReviewerAssignedEvent.create({ ...reviewer, allReviewersSelected: false }))),
    ).toEqual([]);
    expect(
      fapWorkflowEvents(as(fapReviewerAssignedEvent.create({ ...reviewer, allReviewersSelected: true }))),
    ).toEqual(['PROPOSAL_ALL_FAP_REVIEWERS_SELECTED']);
    expect(
      fapWorkflowEvents(
        as(
          fapReviewSavedEvent.create({
            reviewId: 1,
            proposalPk: 1,
            fapId: 2,
            userId: 3,
            grade: 1,
            comment: 'x',
            status: ReviewStatus.DRAFT,
            questionaryId: null,
          }),
        ),
      ),
    ).toEqual(['PROPOSAL_FAP_REVIEW_UPDATED']);
    const submitted = { reviewId: 1, proposalPk: 1, fapId: 2, userId: 3, grade: 1 };
    expect(
      fapWorkflowEvents(as(fapReviewSubmittedEvent.create({ ...submitted, allSubmitted: false }))),
    ).toEqual(['PROPOSAL_FAP_REVIEW_SUBMITTED']);
    expect(
      fapWorkflowEvents(as(fapReviewSubmittedEvent.create({ ...submitted, allSubmitted: true }))),
    ).toEqual(['PROPOSAL_FAP_REVIEW_SUBMITTED', 'PROPOSAL_ALL_FAP_REVIEWS_SUBMITTED']);
    const decision = {
      proposalPk: 1,
      instrumentId: 3,
      fapId: 2,
      recommendation: ProposalEndStatus.ACCEPTED,
      commentForUser: null,
      commentForManagement: null,
      rankOrder: null,
      submitted: true,
      submittedBy: 5,
    };
    expect(
      fapWorkflowEvents(as(fapMeetingDecisionSavedEvent.create({ ...decision, becameSubmitted: true }))),
    ).toEqual(['PROPOSAL_FAP_MEETING_SAVED', 'PROPOSAL_FAP_MEETING_SUBMITTED']);
    expect(
      fapWorkflowEvents(as(fapMeetingDecisionSavedEvent.create({ ...decision, becameSubmitted: false }))),
    ).toEqual(['PROPOSAL_FAP_MEETING_SAVED']);
  });

  it('names only workflow events of the catalogue', () => {
    for (const name of [
      'PROPOSAL_FAP_SELECTED',
      'PROPOSAL_ALL_FAP_REVIEWERS_SELECTED',
      'PROPOSAL_FAP_REVIEW_UPDATED',
      'PROPOSAL_FAP_REVIEW_SUBMITTED',
      'PROPOSAL_ALL_FAP_REVIEWS_SUBMITTED',
      'PROPOSAL_FAP_MEETING_SAVED',
      'PROPOSAL_FAP_MEETING_SUBMITTED',
    ])
      expect([name, statusChangingEvent(name)?.emittedBy]).toEqual([name, expect.any(String)]);
  });
});
