import { Module } from '@nestjs/common';
import { ProposalsModule } from '../proposals';
import { CreateProposalScientistCommentResolver } from './commands/create-proposal-scientist-comment/create-proposal-scientist-comment.resolver';
import { DeleteProposalScientistCommentResolver } from './commands/delete-proposal-scientist-comment/delete-proposal-scientist-comment.resolver';
import { ExecuteProposalScientistCommentCommandHandler } from './commands/execute-proposal-scientist-comment-command';
import { UpdateProposalScientistCommentResolver } from './commands/update-proposal-scientist-comment/update-proposal-scientist-comment.resolver';
import { ProposalScientistCommentsService } from './proposal-scientist-comments.service';
import { GetProposalScientistCommentResolver } from './read-models/proposal-scientist-comments/get-proposal-scientist-comment.resolver';
import { ProposalScientistCommentsProjection } from './read-models/proposal-scientist-comments/proposal-scientist-comments.projection';
import { ProposalScientistCommentsRepository } from './read-models/proposal-scientist-comments/proposal-scientist-comments.repository';

/**
 * Proposal scientist comments (§3, §7): one comment per proposal by its instrument scientists, hidden from users
 * and safety reviewers. Stream `proposal-scientist-comment-<proposalPk>`.
 */
@Module({
  imports: [ProposalsModule],
  providers: [
    ProposalScientistCommentsProjection,
    ProposalScientistCommentsRepository,
    ProposalScientistCommentsService,
    GetProposalScientistCommentResolver,
    ExecuteProposalScientistCommentCommandHandler,
    CreateProposalScientistCommentResolver,
    UpdateProposalScientistCommentResolver,
    DeleteProposalScientistCommentResolver,
  ],
  exports: [ProposalScientistCommentsRepository],
})
export class ProposalScientistCommentsModule {}
