import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { SubTemplatePlacement } from '../../../generic-templates';
import { QuestionariesRepository, QuestionaryModel } from '../../../questionaries';
import { maySeeAllSamples, SamplesService } from '../../samples.service';
import { SampleModel, SamplesFilterInput, SampleWithQuestionaryStatusModel } from './sample.model';
import { SamplesRepository } from './samples.repository';

@Resolver(() => SampleModel)
export class GetSamplesResolver {
  constructor(
    private readonly samples: SamplesService,
    private readonly repository: SamplesRepository,
    private readonly placement: SubTemplatePlacement,
    private readonly questionaries: QuestionariesRepository,
  ) {}

  @Query(() => SampleModel, {
    nullable: true,
    description: "A sample (the proposal's members, officers, experiment safety reviewers)",
  })
  @Authenticated()
  async getSample(
    @CurrentUser() user: SessionUser,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<SampleModel | null> {
    const sample = await this.repository.sample(sampleId);
    if (!sample) return null;
    await this.samples.assertMayRead(sample, user);
    return sample;
  }

  @Query(() => [SampleWithQuestionaryStatusModel], {
    description:
      "Samples by filter (of the caller's proposals; officers and experiment safety reviewers: all) with their " +
      "questionary's completeness",
  })
  @Authenticated()
  async getSamplesWithQuestionaryStatus(
    @CurrentUser() user: SessionUser,
    @Args('filter', { type: () => SamplesFilterInput, nullable: true }) filter?: SamplesFilterInput,
  ): Promise<SampleWithQuestionaryStatusModel[]> {
    const proposalPks = maySeeAllSamples(user) ? null : await this.placement.readableProposalPks(user);
    const samples = await this.repository.list(filter ?? {}, proposalPks);
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
