import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { integerFromText, MAX_INT_ID } from '../../../../platform/validation/integer-text';
import { CallModel, CallsRepository } from '../../../calls';
import { QuestionaryModel, QuestionaryStepModel, QuestionariesRepository } from '../../../questionaries';
import { BasicUserDetailsModel, basicUserDetails, UsersService } from '../../../users';
import { WorkflowsRepository } from '../../../workflows';
import { maySeeCommentForManagement } from '../../proposals.policy';
import { actorOf, ProposalsService } from '../../proposals.service';
import { InviteModel, ProposalModel, ProposalStatusRefModel } from './proposal.model';
import { ProposalReaders } from '../../proposal-readers';
import { ProposalsRepository } from './proposals.repository';

@Resolver(() => ProposalModel)
export class GetProposalsResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
    private readonly usersService: UsersService,
    private readonly calls: CallsRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  @Query(() => ProposalModel, { nullable: true })
  @Authenticated()
  async getProposal(
    @CurrentUser() user: SessionUser,
    @Args('primaryKey', { type: () => Int }) primaryKey: number,
  ): Promise<ProposalModel | null> {
    const proposal = await this.repository.proposal(primaryKey);
    // a missing proposal is refused like one the caller may not read (officers: null)
    if (!proposal) return this.readers.missing(user);
    await this.readers.assertMayRead(user, proposal);
    return proposal;
  }

  @Query(() => [ProposalModel], { description: "The caller's proposals (PI or co-proposer), newest first" })
  @Authenticated()
  getUserProposals(@CurrentUser() user: SessionUser): Promise<ProposalModel[]> {
    return this.repository.ofUser(user.id);
  }

  @Query(() => CallModel, {
    nullable: true,
    description: 'The call of the proposal an answer (<questionaryId>:<questionId>) belongs to',
  })
  @Authenticated()
  async getCallByAnswerId(
    @CurrentUser() user: SessionUser,
    @Args('answerId') answerId: string,
  ): Promise<CallModel | null> {
    const questionaryId = integerFromText(answerId.split(':')[0], 'answerId', 'a questionary id', {
      min: 0,
      max: MAX_INT_ID,
    });
    const proposal = await this.repository.byQuestionaryId(questionaryId);
    if (!proposal) return null;
    await this.proposals.assertMayRead(proposal, user);
    return this.calls.call(proposal.callId);
  }

  @Query(() => [QuestionaryStepModel], {
    description: "The steps of a call's proposal template with no answers (a new proposal, id 0)",
  })
  @Authenticated()
  async getBlankQuestionaryStepsByCallId(
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<QuestionaryStepModel[]> {
    const call = await this.proposals.callOf(callId);
    return this.questionaries.blankSteps(call.templateId);
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'the comment of the management decision for management: staff only (null for the proposers)',
  })
  commentForManagement(
    @Parent() proposal: ProposalModel,
    @CurrentUser() user: SessionUser | null,
  ): string | null {
    return maySeeCommentForManagement(user, proposal) ? proposal.commentForManagement : null;
  }

  @ResolveField(() => ProposalStatusRefModel, { nullable: true })
  status(
    @Parent() proposal: ProposalModel,
    @Context() context: GraphqlContext,
  ): Promise<ProposalStatusRefModel | null> {
    return context.loaders
      .get<number, ProposalStatusRefModel | null>('proposal.status', async (ids) => {
        const statuses = await this.workflows.statusesByIds(ids);
        const byId = new Map(statuses.map((s) => [s.id, s]));
        return ids.map((id) => byId.get(id) ?? null);
      })
      .load(proposal.statusId);
  }

  private user(
    id: number,
    session: SessionUser | null,
    context: GraphqlContext,
  ): Promise<BasicUserDetailsModel | null> {
    return context.loaders
      .get<number, BasicUserDetailsModel | null>('proposal.user', async (ids) => {
        const users = new Map((await this.usersService.byIds(ids)).map((u) => [u.id, u]));
        // an API access token (no session) reads with the officer's view, as on the operations it names
        const withEmail = session === null || actorOf(session).isOfficer;
        return ids.map((id) => {
          const u = users.get(id);
          return u ? basicUserDetails(u, withEmail) : null;
        });
      })
      .load(id);
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true, description: 'the principal investigator' })
  proposer(
    @Parent() proposal: ProposalModel,
    @CurrentUser() user: SessionUser | null,
    @Context() context: GraphqlContext,
  ) {
    return this.user(proposal.proposerId, user, context);
  }

  @ResolveField(() => [BasicUserDetailsModel], { description: 'the co-proposers' })
  async users(
    @Parent() proposal: ProposalModel,
    @CurrentUser() user: SessionUser | null,
    @Context() context: GraphqlContext,
  ) {
    const users = await Promise.all(proposal.userIds.map((id) => this.user(id, user, context)));
    return users.filter((u): u is BasicUserDetailsModel => u !== null);
  }

  @ResolveField(() => [InviteModel], {
    description: 'invitations not withdrawn (codes shown to officers and members)',
  })
  coProposerInvites(
    @Parent() proposal: ProposalModel,
    @Context() context: GraphqlContext,
  ): Promise<InviteModel[]> {
    return context.loaders
      .get<number, InviteModel[]>('proposal.invites', async (pks) => {
        const invites = await this.repository.invites(pks);
        return pks.map((pk) => invites.get(pk) ?? []);
      })
      .load(proposal.primaryKey);
  }

  @ResolveField(() => CallModel, { nullable: true })
  call(@Parent() proposal: ProposalModel): Promise<CallModel | null> {
    return this.calls.call(proposal.callId);
  }

  @ResolveField(() => QuestionaryModel, { nullable: true })
  questionary(@Parent() proposal: ProposalModel): Promise<QuestionaryModel | null> {
    return this.questionaries.questionary(proposal.questionaryId);
  }
}
