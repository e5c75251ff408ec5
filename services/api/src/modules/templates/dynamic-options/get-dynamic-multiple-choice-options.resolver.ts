import { Args, Query, Resolver } from '@nestjs/graphql';
import { DataType, templateMessages, type DynamicMultipleChoiceConfig } from '@user-office/contracts';
import { Authenticated } from '../../../platform/auth/policy.decorators';
import { badInput, notFound } from '../../../platform/errors/app-error';
import { TemplatesRepository } from '../read-models/templates/templates.repository';
import { DynamicOptionsFetcher } from './dynamic-options.fetcher';

@Resolver()
export class GetDynamicMultipleChoiceOptionsResolver {
  constructor(
    private readonly repository: TemplatesRepository,
    private readonly fetcher: DynamicOptionsFetcher,
  ) {}

  @Query(() => [String], {
    description:
      'The options of a dynamic multiple-choice question, fetched from its configured URL (never an internal address unless allowed by DYNAMIC_OPTIONS_ALLOWED_HOSTS)',
  })
  @Authenticated()
  async getDynamicMultipleChoiceOptions(@Args('questionId') questionId: string): Promise<string[]> {
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(templateMessages.questionNotFound);
    if (question.dataType !== DataType.DYNAMIC_MULTIPLE_CHOICE)
      throw badInput('The question is not a dynamic multiple-choice question');
    const config = question.config as unknown as DynamicMultipleChoiceConfig;
    return this.fetcher.fetchOptions({
      url: config.url,
      jsonPath: config.jsonPath ?? '',
      apiCallRequestHeaders: config.apiCallRequestHeaders ?? [],
    });
  }
}
