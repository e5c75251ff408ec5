import { Injectable } from '@nestjs/common';
import {
  DataType,
  proposalRuleMessages,
  Role,
  subTemplateMessages,
  TemplateGroupId,
  type SubTemplateConfig,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { badInput, notFound } from '../../platform/errors/app-error';
import { ProposalsRepository, type ProposalModel } from '../proposals';
import {
  itemAnswerFacts,
  QuestionariesRepository,
  questionIdsOfKind,
  type AnswerFacts,
  type QuestionaryRecord,
  type QuestionItem,
  type StepQuestion,
} from '../questionaries';
import { TemplatesRepository } from '../templates';

const M = subTemplateMessages;

/** The two kinds of sub-template items: GENERIC_TEMPLATE (sub templates) and SAMPLE_DECLARATION (samples). */
export type SubTemplateKind = DataType.GENERIC_TEMPLATE | DataType.SAMPLE_DECLARATION;

const KINDS: Record<
  SubTemplateKind,
  { group: TemplateGroupId; wrongQuestion: string; wrongTemplate: string }
> = {
  [DataType.GENERIC_TEMPLATE]: {
    group: TemplateGroupId.GENERIC_TEMPLATE,
    wrongQuestion: M.notGenericTemplateQuestion,
    wrongTemplate: M.templateNotGenericTemplate,
  },
  [DataType.SAMPLE_DECLARATION]: {
    group: TemplateGroupId.SAMPLE_DECLARATION,
    wrongQuestion: M.notSampleDeclarationQuestion,
    wrongTemplate: M.templateNotSampleDeclaration,
  },
};

export const isOfficer = (session: SessionUser): boolean => session.currentRole === Role.USER_OFFICER;

/**
 * Where sub-template items go: a GENERIC_TEMPLATE (resp. SAMPLE_DECLARATION) question of the proposal's
 * template whose config names the item's template. Shared by sub templates and samples.
 */
@Injectable()
export class SubTemplatePlacement {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly templates: TemplatesRepository,
  ) {}

  /**
   * A proposal questionary's item facts for a step (its `kind` questions' items from `itemsOf`, and whether each
   * item's questionary is complete): `{ facts }` for a proposal's questionary (facts absent when the step has no
   * question of this kind), null for one that is not a proposal's (an item's own: its owner looks at the item).
   * The proposal is looked up only when the step has such questions.
   */
  async proposalItemFacts(
    questionary: QuestionaryRecord,
    stepQuestions: readonly StepQuestion[],
    kind: SubTemplateKind,
    itemsOf: (proposalPk: number, questionIds: string[]) => Promise<QuestionItem[]>,
  ): Promise<{ facts?: AnswerFacts } | null> {
    if (questionary.groupId === KINDS[kind].group) return null;
    const questions = questionIdsOfKind(stepQuestions, kind);
    const proposal =
      questions.length > 0 ? await this.proposals.byQuestionaryId(questionary.questionaryId) : null;
    if (proposal) {
      const items = await itemsOf(proposal.primaryKey, questions);
      const completion = await this.questionaries.completion(items.map((i) => i.questionaryId));
      return { facts: itemAnswerFacts(questions, items, completion) };
    }
    return questionary.groupId === TemplateGroupId.PROPOSAL_QUESTIONARY ? {} : null;
  }

  /** The live proposal, or NOT_FOUND (or BAD_USER_INPUT with `missingMessage` when given). */
  async proposal(proposalPk: number, missingMessage?: string): Promise<ProposalModel> {
    const proposal = await this.proposals.proposal(proposalPk);
    if (proposal) return proposal;
    throw missingMessage ? badInput(missingMessage) : notFound(proposalRuleMessages.notFound);
  }

  /**
   * The question's config on the proposal's template; BAD_USER_INPUT when the question is not on it, is not of
   * this kind, asks for another template, or the template is not of the kind's group.
   */
  async questionConfig(
    kind: SubTemplateKind,
    proposal: ProposalModel,
    questionId: string,
    templateId: number,
  ): Promise<SubTemplateConfig> {
    const questionary = await this.questionaries.record(proposal.questionaryId);
    const structure = questionary ? await this.templates.structure(questionary.templateId) : null;
    const field = structure?.steps.flatMap((s) => s.fields).find((f) => f.question.id === questionId);
    if (!field) throw badInput(M.questionNotOnProposal, { questionId: M.questionNotOnProposal });
    if (field.question.dataType !== kind)
      throw badInput(KINDS[kind].wrongQuestion, { questionId: KINDS[kind].wrongQuestion });
    const config = field.config as unknown as SubTemplateConfig;
    if (config.templateId !== templateId)
      throw badInput(M.templateNotOfQuestion, { templateId: M.templateNotOfQuestion });
    const template = await this.templates.template(templateId);
    if (!template || template.groupId !== KINDS[kind].group)
      throw badInput(KINDS[kind].wrongTemplate, { templateId: KINDS[kind].wrongTemplate });
    return config;
  }

  /** The proposals the caller may see items of: null for officers (all), else those they are a member of. */
  async readableProposalPks(session: SessionUser): Promise<number[] | null> {
    if (isOfficer(session)) return null;
    return (await this.proposals.ofUser(session.id)).map((p) => p.primaryKey);
  }
}
