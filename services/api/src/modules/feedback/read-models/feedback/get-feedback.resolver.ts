import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, proposalRuleMessages, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { forbidden } from '../../../../platform/errors/app-error';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { ExperimentModel, ExperimentsRepository } from '../../../experiments';
import { ProposalReaders } from '../../../proposals';
import { BasicUserDetailsModel, basicUserDetails, UsersService } from '../../../users';
import { FeedbackService } from '../../feedback.service';
import { FeedbackModel, FeedbacksFilterInput } from './feedback.model';
import { FeedbackRepository } from './feedback.repository';

@Resolver(() => FeedbackModel)
export class GetFeedbackResolver {
  constructor(
    private readonly service: FeedbackService,
    private readonly repository: FeedbackRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly users: UsersService,
    private readonly readers: ProposalReaders,
  ) {}

  /**
   * A single read of something hanging off a proposal (issue 38): its author and officers read it; anyone else is
   * refused as the proposal itself is ("You may not see this proposal"), and so is a missing id (officers: null).
   */
  @Query(() => FeedbackModel, {
    nullable: true,
    description:
      'A feedback (its author and officers); anyone else is refused as for the proposal, a missing one alike (officers: null)',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  async getFeedback(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('feedbackId', { type: () => Int }) feedbackId: number,
  ): Promise<FeedbackModel | null> {
    const feedback = await this.repository.get(feedbackId);
    if (!feedback) return this.readers.missing(session);
    if (!this.service.mayRead(session, feedback)) throw forbidden(proposalRuleMessages.mayNotRead);
    return feedback;
  }

  @Query(() => [FeedbackModel], { description: 'Feedback on experiments, newest first (the user office)' })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER_OFFICER)
  async feedbacks(
    @Args('filter', { type: () => FeedbacksFilterInput, nullable: true }) filter: FeedbacksFilterInput | null,
  ): Promise<FeedbackModel[]> {
    const { callId, instrumentId, ...rest } = filter ?? {};
    // the call and the instrument are the experiment's: narrowed to the experiments that match them
    const experimentPks =
      callId || instrumentId
        ? (
            await this.experiments.list(
              {
                callId: callId ?? null,
                instrumentId: instrumentId ?? null,
                proposalPk: null,
                status: null,
                startsAfter: null,
                endsBefore: null,
              },
              'all',
              null,
              null,
            )
          ).experiments.map((e) => e.experimentPk)
        : null;
    return this.repository.list({ ...rest, experimentPks });
  }

  @ResolveField(() => ExperimentModel, {
    nullable: true,
    description: 'the experiment the feedback is on (its proposal, instrument and times)',
  })
  experiment(
    @Parent() feedback: FeedbackModel,
    @Context() ctx: GraphqlContext,
  ): Promise<ExperimentModel | null> {
    const loader = ctx.loaders.get<number, ExperimentModel | null>('feedback-experiment', (pks) =>
      Promise.all(pks.map((pk) => this.experiments.get(pk, { includeDeleted: true }))),
    );
    return loader.load(feedback.experimentPk);
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true, description: 'who gave the feedback' })
  creator(
    @Parent() feedback: FeedbackModel,
    @Context() ctx: GraphqlContext,
  ): Promise<BasicUserDetailsModel | null> {
    const loader = ctx.loaders.get<number, BasicUserDetailsModel | null>('feedback-creator', async (ids) => {
      const found = new Map((await this.users.byIds([...ids])).map((u) => [u.id, u]));
      return ids.map((id) => {
        const user = found.get(id);
        return user ? basicUserDetails(user, false) : null;
      });
    });
    return loader.load(feedback.creatorId);
  }
}

/** `Experiment.feedback`: the caller's own feedback on the experiment (the upcoming experiments row, §3). */
@Resolver(() => ExperimentModel)
export class ExperimentFeedbackFieldResolver {
  constructor(private readonly repository: FeedbackRepository) {}

  @ResolveField(() => FeedbackModel, {
    nullable: true,
    description: "the caller's feedback on the experiment (null: none yet, or no signed-in user)",
  })
  feedback(
    @Parent() experiment: ExperimentModel,
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
  ): Promise<FeedbackModel | null> {
    return session ? this.repository.of(experiment.experimentPk, session.id) : Promise.resolve(null);
  }
}
