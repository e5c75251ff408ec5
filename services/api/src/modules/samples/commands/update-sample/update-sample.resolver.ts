import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { SafetyStatus } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { SampleModel } from '../../read-models/samples/sample.model';
import { SamplesRepository } from '../../read-models/samples/samples.repository';
import { SamplesService } from '../../samples.service';

@Resolver()
export class UpdateSampleResolver {
  constructor(
    private readonly samples: SamplesService,
    private readonly repository: SamplesRepository,
  ) {}

  @Mutation(() => SampleModel, {
    nullable: true,
    description:
      'The title (its SAMPLE_BASIS answer; members while the sample may be changed) and the safety evaluation ' +
      '(officers and experiment safety reviewers only)',
  })
  @Authenticated()
  async updateSample(
    @CurrentUser() user: SessionUser,
    @Args('sampleId', { type: () => Int }) sampleId: number,
    @Args('title', { type: () => String, nullable: true }) title: string | null,
    @Args('safetyStatus', { type: () => SafetyStatus, nullable: true }) safetyStatus: SafetyStatus | null,
    @Args('safetyComment', { type: () => String, nullable: true }) safetyComment: string | null,
  ): Promise<SampleModel | null> {
    await this.samples.update(user, { sampleId, title, safetyStatus, safetyComment });
    return this.repository.sample(sampleId);
  }
}
