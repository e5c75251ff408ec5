import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsRepository } from '../../../proposals';
import { QuestionariesRepository, QuestionaryModel } from '../../../questionaries';
import { GenericTemplatesService } from '../../generic-templates.service';
import { SubTemplatePlacement } from '../../sub-template-placement';
import {
  GenericTemplateModel,
  GenericTemplatesFilterInput,
  GenericTemplatesOnCopyFilterInput,
  GenericTemplateWithQuestionaryStatusModel,
} from './generic-template.model';
import { GenericTemplatesRepository } from './generic-templates.repository';

@Resolver(() => GenericTemplateModel)
export class GetGenericTemplatesResolver {
  constructor(
    private readonly genericTemplates: GenericTemplatesService,
    private readonly repository: GenericTemplatesRepository,
    private readonly placement: SubTemplatePlacement,
    private readonly proposals: ProposalsRepository,
    private readonly questionaries: QuestionariesRepository,
  ) {}

  private async readable(user: SessionUser, genericTemplateId: number) {
    const item = await this.repository.genericTemplate(genericTemplateId);
    if (!item) return null;
    await this.genericTemplates.assertMayRead(item, user);
    return item;
  }

  @Query(() => GenericTemplateModel, {
    nullable: true,
    description: "A sub template item (the proposal's members, officers)",
  })
  @Authenticated()
  getGenericTemplate(
    @CurrentUser() user: SessionUser,
    @Args('genericTemplateId', { type: () => Int }) genericTemplateId: number,
  ): Promise<GenericTemplateModel | null> {
    return this.readable(user, genericTemplateId);
  }

  @Query(() => GenericTemplateModel, {
    nullable: true,
    description: 'The same item as getGenericTemplate, for lists (ask only the fields needed)',
  })
  @Authenticated()
  getGenericTemplateMinimal(
    @CurrentUser() user: SessionUser,
    @Args('genericTemplateId', { type: () => Int }) genericTemplateId: number,
  ): Promise<GenericTemplateModel | null> {
    return this.readable(user, genericTemplateId);
  }

  @Query(() => [GenericTemplateWithQuestionaryStatusModel], {
    description:
      "Items by filter (of the caller's proposals; officers: all) with their questionary's completeness",
  })
  @Authenticated()
  async getGenericTemplatesWithQuestionaryStatus(
    @CurrentUser() user: SessionUser,
    @Args('filter', { type: () => GenericTemplatesFilterInput, nullable: true })
    filter?: GenericTemplatesFilterInput,
  ): Promise<GenericTemplateWithQuestionaryStatusModel[]> {
    const items = await this.repository.list(filter ?? {}, await this.placement.readableProposalPks(user));
    const completion = await this.questionaries.completion(items.map((i) => i.questionaryId));
    return items.map((item) => ({ ...item, isCompleted: completion.get(item.questionaryId) === true }));
  }

  @Query(() => [GenericTemplateModel], {
    description:
      "The caller's items of a template in the proposals they are a member of (the sources a new item may copy " +
      'its answers from), newest first',
  })
  @Authenticated()
  async getGenericTemplatesOnCopy(
    @CurrentUser() user: SessionUser,
    @Args('filter', { type: () => GenericTemplatesOnCopyFilterInput })
    filter: GenericTemplatesOnCopyFilterInput,
  ): Promise<GenericTemplateModel[]> {
    const proposals = (await this.proposals.ofUser(user.id)).filter(
      (p) => filter.callId == null || p.callId === filter.callId,
    );
    return this.repository.ofTemplate(
      filter.templateId,
      proposals.map((p) => p.primaryKey),
      filter.questionId ?? null,
    );
  }

  @ResolveField(() => QuestionaryModel, { nullable: true })
  questionary(@Parent() item: GenericTemplateModel): Promise<QuestionaryModel | null> {
    return this.questionaries.questionary(item.questionaryId);
  }
}

@Resolver(() => GenericTemplateWithQuestionaryStatusModel)
export class GenericTemplateWithQuestionaryStatusFieldsResolver {
  constructor(private readonly questionaries: QuestionariesRepository) {}

  @ResolveField(() => QuestionaryModel, { nullable: true })
  questionary(@Parent() item: GenericTemplateModel): Promise<QuestionaryModel | null> {
    return this.questionaries.questionary(item.questionaryId);
  }
}
