import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalReaders, ProposalsRepository } from '../../../proposals';
import { SampleModel, SamplesRepository } from '../../../samples';
import { ExperimentSafetyService, SAFETY_REVIEW_READERS } from '../../experiment-safety.service';
import { ExperimentModel, ExperimentProposalModel } from '../experiments/experiment.model';
import {
  ExperimentSafetyModel,
  ExperimentSafetyReviewsFilterInput,
  ExperimentSampleModel,
} from './experiment-safety.model';
import { ExperimentSafetyRepository } from './experiment-safety.repository';

const READERS = [Role.USER, ...SAFETY_REVIEW_READERS];

@Resolver(() => ExperimentSafetyModel)
export class GetExperimentSafetyResolver {
  constructor(
    private readonly service: ExperimentSafetyService,
    private readonly repository: ExperimentSafetyRepository,
    private readonly proposals: ProposalsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  @Query(() => ExperimentSafetyModel, {
    nullable: true,
    description:
      'An experiment safety input (refused like its proposal when it does not exist or the caller may not see it; officers: null when missing)',
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(...READERS)
  async getExperimentSafety(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
  ): Promise<ExperimentSafetyModel | null> {
    const safety = await this.repository.get(experimentSafetyPk);
    // missing or not the caller's to see: refused like its proposal (officers: null when missing)
    if (!safety || !(await this.service.mayRead(session, safety))) return this.readers.missing(session);
    return safety;
  }

  @Query(() => ExperimentSampleModel, {
    nullable: true,
    description: "An experiment's sample and its sample ESI",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(...READERS)
  async getExperimentSample(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<ExperimentSampleModel | null> {
    const safety = await this.repository.ofExperiment(experimentPk);
    if (!safety || !(await this.service.mayRead(session, safety))) return this.readers.missing(session);
    return this.repository.sample(experimentPk, sampleId);
  }

  @Query(() => [ExperimentSafetyModel], {
    description:
      'The safety review queue: submitted ESIs (safety reviewers and officers: all; scientists: their ' +
      "instruments'), oldest submission first",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(...SAFETY_REVIEW_READERS)
  async experimentSafetyReviews(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => ExperimentSafetyReviewsFilterInput, nullable: true })
    filter: ExperimentSafetyReviewsFilterInput | null,
  ): Promise<ExperimentSafetyModel[]> {
    const queue = await this.service.queue(session, filter ?? {});
    return this.readers.filter(session, queue, (s) => s.proposalPk);
  }

  @ResolveField(() => [ExperimentSampleModel])
  samples(@Parent() safety: ExperimentSafetyModel): Promise<ExperimentSampleModel[]> {
    return this.repository.samples(safety.experimentPk);
  }

  @ResolveField(() => ExperimentProposalModel, { nullable: true })
  async proposal(@Parent() safety: ExperimentSafetyModel): Promise<ExperimentProposalModel | null> {
    const proposal = await this.proposals.proposal(safety.proposalPk);
    return proposal
      ? { primaryKey: proposal.primaryKey, proposalId: proposal.proposalId, title: proposal.title }
      : null;
  }

  @ResolveField(() => ExperimentModel, { nullable: true })
  experiment(@Parent() safety: ExperimentSafetyModel): Promise<ExperimentModel | null> {
    return this.service.experiment(safety.experimentPk).catch(() => null);
  }
}

@Resolver(() => ExperimentSampleModel)
export class ExperimentSampleFieldsResolver {
  constructor(private readonly samples: SamplesRepository) {}

  @ResolveField(() => SampleModel, { nullable: true, description: "the proposal's sample" })
  sample(@Parent() sample: ExperimentSampleModel): Promise<SampleModel | null> {
    return this.samples.sample(sample.sampleId);
  }
}

@Resolver(() => ExperimentModel)
export class ExperimentSafetyFieldResolver {
  constructor(private readonly repository: ExperimentSafetyRepository) {}

  @ResolveField(() => ExperimentSafetyModel, {
    nullable: true,
    description:
      'its safety input, once created (the "finish experiment safety form" icon is completed then)',
  })
  experimentSafety(@Parent() experiment: ExperimentModel): Promise<ExperimentSafetyModel | null> {
    return this.repository.ofExperiment(experiment.experimentPk);
  }
}
