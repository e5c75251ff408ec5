import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Role, TEMPLATE_GROUPS, TemplateCategoryId, TemplateGroupId } from '@user-office/contracts';
import { Authenticated, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { TemplateUsage, type TemplateUsageCounts } from '../../template-usage';
import {
  PdfTemplateModel,
  QuestionModel,
  QuestionsFilterInput,
  QuestionWithUsageModel,
  TemplateCategoryModel,
  TemplateGroupModel,
  TemplateModel,
  TemplatesFilterInput,
  TemplateStepModel,
} from './template.model';
import { TemplatesRepository } from './templates.repository';

const categoryName = (id: TemplateCategoryId): string =>
  id
    .toLowerCase()
    .split('_')
    .map((word, i) => (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ')
    .replace(/\besi\b/, 'ESI')
    .replace(/\bpdf\b/, 'PDF');

/** Reading templates and questions: officers build them; any logged-in user may read one template's structure. */
@Resolver(() => TemplateModel)
export class GetTemplatesResolver {
  constructor(
    private readonly repository: TemplatesRepository,
    private readonly usage: TemplateUsage,
  ) {}

  @Query(() => [TemplateModel], { description: 'Templates by archived flag, group or ids' })
  @RolesAllowed(Role.USER_OFFICER)
  getTemplates(
    @Args('filter', { type: () => TemplatesFilterInput, nullable: true }) filter?: TemplatesFilterInput,
  ): Promise<TemplateModel[]> {
    return this.repository.templates(filter ?? {});
  }

  @Query(() => TemplateModel, { nullable: true })
  @Authenticated()
  getTemplate(@Args('templateId', { type: () => Int }) templateId: number): Promise<TemplateModel | null> {
    return this.repository.template(templateId);
  }

  @Query(() => Int, {
    nullable: true,
    description: "The group's active template (new calls and items use it)",
  })
  @Authenticated()
  getActiveTemplateId(
    @Args('templateGroupId', { type: () => TemplateGroupId }) templateGroupId: TemplateGroupId,
  ): Promise<number | null> {
    return this.repository.activeTemplateId(templateGroupId);
  }

  @Query(() => [TemplateCategoryModel])
  @RolesAllowed(Role.USER_OFFICER)
  getTemplateCategories(): TemplateCategoryModel[] {
    return Object.values(TemplateCategoryId).map((categoryId) => ({
      categoryId,
      name: categoryName(categoryId),
    }));
  }

  @Query(() => [QuestionWithUsageModel], {
    description: 'The question library, with the templates using each',
  })
  @RolesAllowed(Role.USER_OFFICER)
  getQuestions(
    @Args('filter', { type: () => QuestionsFilterInput, nullable: true }) filter?: QuestionsFilterInput,
  ): Promise<QuestionWithUsageModel[]> {
    return this.repository.questions(filter ?? {});
  }

  @Query(() => Boolean, { description: 'Whether a live question already has this natural key' })
  @RolesAllowed(Role.USER_OFFICER)
  getIsNaturalKeyPresent(@Args('naturalKey') naturalKey: string): Promise<boolean> {
    return this.repository.isNaturalKeyPresent(naturalKey);
  }

  @Query(() => PdfTemplateModel, { nullable: true })
  @RolesAllowed(Role.USER_OFFICER)
  getPdfTemplate(
    @Args('pdfTemplateId', { type: () => Int }) pdfTemplateId: number,
  ): Promise<PdfTemplateModel | null> {
    return this.repository.pdfTemplate(pdfTemplateId);
  }

  @ResolveField(() => TemplateGroupModel)
  group(@Parent() template: TemplateModel): TemplateGroupModel {
    return { groupId: template.groupId, categoryId: TEMPLATE_GROUPS[template.groupId].categoryId };
  }

  @ResolveField(() => [TemplateStepModel])
  steps(@Parent() template: TemplateModel, @Context() context: GraphqlContext): Promise<TemplateStepModel[]> {
    return context.loaders
      .get<number, TemplateStepModel[]>('template.steps', async (ids) => {
        const steps = await this.repository.stepsOf(ids);
        return ids.map((id) => steps.get(id) ?? []);
      })
      .load(template.templateId);
  }

  @ResolveField(() => [QuestionModel], { description: "Questions of the template's category not on it" })
  complementaryQuestions(@Parent() template: TemplateModel): Promise<QuestionModel[]> {
    return this.repository.complementaryQuestions(template);
  }

  private counts(template: TemplateModel, context: GraphqlContext): Promise<TemplateUsageCounts> {
    return context.loaders
      .get<number, TemplateUsageCounts>('template.usage', async (ids) => {
        const counts = await this.usage.counts(ids);
        return ids.map((id) => counts.get(id) as TemplateUsageCounts);
      })
      .load(template.templateId);
  }

  @ResolveField(() => Int)
  async questionaryCount(
    @Parent() template: TemplateModel,
    @Context() context: GraphqlContext,
  ): Promise<number> {
    return (await this.counts(template, context)).questionaryCount;
  }

  @ResolveField(() => Int)
  async callCount(@Parent() template: TemplateModel, @Context() context: GraphqlContext): Promise<number> {
    return (await this.counts(template, context)).callCount;
  }

  @ResolveField(() => Int)
  async pdfCallCount(@Parent() template: TemplateModel, @Context() context: GraphqlContext): Promise<number> {
    return (await this.counts(template, context)).pdfCallCount;
  }

  @ResolveField(() => Int)
  async proposalESICallCount(
    @Parent() template: TemplateModel,
    @Context() context: GraphqlContext,
  ): Promise<number> {
    return (await this.counts(template, context)).proposalESICallCount;
  }
}
