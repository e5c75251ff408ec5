import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { createQuestionSchema, DataType, Role, TemplateCategoryId } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { QuestionModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class CreateQuestionResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => QuestionModel, {
    nullable: true,
    description:
      "Creates a question of a category with its type's default config; its natural key starts as its id",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createQuestion(
    @Args('categoryId', { type: () => TemplateCategoryId }) categoryId: TemplateCategoryId,
    @Args('dataType', { type: () => DataType }) dataType: DataType,
  ): Promise<QuestionModel | null> {
    const valid = await validateInput(createQuestionSchema, { categoryId, dataType });
    const questionId = await this.templates.createQuestion(valid.categoryId, valid.dataType);
    return this.repository.question(questionId);
  }
}
