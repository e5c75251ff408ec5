import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  basisQuestionId,
  basisQuestionText,
  DependenciesLogicOperator,
  NEW_TOPIC_TITLE,
  questionType,
  TEMPLATE_GROUPS,
  TemplateGroupId,
  templateMessages,
  questionFormSchema,
  type QuestionFormContext,
  type DataType,
  type PdfTemplateData,
  type QuestionData,
  type TemplateCategoryId,
  type TemplateCreatedData,
} from '@user-office/contracts';
import { IdSequences } from '../../platform/database/id-sequences';
import { badInput, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ExecuteTemplateCommand } from './commands/execute-template-command';
import { DEFAULT_PDF_TEMPLATE } from './domain/default-pdf-template';
import type { QuestionFacts, TemplateCommand } from './domain/template.decide';
import type { QuestionModel, TemplateModel } from './read-models/templates/template.model';
import { TemplatesRepository, type TemplateStructure } from './read-models/templates/templates.repository';
import { TemplateUsage } from './template-usage';

const M = templateMessages;

/** Id sequences of the templates module (floors: a read model rebuilt from another store keeps its ids). */
const TEMPLATE_IDS = { sequence: 'template_id_seq', floor: { table: 'templates', column: 'template_id' } };
const TOPIC_IDS = { sequence: 'topic_id_seq', floor: { table: 'template_topics', column: 'topic_id' } };
const QUESTION_IDS = 'question_id_seq';

