import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { QuestionModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';
import { parseConfig } from '../parse-config';

@Resolver()
export class UpdateQuestionResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => QuestionModel, {
    nullable: true,
    description:
      'Changes a question: natural key (unique), text and config (JSON, merged over the current one)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateQuestion(
    @Args('id') id: string,
    @Args('naturalKey', { nullable: true }) naturalKey?: string,
    @Args('question', { nullable: true }) question?: string,
    @Args('config', { nullable: true, description: 'JSON of the config (fields not given are kept)' })
    config?: string,
  ): Promise<QuestionModel | null> {
    await this.templates.updateQuestion(id, { naturalKey, question, config: parseConfig(config) });
    return this.repository.question(id);
  }
}
