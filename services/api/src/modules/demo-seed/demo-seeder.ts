import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  createQuestionSchema,
  createTemplateSchema,
  createTopicSchema,
  DEMO_SEED_STREAM_ID,
  DEV_ACCOUNTS,
  dependenciesSchema,
  questionType,
  TEMPLATE_GROUPS,
  TemplateGroupId,
  updateTopicSchema,
  WorkflowType,
  type DemoSeededData,
  type Dependency,
  type Unit,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { RequestContext } from '../../platform/context/request-context';
import { EventSourcing } from '../../platform/cqrs/event-sourcing';
import { validateInput } from '../../platform/validation/validate-input';
import { CallsRepository, CallsService } from '../calls';
import { TemplatesService } from '../templates';
import { UnitsRepository } from '../units';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
import { ExecuteDemoSeedCommand } from './commands/execute-demo-seed-command';
import {
  DEMO_DEPENDENCY_OPERATOR,
  DEMO_LENGTH_UNIT_IDS,
  DEMO_OPTIONS_PATH,
  DEMO_PDF_TEMPLATE,
  DEMO_SAMPLE_TEMPLATE,
  DEMO_SUB_TEMPLATE,
  DEMO_TECHNICAL_REVIEW_TEMPLATE,
  DEMO_ESI_TEMPLATE,
  DEMO_SAMPLE_ESI_TEMPLATE,
  DEMO_TEMPERATURE_UNIT_IDS,
  demoCallInput,
  demoProposalTemplate,
  type DemoDependency,
  type DemoQuestion,
  type DemoTemplate,
} from './domain/demo-content';
import { demoSeedDecider } from './domain/demo-seed.decide';
import { DemoShipments } from './demo-shipments';
import { DemoFeedback } from './demo-feedback';
import { DemoStaffWork } from './demo-staff-work';
import { DemoVisits } from './demo-visits';

export interface DemoSeedResult {
  /** false: the demo had been seeded before (nothing was appended) */
  seeded: boolean;
  callId?: number;
  templateId?: number;
}

/**
 * Seeds the demo (see domain/demo-content.ts) as the System, through the same validation and commands as the
 * GraphQL mutations: the development IdP's accounts, the demo templates and the open call DEMO on the default
 * proposal workflow; then records DemoSeeded on the `demo-seed` stream. Idempotent: once recorded, nothing happens.
 */