/** The use cases of templates and questions that need more than one stream or facts from the read model. */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: TemplatesRepository,
    private readonly ids: IdSequences,
    private readonly usage: TemplateUsage,
  ) {}

  /** Runs a command on a template's stream. */
  async onTemplate(templateId: number, command: TemplateCommand): Promise<void> {
    await this.commands.execute(new ExecuteTemplateCommand({ kind: 'template', templateId, command }));
  }

  async nextTopicId(): Promise<number> {
    return this.ids.next(TOPIC_IDS.sequence, TOPIC_IDS.floor);
  }

  async nextTemplateId(): Promise<number> {
    return this.ids.next(TEMPLATE_IDS.sequence, TEMPLATE_IDS.floor);
  }

  /** The template (not deleted) or NOT_FOUND. */
  async existingTemplate(templateId: number): Promise<TemplateModel> {
    const template = await this.repository.template(templateId);
    if (!template) throw notFound(M.templateNotFound);
    return template;
  }

  async existingStructure(templateId: number): Promise<TemplateStructure> {
    const structure = await this.repository.structure(templateId);
    if (!structure) throw notFound(M.templateNotFound);
    return structure;
  }

  /** The basis question of a data type, created by the System the first time a template needs it. */
  async ensureBasisQuestion(dataType: DataType, categoryId: TemplateCategoryId): Promise<QuestionModel> {
    const questionId = basisQuestionId(dataType);
    const question: QuestionData = {
      questionId,
      categoryId,
      dataType,
      naturalKey: questionId,
      question: basisQuestionText(dataType),
      config: questionType(dataType).defaultConfig() as unknown as Record<string, unknown>,
    };
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId,
        command: { type: 'CreateQuestion', question, ifAbsent: true },
      }),
    );
    const created = await this.repository.question(questionId);
    if (!created) throw new Error(`Basis question ${questionId} was not created`);
    return created;
  }

  /** createTemplate: the template with a first topic holding its group's basis question (PDF: a layout). */
  async createTemplate(groupId: TemplateGroupId, name: string, description: string): Promise<number> {
    const group = TEMPLATE_GROUPS[groupId];
    const basis = group.basisDataType
      ? await this.ensureBasisQuestion(group.basisDataType, group.categoryId)
      : null;
    const templateId = await this.nextTemplateId();
    const topicId = await this.nextTopicId();
    const template: TemplateCreatedData = {
      templateId,
      groupId,
      name,
      description,
      origin: 'created',
      sourceTemplateId: null,
      topics: [{ topicId, title: NEW_TOPIC_TITLE, sortOrder: 0, isEnabled: true }],
      fields: basis
        ? [
            {
              questionId: basis.id,
              topicId,
              sortOrder: 0,
              config: basis.config,
              dependencies: [],
              dependenciesOperator: DependenciesLogicOperator.AND,
            },
          ]
        : [],
      pdf: groupId === TemplateGroupId.PDF ? { ...DEFAULT_PDF_TEMPLATE } : null,
    };
    await this.onTemplate(templateId, { type: 'CreateTemplate', template });
    return templateId;
  }

  /** cloneTemplate: a copy named "Copy of …" with new topic ids, the same questions, configs and dependencies. */
  async cloneTemplate(sourceId: number): Promise<number> {
    const source = await this.existingStructure(sourceId);
    const pdf = source.groupId === TemplateGroupId.PDF ? await this.repository.pdfTemplate(sourceId) : null;
    const templateId = await this.nextTemplateId();
    const topicIds = new Map<number, number>();
    for (const step of source.steps) topicIds.set(step.topic.id, await this.nextTopicId());
    const template: TemplateCreatedData = {
      templateId,
      groupId: source.groupId,
      name: `Copy of ${source.name}`,
      description: source.description,
      origin: 'cloned',
      sourceTemplateId: sourceId,
      topics: source.steps.map((step) => ({
        topicId: topicIds.get(step.topic.id) as number,
        title: step.topic.title,
        sortOrder: step.topic.sortOrder,
        isEnabled: step.topic.isEnabled,
      })),
      fields: source.steps.flatMap((step) =>
        step.fields.map((field) => ({
          questionId: field.question.id,
          topicId: topicIds.get(step.topic.id) as number,
          sortOrder: field.sortOrder,
          config: field.config,
          dependencies: field.dependencies.map((d) => ({ ...d, condition: { ...d.condition } })),
          dependenciesOperator: field.dependenciesOperator,
        })),
      ),
      pdf: pdf ? pdfParts(pdf) : null,
    };
    await this.onTemplate(templateId, { type: 'CreateTemplate', template });
    return templateId;
  }

  async deleteTemplate(templateId: number): Promise<void> {
    await this.existingTemplate(templateId);
    const inUse = await this.usage.inUse(templateId);
    await this.onTemplate(templateId, { type: 'DeleteTemplate', inUse });
  }

  async setActiveTemplate(groupId: TemplateGroupId, templateId: number): Promise<void> {
    const template = await this.existingTemplate(templateId);
    if (template.groupId !== groupId) throw badInput(M.wrongGroup);
    if (template.isArchived) throw badInput(M.archivedNotActive);
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'group',
        groupId,
        command: { type: 'SetActiveTemplate', groupId, templateId },
      }),
    );
  }

  /** createQuestion: a question of the category with the type's default config; its key starts as its id. */
  async createQuestion(categoryId: TemplateCategoryId, dataType: DataType): Promise<string> {
    if (questionType(dataType).isBasis) throw badInput('Basis questions are created with their template');
    // an imported question may hold an id the sequence would give: skip the ids in use
    let questionId: string;
    do questionId = `${dataType.toLowerCase()}_${await this.ids.next(QUESTION_IDS)}`;
    while (await this.repository.isQuestionIdUsed(questionId));
    const question: QuestionData = {
      questionId,
      categoryId,
      dataType,
      naturalKey: questionId,
      question: 'New question',
      config: questionType(dataType).defaultConfig() as unknown as Record<string, unknown>,
    };
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId,
        command: { type: 'CreateQuestion', question },
      }),
    );
    return questionId;
  }

  async deleteQuestion(questionId: string): Promise<void> {
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(M.questionNotFound);
    const usedByTemplates = await this.repository.templatesUsingQuestion(questionId);
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId,
        command: {
          type: 'DeleteQuestion',
          usedByTemplates,
          isBasis: questionType(question.dataType).isBasis,
        },
      }),
    );
  }

  /**
   * updateQuestion: natural key (unique; its own may be kept), text and config (merged over the current one),
   * validated with the question form schema of contracts, then the UpdateQuestion command.
   */
  async updateQuestion(
    questionId: string,
    changes: { naturalKey?: string; question?: string; config?: Record<string, unknown> },
  ): Promise<void> {
    const existing = await this.repository.question(questionId);
    if (!existing) throw notFound(M.questionNotFound);
    const context: QuestionFormContext = {
      originalKey: existing.naturalKey,
      isNaturalKeyTaken: async (key) => {
        const holder = await this.repository.questionByNaturalKey(key);
        return holder !== null && holder.id !== questionId;
      },
    };
    const valid = await validateInput(
      questionFormSchema(existing.dataType),
      {
        naturalKey: changes.naturalKey ?? existing.naturalKey,
        question: changes.question ?? existing.question,
        config: { ...existing.config, ...changes.config },
      },
      context as Record<string, unknown>,
    );
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId,
        command: {
          type: 'UpdateQuestion',
          naturalKey: valid.naturalKey,
          question: valid.question,
          config: valid.config as unknown as Record<string, unknown>,
        },
      }),
    );
  }

  /** What the template decider needs to know of a question. */
  async questionFacts(questionId: string): Promise<QuestionFacts> {
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(M.questionNotFound);
    return factsOf(question);
  }

  /** createQuestionTemplateRelation: places a question of the template's category on a topic. */
  async addQuestion(
    templateId: number,
    questionId: string,
    topicId: number,
    sortOrder: number,
  ): Promise<void> {
    const template = await this.existingTemplate(templateId);
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(M.questionNotFound);
    if (question.categoryId !== TEMPLATE_GROUPS[template.groupId].categoryId)
      throw badInput(M.questionWrongCategory);
    await this.onTemplate(templateId, {
      type: 'AddQuestion',
      question: factsOf(question),
      config: question.config,
      topicId,
      sortOrder,
    });
  }

  /** The facts of every question on a template (dependency validation). */
  async templateQuestionFacts(templateId: number): Promise<QuestionFacts[]> {
    const structure = await this.existingStructure(templateId);
    return structure.steps.flatMap((step) => step.fields.map((field) => factsOf(field.question)));
  }
}

export function factsOf(question: QuestionModel): QuestionFacts {
  return {
    questionId: question.id,
    naturalKey: question.naturalKey,
    dataType: question.dataType,
    categoryId: question.categoryId,
    isBasis: questionType(question.dataType).isBasis,
  };
}

export function pdfParts(pdf: PdfTemplateData): PdfTemplateData {
  return {
    templateData: pdf.templateData,
    templateHeader: pdf.templateHeader,
    templateFooter: pdf.templateFooter,
    templateSampleDeclaration: pdf.templateSampleDeclaration,
    dummyData: pdf.dummyData,
  };
}
