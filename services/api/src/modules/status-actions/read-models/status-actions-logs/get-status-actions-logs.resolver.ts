import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import {
  OrderDirection,
  Role,
  STATUS_ACTIONS_LOG_PAGE_SIZE,
  statusActionsLogsQuerySchema,
  type EmailStatusActionRecipients,
  type StatusActionsLogSortField,
  type StatusActionsLogState,
} from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import {
  StatusActionsLogModel,
  StatusActionsLogsFilterInput,
  StatusActionsLogsQueryResultModel,
} from './status-actions-log.model';
import { StatusActionsLogsRepository, type StatusActionsLogRecord } from './status-actions-logs.repository';

export const toStatusActionsLogModel = (r: StatusActionsLogRecord): StatusActionsLogModel => ({
  statusActionsLogId: r.statusActionsLogId,
  connectionId: r.connectionId,
  statusId: r.statusId,
  actionId: r.actionId,
  actionType: r.actionType,
  emailTemplateId: r.emailTemplateId,
  recipientGroup: r.recipientGroup as EmailStatusActionRecipients | null,
  profile: r.profile,
  recipient: r.recipient,
  message: r.message,
  successful: r.successful,
  timestamp: r.timestamp,
  proposals: r.proposals,
  attempts: r.attempts.map((a) => ({ ...a, timestamp: new Date(a.timestamp) })),
  state: r.state,
  owedSince: r.owedSince,
  waitingSeconds: r.owedSince ? Math.max(0, Math.floor((Date.now() - r.owedSince.getTime()) / 1000)) : null,
});

@Resolver()
export class GetStatusActionsLogsResolver {
  constructor(private readonly repository: StatusActionsLogsRepository) {}

  @Query(() => StatusActionsLogsQueryResultModel, {
    description:
      'The status actions log (officers), what is owed and not run yet included: filter by outcome, state, calls and status actions; search (at least 3 characters) in ' +
      'messages, recipients, templates and proposals; sort by statusActionsLogId, timestamp (default, newest first), ' +
      'successful, message, recipient, actionType or connectionId; page with first (default 20) and offset',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getStatusActionsLogs(
    @Args('filter', { type: () => StatusActionsLogsFilterInput, nullable: true })
    filter: StatusActionsLogsFilterInput | null,
    @Args('searchText', { type: () => String, nullable: true }) searchText: string | null,
    @Args('sortField', { type: () => String, nullable: true }) sortField: string | null,
    @Args('sortDirection', { type: () => OrderDirection, nullable: true })
    sortDirection: OrderDirection | null,
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset: number | null,
  ): Promise<StatusActionsLogsQueryResultModel> {
    const q = await validateInput(statusActionsLogsQuerySchema, {
      filter,
      searchText,
      sortField,
      first,
      offset,
    });
    const result = await this.repository.search({
      statusActionsSuccessful: q.filter?.statusActionsSuccessful ?? null,
      callIds: q.filter?.callIds ?? null,
      statusActionIds: q.filter?.statusActionIds ?? null,
      states: (q.filter?.states as StatusActionsLogState[] | null | undefined) ?? null,
      searchText: q.searchText || null,
      sortField: (q.sortField as StatusActionsLogSortField | null) ?? null,
      sortDirection,
      first: q.first ?? STATUS_ACTIONS_LOG_PAGE_SIZE,
      offset: q.offset ?? 0,
    });
    return { totalCount: result.totalCount, statusActionsLogs: result.logs.map(toStatusActionsLogModel) };
  }
}
