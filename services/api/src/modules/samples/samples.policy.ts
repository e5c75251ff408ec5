import { Injectable } from '@nestjs/common';
import { basisQuestionId, DataType, TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { isOfficer, SubTemplatePlacement } from '../generic-templates';
import { ProposalsRepository, ProposalsService } from '../proposals';
import {
  type AnswerFacts,
  type QuestionaryOwner,
  type QuestionaryRecord,
  type StepQuestion,
} from '../questionaries';
import { SamplesRepository } from './read-models/samples/samples.repository';

/**
 * Samples as owners of questionaries (registered with QuestionaryOwners):
 * - a sample's questionary is read by whoever reads the proposal (ProposalReaders) and answered while
 *   the sample may be changed (proposal editable; a post-submission sample also once the proposal is submitted);
 * - a proposal's questionary gets the server's lists of pre-submission samples and their completeness for its
 *   SAMPLE_DECLARATION questions (minEntries, maxEntries, "All samples must be completed");
 * - a sample's questionary gets the sample's title as its SAMPLE_BASIS answer.
 */
@Injectable()
export class SamplesQuestionaryOwner implements QuestionaryOwner {
  /** its own questionaries, and the proposal questionaries whose steps declare samples (their items' facts) */
  readonly groups = [TemplateGroupId.SAMPLE_DECLARATION, TemplateGroupId.PROPOSAL_QUESTIONARY];

  constructor(
    private readonly repository: SamplesRepository,
    private readonly proposalRecords: ProposalsRepository,
    private readonly proposals: ProposalsService,
    private readonly placement: SubTemplatePlacement,
  ) {}

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    // a proposal's questionary is never a sample's (asked only for its items' facts)
    if (questionary.groupId === TemplateGroupId.PROPOSAL_QUESTIONARY) return undefined;
    const sample = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!sample) return undefined;
    if (mode === 'read' && isOfficer(session)) return true;
    const proposal = await this.proposalRecords.proposal(sample.proposalPk);
    if (!proposal) return false;
    // read: whoever reads the proposal (the one rule); write: its members
    if (mode === 'read') return this.proposals.mayRead(proposal, session);
    if (!this.proposals.isMember(proposal, session.id)) return false;
    if (sample.deleted) return false;
    return (
      (sample.isPostProposalSubmission && proposal.submitted) || this.proposals.isEditable(proposal, session)
    );
  }

  async answerFacts(
    questionary: QuestionaryRecord,
    stepQuestions: readonly StepQuestion[],
  ): Promise<AnswerFacts | undefined> {
    // a proposal's questionary: its sample declarations' items
    const ofProposal = await this.placement.proposalItemFacts(
      questionary,
      stepQuestions,
      DataType.SAMPLE_DECLARATION,
      (proposalPk, questions) => this.repository.declaredOf(proposalPk, questions),
    );
    if (ofProposal) return ofProposal.facts;
    const sample = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!sample || sample.deleted) return undefined;
    return { basisValues: { [basisQuestionId(DataType.SAMPLE_BASIS)]: sample.title } };
  }
}
