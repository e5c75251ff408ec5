import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { GenericTemplatesService } from '../../generic-templates.service';
import { GenericTemplateModel } from '../../read-models/generic-templates/generic-template.model';
import { GenericTemplatesRepository } from '../../read-models/generic-templates/generic-templates.repository';

@Resolver()
export class CloneGenericTemplateResolver {
  constructor(
    private readonly genericTemplates: GenericTemplatesService,
    private readonly repository: GenericTemplatesRepository,
  ) {}

  @Mutation(() => GenericTemplateModel, {
    nullable: true,
    description:
      'A copy of an item with its answers and completeness, on the same question (at most maxEntries), titled ' +
      '`title` or "Copy of <title>"',
  })
  @Authenticated()
  async cloneGenericTemplate(
    @CurrentUser() user: SessionUser,
    @Args('genericTemplateId', { type: () => Int }) genericTemplateId: number,
    @Args('title', { type: () => String, nullable: true }) title: string | null,
  ): Promise<GenericTemplateModel | null> {
    return this.repository.genericTemplate(await this.genericTemplates.clone(user, genericTemplateId, title));
  }
}
