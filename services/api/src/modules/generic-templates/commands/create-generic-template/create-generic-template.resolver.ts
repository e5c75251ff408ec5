import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { GenericTemplatesService } from '../../generic-templates.service';
import { GenericTemplateModel } from '../../read-models/generic-templates/generic-template.model';
import { GenericTemplatesRepository } from '../../read-models/generic-templates/generic-templates.repository';

@Resolver()
export class CreateGenericTemplateResolver {
  constructor(
    private readonly genericTemplates: GenericTemplatesService,
    private readonly repository: GenericTemplatesRepository,
  ) {}

  @Mutation(() => GenericTemplateModel, {
    nullable: true,
    description:
      "An item of a proposal's GENERIC_TEMPLATE question (the question's template, at most maxEntries), with an " +
      'empty questionary; members while the proposal is editable',
  })
  @Authenticated()
  async createGenericTemplate(
    @CurrentUser() user: SessionUser,
    @Args('title') title: string,
    @Args('templateId', { type: () => Int, nullable: true }) templateId: number | null,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
    @Args('questionId', { type: () => String, nullable: true }) questionId: string | null,
  ): Promise<GenericTemplateModel | null> {
    const id = await this.genericTemplates.create(user, { title, templateId, proposalPk, questionId });
    return this.repository.genericTemplate(id);
  }
}
