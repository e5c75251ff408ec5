import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, replayStatusActionsLogSchema, statusActionsMessages } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { StatusActionsLogsRepository } from '../../read-models/status-actions-logs/status-actions-logs.repository';
import { ExecuteStatusActionsLogCommand } from '../execute-status-actions-log-command';

@Resolver()
export class ReplayStatusActionsLogResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly logs: StatusActionsLogsRepository,
  ) {}

  @Mutation(() => Boolean, {
    description:
      "Runs a status actions log entry's action again (officers): a new job whose outcome is appended to the same " +
      'entry (see its attempts). Runs even when the action already succeeded: the recipient gets it twice.',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async replayStatusActionsLog(
    @Args('statusActionsLogId', { type: () => Int }) statusActionsLogId: number,
  ): Promise<boolean> {
    const input = await validateInput(replayStatusActionsLogSchema, { statusActionsLogId });
    const log = await this.logs.byId(input.statusActionsLogId);
    if (!log) throw notFound(statusActionsMessages.logNotFound);
    await this.commands.execute(
      new ExecuteStatusActionsLogCommand(log.logKey, {
        type: 'RequestReplay',
        statusActionsLogId: input.statusActionsLogId,
      }),
    );
    return true;
  }
}
