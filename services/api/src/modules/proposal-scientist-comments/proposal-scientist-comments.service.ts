import { Injectable } from '@nestjs/common';
import { proposalScientistCommentMessages } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { notFound } from '../../platform/errors/app-error';
import { isBlankRichText, sanitizeRichText } from '../../platform/validation/sanitize-rich-text';
import { ProposalsRepository, ProposalsService } from '../proposals';
import { scientistCommentNotFound } from './domain/proposal-scientist-comment.errors';
import { assertMayCommentOn } from './proposal-scientist-comments.policy';
import type { ProposalScientistCommentModel } from './read-models/proposal-scientist-comments/proposal-scientist-comment.model';
import { ProposalScientistCommentsRepository } from './read-models/proposal-scientist-comments/proposal-scientist-comments.repository';

/** The steps the comment resolvers share: the proposal and comment looked up, the caller checked. */
@Injectable()
export class ProposalScientistCommentsService {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly proposalRules: ProposalsService,
    private readonly repository: ProposalScientistCommentsRepository,
  ) {}

  /** The proposal exists (NOT_FOUND otherwise) and the caller may comment on it. */
  async assertProposal(caller: SessionUser | null, proposalPk: number): Promise<void> {
    const proposal = await this.proposals.proposal(proposalPk);
    if (!proposal) throw notFound(proposalScientistCommentMessages.proposalNotFound);
    await assertMayCommentOn(caller, (session) => this.proposalRules.assertMayRead(proposal, session));
  }

  /** The live comment `commentId` (NOT_FOUND otherwise), once the caller is let at its proposal. */
  async liveComment(caller: SessionUser | null, commentId: number): Promise<ProposalScientistCommentModel> {
    const comment = await this.repository.get(commentId);
    if (!comment) throw scientistCommentNotFound();
    await this.assertProposal(caller, comment.proposalPk);
    return comment;
  }

  /** The comment as stored: sanitised HTML, '' when it shows no text (the decider then says it is required). */
  clean(comment: string): string {
    const html = sanitizeRichText(comment);
    return isBlankRichText(html) ? '' : html;
  }
}
