import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { internalReviewStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { internalReviewDecider, type InternalReviewCommand } from '../domain/internal-review.decide';
import { INTERNAL_REVIEWS_PROJECTION } from '../read-models/internal-reviews/internal-reviews.projection';

/**
 * Every command on one internal review: load, decide (pure), append; resolves once the internal reviews read
 * model shows it (null when nothing was decided).
 */
export class ExecuteInternalReviewCommand extends Command<AppendResult | null> {
  constructor(readonly command: InternalReviewCommand) {
    super();
  }
}

@CommandHandler(ExecuteInternalReviewCommand)
export class ExecuteInternalReviewCommandHandler implements ICommandHandler<ExecuteInternalReviewCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteInternalReviewCommand): Promise<AppendResult | null> {
    return this.streams.execute(internalReviewStreamId(command.id), internalReviewDecider, command, [
      INTERNAL_REVIEWS_PROJECTION,
    ]);
  }
}
