import { Injectable } from '@nestjs/common';
import { basisQuestionId, DataType, TemplateGroupId } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { ProposalsRepository, ProposalsService } from '../proposals';
import {
  type AnswerFacts,
  type QuestionaryOwner,
  type QuestionaryRecord,
  type StepQuestion,
} from '../questionaries';
import { SubTemplatePlacement } from './sub-template-placement';
import { GenericTemplatesRepository } from './read-models/generic-templates/generic-templates.repository';

/**
 * Sub templates as owners of questionaries (registered with QuestionaryOwners):
 * - an item's questionary is read by the proposal's members and answered while the proposal is editable;
 * - a proposal's questionary gets the server's item lists and their completeness for its GENERIC_TEMPLATE
 *   questions (minEntries, maxEntries and "All genericTemplates must be completed" on answerTopic and submission);
 * - an item's questionary gets the item's title as its GENERIC_TEMPLATE_BASIS answer.
 */
@Injectable()
export class GenericTemplatesQuestionaryOwner implements QuestionaryOwner {
  /** its own questionaries, and the proposal questionaries whose steps hold sub-templates (their items' facts) */
  readonly groups = [TemplateGroupId.GENERIC_TEMPLATE, TemplateGroupId.PROPOSAL_QUESTIONARY];

  constructor(
    private readonly repository: GenericTemplatesRepository,
    private readonly proposalRecords: ProposalsRepository,
    private readonly proposals: ProposalsService,
    private readonly placement: SubTemplatePlacement,
  ) {}

  async access(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<boolean | undefined> {
    // a proposal's questionary is never a sub-template's (asked only for its items' facts)
    if (questionary.groupId === TemplateGroupId.PROPOSAL_QUESTIONARY) return undefined;
    const item = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!item) return undefined;
    const proposal = await this.proposalRecords.proposal(item.proposalPk);
    if (!proposal || !this.proposals.isMember(proposal, session.id)) return false;
    if (mode === 'read') return true;
    return !item.deleted && this.proposals.isEditable(proposal, session);
  }

  async answerFacts(
    questionary: QuestionaryRecord,
    stepQuestions: readonly StepQuestion[],
  ): Promise<AnswerFacts | undefined> {
    // a proposal's questionary: its sub-templates' items
    const ofProposal = await this.placement.proposalItemFacts(
      questionary,
      stepQuestions,
      DataType.GENERIC_TEMPLATE,
      (proposalPk, questions) => this.repository.ofProposal(proposalPk, questions),
    );
    if (ofProposal) return ofProposal.facts;
    const item = await this.repository.byQuestionaryId(questionary.questionaryId);
    if (!item || item.deleted) return undefined;
    return { basisValues: { [basisQuestionId(DataType.GENERIC_TEMPLATE_BASIS)]: item.title } };
  }
}
