import { Module, type OnModuleInit } from '@nestjs/common';
import { FileAccessRules, FilesModule } from '../files';
import { ProposalReaders, ProposalsModule } from '../proposals';
import { TechnicalReviewsModule } from '../technical-reviews';
import { UsersModule } from '../users';
import { CreateInternalReviewResolver } from './commands/create-internal-review/create-internal-review.resolver';
import { DeleteInternalReviewResolver } from './commands/delete-internal-review/delete-internal-review.resolver';
import { ExecuteInternalReviewCommandHandler } from './commands/execute-internal-review-command';
import { UpdateInternalReviewResolver } from './commands/update-internal-review/update-internal-review.resolver';
import { InternalReviewsService } from './internal-reviews.service';
import { GetInternalReviewsResolver } from './read-models/internal-reviews/get-internal-reviews.resolver';
import { InternalReviewsProjection } from './read-models/internal-reviews/internal-reviews.projection';
import { InternalReviewsRepository } from './read-models/internal-reviews/internal-reviews.repository';

/**
 * Internal reviews (§3, §5, §6): officers ask internal reviewers to review a technical review, with a title,
 * a comment and up to 5 PDF documents. Stream `internal-review-<id>`.
 */
@Module({
  imports: [FilesModule, UsersModule, ProposalsModule, TechnicalReviewsModule],
  providers: [
    InternalReviewsProjection,
    InternalReviewsRepository,
    InternalReviewsService,
    GetInternalReviewsResolver,
    ExecuteInternalReviewCommandHandler,
    CreateInternalReviewResolver,
    UpdateInternalReviewResolver,
    DeleteInternalReviewResolver,
  ],
  exports: [InternalReviewsRepository],
})
export class InternalReviewsModule implements OnModuleInit {
  constructor(
    private readonly fileAccess: FileAccessRules,
    private readonly service: InternalReviewsService,
    private readonly readers: ProposalReaders,
  ) {}

  onModuleInit(): void {
    // an internal document may be downloaded by whoever sees the review's content (§6)
    this.fileAccess.register((session, fileId) => this.service.mayReadFile(session, fileId));
    // an internal reviewer reads the proposals whose technical reviews they review (§6 "Review Proposals")
    this.readers.register((session, proposal) => this.service.reviewsProposal(session, proposal));
  }
}
