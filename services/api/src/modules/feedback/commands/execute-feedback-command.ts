import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { feedbackStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { feedbackDecider, type FeedbackCommand } from '../domain/feedback.decide';
import { FEEDBACK_PROJECTION } from '../read-models/feedback/feedback.projection';

/**
 * One command on one user's feedback on one experiment (`feedback-<experimentPk>-<userId>`). `dryRun`: decide
 * only — asked before the feedback questionary is created, so a refusal leaves none behind.
 */
export class ExecuteFeedbackCommand extends Command<AppendResult | null> {
  constructor(
    readonly experimentPk: number,
    readonly userId: number,
    readonly command: FeedbackCommand,
    readonly dryRun = false,
  ) {
    super();
  }
}

@CommandHandler(ExecuteFeedbackCommand)
export class ExecuteFeedbackCommandHandler implements ICommandHandler<ExecuteFeedbackCommand> {
  constructor(
    private readonly streams: StreamCommands,
    private readonly events: EventSourcing,
  ) {}

  async execute({
    experimentPk,
    userId,
    command,
    dryRun,
  }: ExecuteFeedbackCommand): Promise<AppendResult | null> {
    const streamId = feedbackStreamId(experimentPk, userId);
    if (dryRun) {
      const { state } = await this.events.load(
        streamId,
        feedbackDecider.initialState,
        feedbackDecider.evolve,
      );
      feedbackDecider.decide(command, state);
      return null;
    }
    return this.streams.execute(streamId, feedbackDecider, command, [FEEDBACK_PROJECTION]);
  }
}
