import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { updateProposalScientistCommentSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { scientistCommentNotFound } from '../../domain/proposal-scientist-comment.errors';
import { SCIENTIST_COMMENT_ROLES } from '../../proposal-scientist-comments.policy';
import { ProposalScientistCommentsService } from '../../proposal-scientist-comments.service';
import { ProposalScientistCommentModel } from '../../read-models/proposal-scientist-comments/proposal-scientist-comment.model';
import { ProposalScientistCommentsRepository } from '../../read-models/proposal-scientist-comments/proposal-scientist-comments.repository';
import { ExecuteProposalScientistCommentCommand } from '../execute-proposal-scientist-comment-command';

@Resolver()
export class UpdateProposalScientistCommentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly service: ProposalScientistCommentsService,
    private readonly repository: ProposalScientistCommentsRepository,
  ) {}

  @Mutation(() => ProposalScientistCommentModel, {
    description: 'Changes the scientist comment of a proposal (officers, instrument scientists); returns it',
  })
  @RolesAllowed(...SCIENTIST_COMMENT_ROLES)
  async updateProposalScientistComment(
    @Args('commentId', { type: () => Int }) commentId: number,
    @Args('comment') comment: string,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<ProposalScientistCommentModel> {
    const valid = await validateInput(updateProposalScientistCommentSchema, { commentId, comment });
    const current = await this.service.liveComment(caller, valid.commentId);
    await this.commands.execute(
      new ExecuteProposalScientistCommentCommand({
        type: 'UpdateProposalScientistComment',
        proposalPk: current.proposalPk,
        commentId: current.commentId,
        comment: this.service.clean(valid.comment),
      }),
    );
    const saved = await this.repository.get(current.commentId);
    if (!saved) throw scientistCommentNotFound();
    return saved;
  }
}
