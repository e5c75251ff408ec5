import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class CreateQuestionTemplateRelationResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description:
      "Places a question of the template's category on a topic at sortOrder (with the question's config)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createQuestionTemplateRelation(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('questionId') questionId: string,
    @Args('topicId', { type: () => Int }) topicId: number,
    @Args('sortOrder', { type: () => Int }) sortOrder: number,
  ): Promise<TemplateModel | null> {
    await this.templates.addQuestion(templateId, questionId, topicId, sortOrder);
    return this.repository.template(templateId);
  }
}
