import { request } from '@user-office/frontend-shared/graphql-client';
import {
  ConsoleAddUserForReviewDocument,
  ConsoleApplyAutomaticAssignmentDocument,
  ConsoleAssignChairOrSecretaryDocument,
  ConsoleAssignReviewersToFapDocument,
  ConsoleConflictsOfInterestDocument,
  ConsoleFapMembersDocument,
  ConsoleFapProposalsByInstrumentDocument,
  ConsoleFapProposalsDocument,
  ConsoleFapUserCandidatesDocument,
  ConsoleInstrumentsByFapDocument,
  ConsolePreviewAutomaticAssignmentDocument,
  ConsoleRemoveMemberFromFapDocument,
  ConsoleRemoveProposalsFromFapsDocument,
  ConsoleRemoveUserForReviewDocument,
  ConsoleReorderFapMeetingDecisionProposalsDocument,
  ConsoleSaveFapMeetingDecisionDocument,
  ConsoleSaveReviewerRankDocument,
  ConsoleSubmitFapMeetingDecisionsDocument,
  ConsoleSubmitInstrumentInFapDocument,
  ConsoleUnsubmitInstrumentInFapDocument,
  ConsoleUpdateFapTimeAllocationDocument,
  type ConsoleConflictsOfInterestQuery,
  type ConsoleFapMembersQuery,
  type ConsoleFapProposalFieldsFragment,
  type ConsoleFapProposalsByInstrumentQuery,
  type ConsoleInstrumentsByFapQuery,
  type ConsoleFapPersonFragment,
  type ConsolePreviewAutomaticAssignmentQuery,
  type ConsoleSubmitFapMeetingDecisionsMutation,
  type SaveFapMeetingDecisionInput,
} from '../../gql/graphql';

export type FapMember = ConsoleFapMembersQuery['fapMembers'][number];
export type FapProposal = ConsoleFapProposalFieldsFragment;
export type RankedFapProposal = ConsoleFapProposalsByInstrumentQuery['fapProposalsByInstrument'][number];
export type FapInstrument = ConsoleInstrumentsByFapQuery['instrumentsByFap'][number];
export type ReviewerConflicts = ConsoleConflictsOfInterestQuery['conflictsOfInterest'][number];
export type AutomaticAssignmentPreview = ConsolePreviewAutomaticAssignmentQuery['previewAutomaticAssignment'];
export type SubmitDecisionsResult = ConsoleSubmitFapMeetingDecisionsMutation['submitFapMeetingDecisions'];
export type Person = ConsoleFapPersonFragment;

/** A person as the FAP pages show them. */
export const personName = (p: { firstname: string; lastname: string } | null | undefined): string =>
  p ? `${p.firstname} ${p.lastname}`.trim() : '';

/** The roles that manage a panel's members, assignments and meeting (§6); officers also edit the panel. */
export const FAP_MANAGERS = ['USER_OFFICER', 'FAP_CHAIR', 'FAP_SECRETARY'];

/** The FAP roles a member holds in a panel (§6). */
export type FapRole = 'FAP_CHAIR' | 'FAP_SECRETARY' | 'FAP_REVIEWER';

/**
 * The FAP page's commands and loads (docs/faps.md, §7 "FAPs and reviews"), over the shared GraphQL client: each
 * is one operation; the server decides (conflicts of interest, roles, submitted decisions) and its message is shown.
 */
