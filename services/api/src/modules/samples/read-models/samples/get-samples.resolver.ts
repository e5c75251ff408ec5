import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { isOfficer } from '../../../generic-templates';
import { ProposalReaders } from '../../../proposals';
import { QuestionariesRepository, QuestionaryModel } from '../../../questionaries';
import { SamplesService } from '../../samples.service';
import { SampleModel, SamplesFilterInput, SampleWithQuestionaryStatusModel } from './sample.model';
import { SamplesRepository } from './samples.repository';

@Resolver(() => SampleModel)
export class GetSamplesResolver {
  constructor(
    private readonly samples: SamplesService,
    private readonly repository: SamplesRepository,
    private readonly readers: ProposalReaders,
    private readonly questionaries: QuestionariesRepository,
  ) {}

  @Query(() => SampleModel, {
    nullable: true,
    description:
      'A sample (whoever may read its proposal; refused like the proposal when missing, officers: null)',
  })
  @Authenticated()
  async getSample(
    @CurrentUser() user: SessionUser,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<SampleModel | null> {
    const sample = await this.repository.sample(sampleId);
    if (!sample) return this.readers.missing(user);
    await this.samples.assertMayRead(sample, user);
    return sample;
  }

  @Query(() => [SampleWithQuestionaryStatusModel], {
    description:
      'Samples by filter (of the proposals the caller may read) with their ' + "questionary's completeness",
  })
  @Authenticated()
  async getSamplesWithQuestionaryStatus(
    @CurrentUser() user: SessionUser,
    @Args('filter', { type: () => SamplesFilterInput, nullable: true }) filter?: SamplesFilterInput,
  ): Promise<SampleWithQuestionaryStatusModel[]> {
    // the samples of the proposals the caller may read (the one rule)
    const listed = await this.repository.list(filter ?? {}, null);
    const samples = isOfficer(user) ? listed : await this.readers.filter(user, listed, (s) => s.proposalPk);
    const completion = await this.questionaries.completion(samples.map((s) => s.questionaryId));
    return samples.map((sample) => ({
      ...sample,
      isCompleted: completion.get(sample.questionaryId) === true,
    }));
  }

  @ResolveField(() => QuestionaryModel, { nullable: true })
  questionary(@Parent() sample: SampleModel): Promise<QuestionaryModel | null> {
    return this.questionaries.questionary(sample.questionaryId);
  }
}

@Resolver(() => SampleWithQuestionaryStatusModel)
export class SampleWithQuestionaryStatusFieldsResolver {
  constructor(private readonly questionaries: QuestionariesRepository) {}

  @ResolveField(() => QuestionaryModel, { nullable: true })
  questionary(@Parent() sample: SampleModel): Promise<QuestionaryModel | null> {
    return this.questionaries.questionary(sample.questionaryId);
  }
}
