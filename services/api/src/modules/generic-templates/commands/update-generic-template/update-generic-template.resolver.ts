import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { GenericTemplatesService } from '../../generic-templates.service';
import { GenericTemplateModel } from '../../read-models/generic-templates/generic-template.model';
import { GenericTemplatesRepository } from '../../read-models/generic-templates/generic-templates.repository';

@Resolver()
export class UpdateGenericTemplateResolver {
  constructor(
    private readonly genericTemplates: GenericTemplatesService,
    private readonly repository: GenericTemplatesRepository,
  ) {}

  @Mutation(() => GenericTemplateModel, {
    nullable: true,
    description:
      'Renames an item (its GENERIC_TEMPLATE_BASIS answer); members while the proposal is editable',
  })
  @Authenticated()
  async updateGenericTemplate(
    @CurrentUser() user: SessionUser,
    @Args('genericTemplateId', { type: () => Int }) genericTemplateId: number,
    @Args('title') title: string,
  ): Promise<GenericTemplateModel | null> {
    await this.genericTemplates.update(user, genericTemplateId, title);
    return this.repository.genericTemplate(genericTemplateId);
  }
}