export const fapCommands = {
  members: async (fapId: number): Promise<FapMember[]> =>
    (await request(ConsoleFapMembersDocument, { fapId })).fapMembers,
  /** everybody who may be made a member (officers: getUsers) */
  userCandidates: async (): Promise<Person[]> =>
    (await request(ConsoleFapUserCandidatesDocument)).getUsers.users,
  assignChairOrSecretary: async (fapId: number, userId: number, roleId: 'FAP_CHAIR' | 'FAP_SECRETARY') => {
    await request(ConsoleAssignChairOrSecretaryDocument, { input: { fapId, userId, roleId } });
  },
  assignReviewers: async (fapId: number, memberIds: number[]) => {
    await request(ConsoleAssignReviewersToFapDocument, { fapId, memberIds });
  },
  removeMember: async (fapId: number, memberId: number, roleId: FapRole) => {
    await request(ConsoleRemoveMemberFromFapDocument, { fapId, memberId, roleId });
  },
  proposals: async (fapId: number, callId?: number | null): Promise<FapProposal[]> =>
    (await request(ConsoleFapProposalsDocument, { fapId, callId: callId ?? null })).fapProposals,
  proposalsByInstrument: async (
    fapId: number,
    callId: number,
    instrumentId: number,
  ): Promise<RankedFapProposal[]> =>
    (await request(ConsoleFapProposalsByInstrumentDocument, { fapId, callId, instrumentId }))
      .fapProposalsByInstrument,
  instruments: async (fapId: number, callId: number): Promise<FapInstrument[]> =>
    (await request(ConsoleInstrumentsByFapDocument, { fapId, callId })).instrumentsByFap,
  conflicts: async (fapId: number, proposalPk: number): Promise<ReviewerConflicts[]> =>
    (await request(ConsoleConflictsOfInterestDocument, { fapId, proposalPk })).conflictsOfInterest,
  addReviewer: async (fapId: number, proposalPk: number, userId: number, overrideReason?: string | null) => {
    await request(ConsoleAddUserForReviewDocument, {
      fapID: fapId,
      proposalPk,
      userID: userId,
      overrideReason: overrideReason || null,
    });
  },
  removeReviewer: async (fapId: number, reviewId: number) => {
    await request(ConsoleRemoveUserForReviewDocument, { fapId, reviewId });
  },
  saveReviewerRank: async (proposalPk: number, reviewId: number, rank: number) => {
    await request(ConsoleSaveReviewerRankDocument, { proposalPk, reviewId, rank });
  },
  removeProposal: async (fapId: number, proposalPk: number) => {
    await request(ConsoleRemoveProposalsFromFapsDocument, { proposalPks: [proposalPk], fapIds: [fapId] });
  },
  previewAutomaticAssignment: async (fapId: number, callId: number): Promise<AutomaticAssignmentPreview> =>
    (await request(ConsolePreviewAutomaticAssignmentDocument, { fapId, callId })).previewAutomaticAssignment,
  applyAutomaticAssignment: async (
    fapId: number,
    callId: number,
    pairs: { proposalPk: number; userId: number }[],
  ) => {
    await request(ConsoleApplyAutomaticAssignmentDocument, { fapId, callId, pairs });
  },
  submitInstrument: async (fapId: number, callId: number, instrumentId: number, submitted: boolean) => {
    const variables = { fapId, callId, instrumentId };
    if (submitted) await request(ConsoleSubmitInstrumentInFapDocument, variables);
    else await request(ConsoleUnsubmitInstrumentInFapDocument, variables);
  },
  updateFapTimeAllocation: async (fapId: number, proposalPk: number, fapTimeAllocation: number | null) => {
    await request(ConsoleUpdateFapTimeAllocationDocument, { fapId, proposalPk, fapTimeAllocation });
  },
  saveMeetingDecision: async (input: SaveFapMeetingDecisionInput) => {
    await request(ConsoleSaveFapMeetingDecisionDocument, { input });
  },
  reorder: async (instrumentId: number, proposalPks: number[]) => {
    await request(ConsoleReorderFapMeetingDecisionProposalsDocument, {
      input: {
        proposals: proposalPks.map((proposalPk, i) => ({ proposalPk, instrumentId, rankOrder: i + 1 })),
      },
    });
  },
  submitAllDecisions: async (
    fapId: number,
    callId: number,
    instrumentId: number,
  ): Promise<SubmitDecisionsResult> =>
    (
      await request(ConsoleSubmitFapMeetingDecisionsDocument, {
        input: { fapId, callId, instrumentId },
      })
    ).submitFapMeetingDecisions,
};
