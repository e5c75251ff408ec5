import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  cloneSubTemplateSchema,
  cloneTitlePrefix,
  createGenericTemplateSchema,
  createGenericTemplateWithCopiedAnswersSchema,
  DataType,
  subTemplateMessages,
  updateGenericTemplateSchema,
  type SubTemplateConfig,
  type SubTemplateOrigin,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { badInput, forbidden, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ProposalsService, type ProposalModel } from '../proposals';
import { QuestionariesRepository, QuestionariesService, QuestionaryOwners } from '../questionaries';
import { ExecuteGenericTemplateCommand } from './commands/execute-generic-template-command';
import {
  assertMayAddGenericTemplates,
  assertMayChangeGenericTemplates,
  type ProposalAccess,
} from './domain/generic-template.decide';
import {
  GenericTemplatesRepository,
  type GenericTemplateRow,
} from './read-models/generic-templates/generic-templates.repository';
import { isOfficer, SubTemplatePlacement } from './sub-template-placement';

const M = subTemplateMessages;
const GENERIC_TEMPLATE_IDS = {
  sequence: 'generic_template_id_seq',
  floor: { table: 'generic_templates', column: 'generic_template_id' },
};

/** A new item to add: its title and, for copies and clones, where its answers come from. */
interface NewItem {
  title: string;
  origin: SubTemplateOrigin | null;
  /** the copied steps keep their completeness (clones; copies when the question's isCompleteOnCopy) */
  completeness: boolean;
}

