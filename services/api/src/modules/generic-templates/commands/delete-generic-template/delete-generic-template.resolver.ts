import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { GenericTemplatesService } from '../../generic-templates.service';
import { GenericTemplateModel } from '../../read-models/generic-templates/generic-template.model';

@Resolver()
export class DeleteGenericTemplateResolver {
  constructor(private readonly genericTemplates: GenericTemplatesService) {}

  @Mutation(() => GenericTemplateModel, {
    nullable: true,
    description: 'Removes an item from its proposal; members while the proposal is editable; returns it',
  })
  @Authenticated()
  deleteGenericTemplate(
    @CurrentUser() user: SessionUser,
    @Args('genericTemplateId', { type: () => Int }) genericTemplateId: number,
  ): Promise<GenericTemplateModel> {
    return this.genericTemplates.delete(user, genericTemplateId);
  }
}
