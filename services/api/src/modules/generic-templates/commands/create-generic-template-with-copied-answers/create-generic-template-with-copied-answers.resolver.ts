import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { GenericTemplatesService } from '../../generic-templates.service';
import {
  CopyAnswerInput,
  GenericTemplateModel,
} from '../../read-models/generic-templates/generic-template.model';
import { GenericTemplatesRepository } from '../../read-models/generic-templates/generic-templates.repository';

@Resolver()
export class CreateGenericTemplateWithCopiedAnswersResolver {
  constructor(
    private readonly genericTemplates: GenericTemplatesService,
    private readonly repository: GenericTemplatesRepository,
  ) {}

  @Mutation(() => [GenericTemplateModel], {
    nullable: true,
    description:
      'One item per source questionary (same template, readable by the caller), starting with its answers; the ' +
      "copies' steps are complete only when the question's isCompleteOnCopy",
  })
  @Authenticated()
  async createGenericTemplateWithCopiedAnswers(
    @CurrentUser() user: SessionUser,
    @Args('templateId', { type: () => Int, nullable: true }) templateId: number | null,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
    @Args('questionId', { type: () => String, nullable: true }) questionId: string | null,
    @Args('copyAnswersInput', { type: () => [CopyAnswerInput], nullable: true })
    copyAnswersInput: CopyAnswerInput[] | null,
  ): Promise<GenericTemplateModel[]> {
    const ids = await this.genericTemplates.createWithCopiedAnswers(user, {
      templateId,
      proposalPk,
      questionId,
      copyAnswersInput,
    });
    return this.repository.list({ genericTemplateIds: ids }, null);
  }
}
