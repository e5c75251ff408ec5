import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { scientistCommentNotFound } from '../../domain/proposal-scientist-comment.errors';
import { SCIENTIST_COMMENT_ROLES } from '../../proposal-scientist-comments.policy';
import { ProposalScientistCommentsService } from '../../proposal-scientist-comments.service';
import { ProposalScientistCommentModel } from '../../read-models/proposal-scientist-comments/proposal-scientist-comment.model';
import { ProposalScientistCommentsRepository } from '../../read-models/proposal-scientist-comments/proposal-scientist-comments.repository';
import { ExecuteProposalScientistCommentCommand } from '../execute-proposal-scientist-comment-command';

@Resolver()
export class DeleteProposalScientistCommentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: ProposalScientistCommentsService,
    private readonly repository: ProposalScientistCommentsRepository,
  ) {}

  @Mutation(() => ProposalScientistCommentModel, {
    description:
      'Deletes the scientist comment of a proposal (officers, instrument scientists); returns it as it was',
  })
  @RolesAllowed(...SCIENTIST_COMMENT_ROLES)
  async deleteProposalScientistComment(
    @Args('commentId', { type: () => Int }) commentId: number,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<ProposalScientistCommentModel> {
    const current = await this.service.liveComment(caller, commentId);
    await this.commands.execute(
      new ExecuteProposalScientistCommentCommand({
        type: 'DeleteProposalScientistComment',
        proposalPk: current.proposalPk,
        commentId: current.commentId,
      }),
    );
    const saved = await this.repository.get(current.commentId, { includeDeleted: true });
    if (!saved) throw scientistCommentNotFound();
    return saved;
  }
}
