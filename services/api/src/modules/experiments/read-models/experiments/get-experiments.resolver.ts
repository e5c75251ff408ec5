import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  experimentsFilterSchema,
  experimentsPageSchema,
  FeatureId,
  Role,
  userExperimentsFilterSchema,
} from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { validateInput } from '../../../../platform/validation/validate-input';
import { InstrumentsRepository } from '../../../instruments';
import { ProposalsRepository } from '../../../proposals';
import { BasicUserDetailsModel, basicUserDetails, UsersService } from '../../../users';
import { ExperimentsService } from '../../experiments.service';
import {
  ExperimentInstrumentModel,
  ExperimentModel,
  ExperimentProposalModel,
  ExperimentsFilterInput,
  ExperimentsQueryResultModel,
  ExperimentTimeSummaryModel,
  UserExperimentsFilterInput,
} from './experiment.model';

/** Who reads the staff list: officers (all experiments) and instrument scientists (their instruments'). */
export const EXPERIMENT_STAFF = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST] as const;

@Resolver(() => ExperimentModel)
export class GetExperimentsResolver {
  constructor(
    private readonly service: ExperimentsService,
    private readonly proposals: ProposalsRepository,
    private readonly instruments: InstrumentsRepository,
    private readonly users: UsersService,
  ) {}

  @Query(() => ExperimentsQueryResultModel, {
    description: "Experiments by start (officers: all; scientists: their instruments'), a page of them",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(...EXPERIMENT_STAFF)
  async experiments(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => ExperimentsFilterInput, nullable: true })
    filter: ExperimentsFilterInput | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
  ): Promise<ExperimentsQueryResultModel> {
    const valid = await validateInput(experimentsFilterSchema, filter ?? {});
    const page = await validateInput(experimentsPageSchema, { first, offset });
    return this.service.list(session, valid, page.first, page.offset);
  }

  @Query(() => [ExperimentModel], {
    description: "The experiments of the caller's proposals (PI or co-proposer), by start",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER)
  async getUserExperiments(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => UserExperimentsFilterInput, nullable: true })
    filter: UserExperimentsFilterInput | null,
  ): Promise<ExperimentModel[]> {
    const valid = await validateInput(userExperimentsFilterSchema, filter ?? {});
    return this.service.ofUser(session, valid);
  }

  @Query(() => ExperimentTimeSummaryModel, {
    description:
      "For the timeline: per proposal on the instrument in the call, the management decision's time allocation " +
      "and the scheduled time (the call's allocation unit), and the instrument's availability in the call",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(...EXPERIMENT_STAFF)
  experimentTimeSummary(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<ExperimentTimeSummaryModel> {
    return this.service.timeSummary(session, instrumentId, callId);
  }

  @ResolveField(() => ExperimentProposalModel, { nullable: true })
  async proposal(
    @Parent() experiment: ExperimentModel,
    @Context() ctx: GraphqlContext,
  ): Promise<ExperimentProposalModel | null> {
    // one query for the proposals of all the rows (a timeline window has hundreds), not one per row
    const loader = ctx.loaders.get<number, ExperimentProposalModel | null>(
      'experiment-proposal',
      async (pks) => {
        const found = new Map((await this.proposals.proposals(pks)).map((p) => [p.primaryKey, p]));
        return pks.map((pk) => {
          const proposal = found.get(pk);
          return proposal
            ? { primaryKey: proposal.primaryKey, proposalId: proposal.proposalId, title: proposal.title }
            : null;
        });
      },
    );
    return loader.load(experiment.proposalPk);
  }

  @ResolveField(() => ExperimentInstrumentModel, { nullable: true })
  async instrument(@Parent() experiment: ExperimentModel): Promise<ExperimentInstrumentModel | null> {
    const instrument = await this.instruments.instrument(experiment.instrumentId, { includeDeleted: true });
    return instrument ? { id: instrument.id, name: instrument.name, shortCode: instrument.shortCode } : null;
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true })
  async localContact(@Parent() experiment: ExperimentModel): Promise<BasicUserDetailsModel | null> {
    if (experiment.localContactId === null) return null;
    const [user] = await this.users.byIds([experiment.localContactId]);
    return user ? basicUserDetails(user, false) : null;
  }
}
