import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class UpdateQuestionTemplateRelationResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, { nullable: true, description: 'Moves a question to a topic and position' })
  @RolesAllowed(Role.USER_OFFICER)
  async updateQuestionTemplateRelation(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('questionId') questionId: string,
    @Args('topicId', { type: () => Int }) topicId: number,
    @Args('sortOrder', { type: () => Int }) sortOrder: number,
  ): Promise<TemplateModel | null> {
    await this.templates.existingTemplate(templateId);
    await this.templates.onTemplate(templateId, {
      type: 'MoveQuestion',
      questionId,
      topicId,
      sortOrder: Math.max(0, sortOrder),
    });
    return this.repository.template(templateId);
  }
}
