import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { SampleModel } from '../../read-models/samples/sample.model';
import { SamplesRepository } from '../../read-models/samples/samples.repository';
import { SamplesService } from '../../samples.service';

@Resolver()
export class CreateSampleResolver {
  constructor(
    private readonly samples: SamplesService,
    private readonly repository: SamplesRepository,
  ) {}

  @Mutation(() => SampleModel, {
    nullable: true,
    description:
      "A sample of a proposal's SAMPLE_DECLARATION question (the question's template, at most maxEntries before " +
      'submission), PENDING_EVALUATION, with an empty questionary; members while the proposal is editable, and ' +
      'post-submission samples (isPostProposalSubmission) once it is submitted',
  })
  @Authenticated()
  async createSample(
    @CurrentUser() user: SessionUser,
    @Args('title') title: string,
    @Args('templateId', { type: () => Int, nullable: true }) templateId: number | null,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
    @Args('questionId', { type: () => String, nullable: true }) questionId: string | null,
    @Args('isPostProposalSubmission', { type: () => Boolean, nullable: true })
    isPostProposalSubmission: boolean | null,
  ): Promise<SampleModel | null> {
    const id = await this.samples.create(user, {
      title,
      templateId,
      proposalPk,
      questionId,
      isPostProposalSubmission,
    });
    return this.repository.sample(id);
  }
}
