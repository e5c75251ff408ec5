import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { createProposalScientistCommentSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { IdSequences } from '../../../../platform/database/id-sequences';
import { validateInput } from '../../../../platform/validation/validate-input';
import { scientistCommentNotFound } from '../../domain/proposal-scientist-comment.errors';
import { SCIENTIST_COMMENT_ROLES } from '../../proposal-scientist-comments.policy';
import { ProposalScientistCommentsService } from '../../proposal-scientist-comments.service';
import { ProposalScientistCommentModel } from '../../read-models/proposal-scientist-comments/proposal-scientist-comment.model';
import { ProposalScientistCommentsRepository } from '../../read-models/proposal-scientist-comments/proposal-scientist-comments.repository';
import { ExecuteProposalScientistCommentCommand } from '../execute-proposal-scientist-comment-command';

@Resolver()
export class CreateProposalScientistCommentResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly service: ProposalScientistCommentsService,
    private readonly repository: ProposalScientistCommentsRepository,
  ) {}

  @Mutation(() => ProposalScientistCommentModel, {
    description: 'Writes the scientist comment of a proposal that has none (officers, instrument scientists)',
  })
  @RolesAllowed(...SCIENTIST_COMMENT_ROLES)
  async createProposalScientistComment(
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('comment') comment: string,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<ProposalScientistCommentModel> {
    const valid = await validateInput(createProposalScientistCommentSchema, { proposalPk, comment });
    await this.service.assertProposal(caller, valid.proposalPk);
    const commentId = await this.ids.next('proposal_scientist_comment_id_seq');
    await this.commands.execute(
      new ExecuteProposalScientistCommentCommand({
        type: 'CreateProposalScientistComment',
        proposalPk: valid.proposalPk,
        commentId,
        comment: this.service.clean(valid.comment),
      }),
    );
    const saved = await this.repository.get(commentId);
    if (!saved) throw scientistCommentNotFound();
    return saved;
  }
}
