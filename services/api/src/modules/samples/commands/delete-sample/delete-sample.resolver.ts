import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { SampleModel } from '../../read-models/samples/sample.model';
import { SamplesService } from '../../samples.service';

@Resolver()
export class DeleteSampleResolver {
  constructor(private readonly samples: SamplesService) {}

  @Mutation(() => SampleModel, {
    nullable: true,
    description:
      'Removes a sample; members while the sample may be changed; once the proposal is submitted only ' +
      'post-submission samples; returns it',
  })
  @Authenticated()
  deleteSample(
    @CurrentUser() user: SessionUser,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<SampleModel> {
    return this.samples.delete(user, sampleId);
  }
}
