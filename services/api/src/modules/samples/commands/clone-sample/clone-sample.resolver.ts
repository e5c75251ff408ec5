import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { SampleModel } from '../../read-models/samples/sample.model';
import { SamplesRepository } from '../../read-models/samples/samples.repository';
import { SamplesService } from '../../samples.service';

@Resolver()
export class CloneSampleResolver {
  constructor(
    private readonly samples: SamplesService,
    private readonly repository: SamplesRepository,
  ) {}

  @Mutation(() => SampleModel, {
    nullable: true,
    description:
      'A copy of a sample with its answers on the same question, titled `title` or "Copy of <title>", ' +
      'PENDING_EVALUATION; isPostProposalSubmission defaults to the source sample',
  })
  @Authenticated()
  async cloneSample(
    @CurrentUser() user: SessionUser,
    @Args('sampleId', { type: () => Int }) sampleId: number,
    @Args('title', { type: () => String, nullable: true }) title: string | null,
    @Args('isPostProposalSubmission', { type: () => Boolean, nullable: true })
    isPostProposalSubmission: boolean | null,
  ): Promise<SampleModel | null> {
    return this.repository.sample(await this.samples.clone(user, sampleId, title, isPostProposalSubmission));
  }
}
