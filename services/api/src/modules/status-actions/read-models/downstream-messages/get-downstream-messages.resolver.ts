import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import {
  Role,
  STATUS_ACTIONS_LOG_PAGE_SIZE,
  downstreamMessagesQuerySchema,
  type StatusActionsLogState,
} from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import {
  DownstreamMessageModel,
  DownstreamMessagesFilterInput,
  DownstreamMessagesQueryResultModel,
} from './downstream-message.model';
import { DownstreamMessagesRepository, type DownstreamMessageRecord } from './downstream-messages.repository';

const toModel = (r: DownstreamMessageRecord): DownstreamMessageModel => ({
  ...r,
  waitingSeconds: r.owedSince ? Math.max(0, Math.floor((Date.now() - r.owedSince.getTime()) / 1000)) : null,
});

@Resolver()
export class GetDownstreamMessagesResolver {
  constructor(private readonly repository: DownstreamMessagesRepository) {}

  @Query(() => DownstreamMessagesQueryResultModel, {
    description:
      'The compatible RabbitMQ messages owed without a status action (officers): PROPOSAL_DELETED, ' +
      'INSTRUMENT_DELETED and the feed, with their outcome (published to which exchanges, waiting, failed); filter ' +
      'by state and type, search (at least 3 characters) in types, ids, exchanges and messages; newest first; page ' +
      'with first (default 20) and offset',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getDownstreamMessages(
    @Args('filter', { type: () => DownstreamMessagesFilterInput, nullable: true })
    filter: DownstreamMessagesFilterInput | null,
    @Args('searchText', { type: () => String, nullable: true }) searchText: string | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
  ): Promise<DownstreamMessagesQueryResultModel> {
    const q = await validateInput(downstreamMessagesQuerySchema, { filter, searchText, first, offset });
    const result = await this.repository.search({
      states: (q.filter?.states as StatusActionsLogState[] | null | undefined) ?? null,
      types: q.filter?.types ?? null,
      searchText: q.searchText || null,
      first: q.first ?? STATUS_ACTIONS_LOG_PAGE_SIZE,
      offset: q.offset ?? 0,
    });
    return { totalCount: result.totalCount, downstreamMessages: result.messages.map(toModel) };
  }
}