/** The sub-template use cases (§7 "Sub templates"): items of a proposal's GENERIC_TEMPLATE questions. */
@Injectable()
export class GenericTemplatesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: GenericTemplatesRepository,
    private readonly placement: SubTemplatePlacement,
    private readonly proposals: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly questionaryRecords: QuestionariesRepository,
    private readonly owners: QuestionaryOwners,
  ) {}

  async existing(genericTemplateId: number): Promise<GenericTemplateRow> {
    const item = await this.repository.genericTemplate(genericTemplateId);
    if (!item) throw notFound(M.genericTemplateNotFound);
    return item;
  }

  /** Members (PI, co-proposers; officers) may change items while the proposal is editable for them. */
  async accessTo(proposal: ProposalModel, session: SessionUser): Promise<ProposalAccess> {
    return {
      isMember: isOfficer(session) || this.proposals.isMember(proposal, session.id),
      editable: await this.proposals.isEditable(proposal, session),
    };
  }

  async assertMayRead(item: GenericTemplateRow, session: SessionUser): Promise<void> {
    const proposal = await this.placement.proposal(item.proposalPk);
    if (!isOfficer(session) && !this.proposals.isMember(proposal, session.id)) throw forbidden(M.mayNotRead);
  }

  /** createGenericTemplate: an empty item (its questionary of the question's template). */
  async create(
    session: SessionUser,
    input: { title: string; templateId: number | null; proposalPk: number | null; questionId: string | null },
  ): Promise<number> {
    const valid = await validateInput(createGenericTemplateSchema, input);
    const [id] = await this.add(
      session,
      valid.proposalPk as number,
      valid.questionId as string,
      valid.templateId as number,
      () => [{ title: valid.title, origin: null, completeness: false }],
    );
    return id;
  }

  /**
   * createGenericTemplateWithCopiedAnswers: one item per source questionary (of the same template, readable by
   * the caller), starting with its answers; its steps are complete only when the question's isCompleteOnCopy.
   */
  async createWithCopiedAnswers(
    session: SessionUser,
    input: {
      templateId: number | null;
      proposalPk: number | null;
      questionId: string | null;
      copyAnswersInput: { sourceQuestionaryId: number; title: string }[] | null;
    },
  ): Promise<number[]> {
    const valid = await validateInput(createGenericTemplateWithCopiedAnswersSchema, input);
    const templateId = valid.templateId as number;
    return this.add(
      session,
      valid.proposalPk as number,
      valid.questionId as string,
      templateId,
      async (config) => {
        const items: NewItem[] = [];
        for (const copy of valid.copyAnswersInput) {
          const sourceQuestionaryId = copy.sourceQuestionaryId as number;
          const source = await this.questionaryRecords.record(sourceQuestionaryId);
          if (
            !source ||
            source.templateId !== templateId ||
            !(await this.owners.mayAccess(session, source, 'read'))
          )
            throw badInput(M.missingSourceQuestionary, { copyAnswersInput: M.missingSourceQuestionary });
          items.push({
            title: copy.title,
            origin: { sourceQuestionaryId, clonedFromId: null },
            completeness: config.isCompleteOnCopy === true,
          });
        }
        return items;
      },
    );
  }

  /** cloneGenericTemplate: a copy of the item with its answers, titled `title` or "Copy of <title>". */
  async clone(session: SessionUser, genericTemplateId: number, title?: string | null): Promise<number> {
    const valid = await validateInput(cloneSubTemplateSchema, { title });
    const source = await this.existing(genericTemplateId);
    const [id] = await this.add(session, source.proposalPk, source.questionId, source.templateId, () => [
      {
        title: valid.title || `${cloneTitlePrefix} ${source.title}`,
        origin: { sourceQuestionaryId: source.questionaryId, clonedFromId: source.id },
        completeness: true,
      },
    ]);
    return id;
  }

  async update(session: SessionUser, genericTemplateId: number, title: string): Promise<void> {
    const valid = await validateInput(updateGenericTemplateSchema, { genericTemplateId, title });
    const item = await this.existing(genericTemplateId);
    const proposal = await this.placement.proposal(item.proposalPk);
    await this.commands.execute(
      new ExecuteGenericTemplateCommand(item.id, {
        type: 'UpdateGenericTemplate',
        title: valid.title,
        access: await this.accessTo(proposal, session),
      }),
    );
  }

  async delete(session: SessionUser, genericTemplateId: number): Promise<GenericTemplateRow> {
    const item = await this.existing(genericTemplateId);
    const proposal = await this.placement.proposal(item.proposalPk);
    await this.commands.execute(
      new ExecuteGenericTemplateCommand(item.id, {
        type: 'DeleteGenericTemplate',
        access: await this.accessTo(proposal, session),
      }),
    );
    return item;
  }

  /**
   * Adds items to a proposal's question. Every rule (membership, editability, placement, sources, maxEntries)
   * is checked before the first questionary is created, so a refusal appends nothing.
   */
  private async add(
    session: SessionUser,
    proposalPk: number,
    questionId: string,
    templateId: number,
    items: (config: SubTemplateConfig) => NewItem[] | Promise<NewItem[]>,
  ): Promise<number[]> {
    const proposal = await this.placement.proposal(proposalPk);
    const access = await this.accessTo(proposal, session);
    assertMayChangeGenericTemplates(access);
    const config = await this.placement.questionConfig(
      DataType.GENERIC_TEMPLATE,
      proposal,
      questionId,
      templateId,
    );
    const toAdd = await items(config);
    const existingCount = await this.repository.count(proposalPk, questionId);
    const maxEntries = config.maxEntries ?? null;
    assertMayAddGenericTemplates(access, { maxEntries, existingCount, adding: toAdd.length });

    const created: number[] = [];
    for (const [index, item] of toAdd.entries()) {
      const questionaryId = await this.questionaries.create(templateId, session.id);
      if (item.origin)
        await this.questionaries.copyAnswers(item.origin.sourceQuestionaryId, questionaryId, {
          completeness: item.completeness,
        });
      const genericTemplateId = await this.ids.next(
        GENERIC_TEMPLATE_IDS.sequence,
        GENERIC_TEMPLATE_IDS.floor,
      );
      await this.commands.execute(
        new ExecuteGenericTemplateCommand(genericTemplateId, {
          type: 'CreateGenericTemplate',
          item: {
            genericTemplateId,
            title: item.title,
            creatorId: session.id,
            proposalPk,
            questionId,
            templateId,
            questionaryId,
            origin: item.origin,
          },
          access,
          entries: { maxEntries, existingCount: existingCount + index, adding: 1 },
        }),
      );
      created.push(genericTemplateId);
    }
    return created;
  }
}
