import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { proposalScientistCommentStreamId } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import {
  proposalScientistCommentDecider,
  type ProposalScientistCommentCommand,
} from '../domain/proposal-scientist-comment.decide';
import { PROPOSAL_SCIENTIST_COMMENTS_PROJECTION } from '../read-models/proposal-scientist-comments/proposal-scientist-comments.projection';

/**
 * Every command on the scientist comment of one proposal: load, decide (pure), append; resolves once the read
 * model shows it (null when nothing was decided).
 */
export class ExecuteProposalScientistCommentCommand extends Command<AppendResult | null> {
  constructor(readonly command: ProposalScientistCommentCommand) {
    super();
  }
}

@CommandHandler(ExecuteProposalScientistCommentCommand)
export class ExecuteProposalScientistCommentCommandHandler implements ICommandHandler<ExecuteProposalScientistCommentCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteProposalScientistCommentCommand): Promise<AppendResult | null> {
    return this.streams.execute(
      proposalScientistCommentStreamId(command.proposalPk),
      proposalScientistCommentDecider,
      command,
      [PROPOSAL_SCIENTIST_COMMENTS_PROJECTION],
    );
  }
}
