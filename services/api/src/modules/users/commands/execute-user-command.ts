import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { userDecider, type UserCommand } from '../domain/user.decide';
import { USERS_PROJECTION } from '../read-models/users/users.projection';

/** Every command on one user: load, decide (pure), append; resolves once the users read model shows it. */
export class ExecuteUserCommand extends Command<{ position: number | null; eventIds: string[] }> {
  constructor(
    readonly userId: number,
    readonly command: UserCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteUserCommand)
export class ExecuteUserCommandHandler implements ICommandHandler<ExecuteUserCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({
    userId,
    command,
  }: ExecuteUserCommand): Promise<{ position: number | null; eventIds: string[] }> {
    const result = await this.events.execute(userStreamId(userId), userDecider, command);
    if (!result) return { position: null, eventIds: [] };
    await this.projections.waitFor(result.position, [USERS_PROJECTION]);
    return { position: result.position, eventIds: result.events.map((e) => e.eventId) };
  }
}
