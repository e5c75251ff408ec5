import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { questionFormSchema, Role, templateMessages, type QuestionFormContext } from '@user-office/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { QuestionModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { parseConfig } from '../parse-config';
import { ExecuteTemplateCommand } from '../execute-template-command';

@Resolver()
export class UpdateQuestionResolver {
  constructor(
    private readonly commands: CommandBus,
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
    const existing = await this.repository.question(id);
    if (!existing) throw notFound(templateMessages.questionNotFound);
    const context: QuestionFormContext = {
      originalKey: existing.naturalKey,
      isNaturalKeyTaken: async (key) => {
        const holder = await this.repository.questionByNaturalKey(key);
        return holder !== null && holder.id !== id;
      },
    };
    const valid = await validateInput(
      questionFormSchema(existing.dataType),
      {
        naturalKey: naturalKey ?? existing.naturalKey,
        question: question ?? existing.question,
        config: { ...existing.config, ...parseConfig(config) },
      },
      context as Record<string, unknown>,
    );
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId: id,
        command: {
          type: 'UpdateQuestion',
          naturalKey: valid.naturalKey,
          question: valid.question,
          config: valid.config as unknown as Record<string, unknown>,
        },
      }),
    );
    return this.repository.question(id);
  }
}