@Injectable()
export class DemoSeeder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventSourcing,
    private readonly commands: CommandBus,
    private readonly users: UsersService,
    private readonly templates: TemplatesService,
    private readonly calls: CallsService,
    private readonly callsRepository: CallsRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly units: UnitsRepository,
    private readonly staffWork: DemoStaffWork,
    private readonly shipments: DemoShipments,
    private readonly demoVisits: DemoVisits,
    private readonly feedback: DemoFeedback,
  ) {}

  /** The demo recorded on the `demo-seed` stream, or null. */
  async recorded(): Promise<DemoSeededData | null> {
    const { state } = await this.events.load(
      DEMO_SEED_STREAM_ID,
      demoSeedDecider.initialState,
      demoSeedDecider.evolve,
    );
    return state.seeded;
  }

  /** An empty store, as far as the demo is concerned: no demo recorded and no call created yet. */
  async isStoreEmpty(): Promise<boolean> {
    return (await this.recorded()) === null && (await this.callsRepository.calls()).length === 0;
  }

  async seed(): Promise<DemoSeedResult> {
    return RequestContext.run({}, async () => {
      const before = await this.recorded();
      if (before) return { seeded: false, callId: before.callId, templateId: before.templateId };
      const proposalWorkflowId = await this.workflows.defaultWorkflowId(WorkflowType.PROPOSAL);
      if (proposalWorkflowId === null)
        throw new Error('The demo needs the default proposal workflow, which does not exist');

      const userIds = await this.seedAccounts();
      const subTemplateId = await this.createTemplate(DEMO_SUB_TEMPLATE);
      const sampleTemplateId = await this.createTemplate(DEMO_SAMPLE_TEMPLATE);
      const pdfTemplateId = await this.newTemplate(DEMO_PDF_TEMPLATE);
      const templateId = await this.createTemplate(
        demoProposalTemplate({
          lengthUnits: await this.unitsOf(DEMO_LENGTH_UNIT_IDS),
          temperatureUnits: await this.unitsOf(DEMO_TEMPERATURE_UNIT_IDS),
          subTemplateId,
          sampleTemplateId,
          optionsUrl: `${this.config.publicUrl}${DEMO_OPTIONS_PATH}`,
        }),
      );
      await this.templates.setActiveTemplate(TemplateGroupId.PROPOSAL_QUESTIONARY, templateId);
      // the technical reviews of the demo's proposals are answered in this template's wizard
      const technicalReviewTemplateId = await this.createTemplate(DEMO_TECHNICAL_REVIEW_TEMPLATE);
      await this.templates.setActiveTemplate(TemplateGroupId.TECHNICAL_REVIEW, technicalReviewTemplateId);
      // the experiments' safety inputs: the call's ESI template and the active sample ESI template
      const esiTemplateId = await this.createTemplate(DEMO_ESI_TEMPLATE);
      const sampleEsiTemplateId = await this.createTemplate(DEMO_SAMPLE_ESI_TEMPLATE);
      await this.templates.setActiveTemplate(TemplateGroupId.SAMPLE_ESI, sampleEsiTemplateId);
      const call = demoCallInput(new Date(), {
        templateId,
        pdfTemplateId,
        proposalWorkflowId,
        technicalReviewTemplateId,
        esiTemplateId,
      });
      const callId = await this.calls.create(call);
      await this.staffWork.seed(callId);
      await this.shipments.seed((template) => this.createTemplate(template));
      await this.demoVisits.seed((template) => this.createTemplate(template));
      await this.feedback.seed(callId, (template) => this.createTemplate(template));
      await this.commands.execute(
        new ExecuteDemoSeedCommand({
          type: 'RecordDemoSeeded',
          demo: {
            callId,
            callShortCode: call.shortCode,
            templateId,
            subTemplateId,
            sampleTemplateId,
            pdfTemplateId,
            userIds,
          },
        }),
      );
      return { seeded: true, callId, templateId };
    });
  }

  /** The development IdP's accounts as users (found at their first login by OIDC subject), unless they exist. */
  private async seedAccounts(): Promise<number[]> {
    const created: number[] = [];
    for (const account of DEV_ACCOUNTS) {
      if ((await this.users.byOidcSub(account.sub)) || (await this.users.byEmail(account.email))) continue;
      const { user } = await this.users.create({
        firstname: account.firstname,
        lastname: account.lastname,
        username: account.username,
        email: account.email,
        oidcSub: account.sub,
        placeholder: false,
        roles: [...account.roles],
        source: 'seed',
      });
      created.push(user.id);
    }
    return created;
  }

  private async unitsOf(ids: readonly string[]): Promise<Unit[]> {
    return (await this.units.byIds(ids)).map(({ id, unit, quantity, symbol, siConversionFormula }) => ({
      id,
      unit,
      quantity,
      symbol,
      siConversionFormula,
    }));
  }

  /** createTemplate: the template with its first topic (and its group's basis question). */
  private async newTemplate(input: {
    groupId: TemplateGroupId;
    name: string;
    description: string;
  }): Promise<number> {
    const valid = await validateInput(createTemplateSchema, input);
    return this.templates.createTemplate(valid.groupId, valid.name, valid.description);
  }

  /** A template as an officer would design it: topics, questions (key, text, config) and dependencies. */
  private async createTemplate(template: DemoTemplate): Promise<number> {
    const templateId = await this.newTemplate(template);
    const { categoryId } = TEMPLATE_GROUPS[template.groupId];
    const firstTopicId = (await this.templates.existingStructure(templateId)).steps[0].topic.id;
    await this.renameTopic(templateId, firstTopicId, template.firstTopicTitle);
    // after the basis question
    await this.addQuestions(templateId, categoryId, firstTopicId, template.firstTopicQuestions, 1);
    for (const [index, topic] of template.topics.entries()) {
      const topicId = await this.createTopic(templateId, index + 1, topic.title);
      await this.addQuestions(templateId, categoryId, topicId, topic.questions, 0);
    }
    for (const dependency of template.dependencies) await this.addDependency(templateId, dependency);
    return templateId;
  }

  /** updateTopic (title only) */
  private async renameTopic(templateId: number, topicId: number, title: string): Promise<void> {
    const valid = await validateInput(updateTopicSchema, { id: topicId, title });
    await this.templates.onTemplate(templateId, {
      type: 'UpdateTopic',
      topicId,
      title: valid.title,
      isEnabled: valid.isEnabled,
      sortOrder: valid.sortOrder,
    });
  }

  /** createTopic */
  private async createTopic(templateId: number, sortOrder: number, title: string): Promise<number> {
    const valid = await validateInput(createTopicSchema, { templateId, sortOrder, title });
    const topicId = await this.templates.nextTopicId();
    await this.templates.onTemplate(templateId, {
      type: 'CreateTopic',
      topicId,
      sortOrder: valid.sortOrder,
      title: valid.title ?? title,
    });
    return topicId;
  }

  /** createQuestion, updateQuestion (key, text, config) and createQuestionTemplateRelation, for each question */
  private async addQuestions(
    templateId: number,
    categoryId: (typeof TEMPLATE_GROUPS)[TemplateGroupId]['categoryId'],
    topicId: number,
    questions: readonly DemoQuestion[],
    firstSortOrder: number,
  ): Promise<void> {
    for (const [index, question] of questions.entries()) {
      const valid = await validateInput(createQuestionSchema, { categoryId, dataType: question.dataType });
      const questionId = await this.templates.createQuestion(valid.categoryId, valid.dataType);
      await this.templates.updateQuestion(questionId, {
        naturalKey: question.naturalKey,
        question: question.question,
        config: question.config as Record<string, unknown>,
      });
      await this.templates.addQuestion(templateId, questionId, topicId, firstSortOrder + index);
    }
  }

  /** updateQuestionTemplateRelationSettings: the question's dependency (its config on the template kept) */
  private async addDependency(templateId: number, dependency: DemoDependency): Promise<void> {
    const structure = await this.templates.existingStructure(templateId);
    const fields = structure.steps.flatMap((step) => step.fields);
    const byKey = (key: string) => {
      const field = fields.find((f) => f.question.naturalKey === key);
      if (!field) throw new Error(`The demo question ${key} is not on template ${templateId}`);
      return field;
    };
    const field = byKey(dependency.naturalKey);
    const target = byKey(dependency.dependsOn);
    const config = await validateInput(questionType(field.question.dataType).configSchema, field.config);
    const dependencies = (await validateInput(dependenciesSchema, [
      {
        dependencyId: target.question.id,
        questionId: field.question.id,
        dependencyNaturalKey: target.question.naturalKey,
        condition: { condition: DEMO_DEPENDENCY_OPERATOR, params: dependency.equals },
      },
    ])) as Dependency[];
    await this.templates.onTemplate(templateId, {
      type: 'UpdateQuestionSettings',
      questionId: field.question.id,
      config: config as unknown as Record<string, unknown>,
      dependencies,
      dependenciesOperator: field.dependenciesOperator,
      questions: await this.templates.templateQuestionFacts(templateId),
    });
  }
}
