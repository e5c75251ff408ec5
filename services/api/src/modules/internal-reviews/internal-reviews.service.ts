import { Injectable } from '@nestjs/common';
import { Role, type InternalReviewsFilterInput } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { sanitizeRichText, isBlankRichText } from '../../platform/validation/sanitize-rich-text';
import { FilesRepository, FilesService } from '../files';
import type { ProposalModel } from '../proposals';
import { TechnicalReviewsRepository } from '../technical-reviews';
import { UsersService } from '../users';
import type { AttachedFile } from './domain/internal-review.decide';
import { technicalReviewNotFound } from './domain/internal-review.errors';
import { internalReviewActor, maySeeAllReviews, maySeeContent } from './internal-reviews.policy';
import type { InternalReviewModel } from './read-models/internal-reviews/internal-review.model';
import {
  InternalReviewsRepository,
  type InternalReviewRow,
} from './read-models/internal-reviews/internal-reviews.repository';

/** The validated fields of a create or update. */
interface ValidFields {
  technicalReviewId: number;
  title: string;
  comment?: string | null;
  reviewerId: number;
  files?: string[] | null;
}

/** What the resolvers of internal reviews share: the facts the decider needs and the caller's view. */
@Injectable()
export class InternalReviewsService {
  constructor(
    private readonly repository: InternalReviewsRepository,
    private readonly users: UsersService,
    private readonly files: FilesRepository,
    private readonly fileService: FilesService,
    private readonly technicalReviews: TechnicalReviewsRepository,
  ) {}

  /**
   * The command fields: the comment sanitised (blank: null), the reviewer's roles, the files' facts. The technical
   * review must exist (NOT_FOUND "Technical Review not found", nothing appended).
   */
  async commandFields(valid: ValidFields, caller: SessionUser | null) {
    if (!(await this.technicalReviews.review(valid.technicalReviewId))) throw technicalReviewNotFound();
    const reviewer = await this.users.byId(valid.reviewerId);
    const fileIds = valid.files ?? [];
    const known = new Map((await this.files.byIds(fileIds)).map((f) => [f.fileId, f]));
    const files: AttachedFile[] = fileIds.map((fileId) => {
      const file = known.get(fileId);
      return { fileId, mimeType: file?.mimeType ?? null, uploadedBy: file?.uploadedBy ?? null };
    });
    const comment = valid.comment == null ? null : sanitizeRichText(valid.comment);
    return {
      technicalReviewId: valid.technicalReviewId,
      title: valid.title,
      comment: comment === null || isBlankRichText(comment) ? null : comment,
      reviewerId: valid.reviewerId,
      reviewerRoles: reviewer ? reviewer.roles : null,
      files,
      actor: internalReviewActor(caller),
    };
  }

  /** The reviews the caller may see (§6), `filter` narrowing them to one technical review. */
  async list(caller: SessionUser | null, filter: InternalReviewsFilterInput): Promise<InternalReviewModel[]> {
    const technicalReviewId = filter.technicalReviewId ?? null;
    let rows: InternalReviewRow[];
    if (maySeeAllReviews(caller)) rows = await this.repository.list({ technicalReviewId });
    else if (technicalReviewId === null) rows = await this.repository.list({ reviewerId: caller!.id });
    else rows = await this.repository.list({ technicalReviewId, assignedTo: caller!.id });
    return Promise.all(rows.map((row) => this.view(caller, row)));
  }

  /** One review, or null when it does not exist or the caller may not see it. */
  async one(caller: SessionUser | null, id: number): Promise<InternalReviewModel | null> {
    const row = await this.repository.get(id);
    if (!row) return null;
    if (!maySeeAllReviews(caller) && !(await this.repository.isAssigned(row.technicalReviewId, caller!.id))) {
      return null;
    }
    return this.view(caller, row);
  }

  /** A review as the caller sees it: without title, comment and files when it is not theirs to see. */
  async view(caller: SessionUser | null, row: InternalReviewRow): Promise<InternalReviewModel> {
    const whole = maySeeContent(caller, row);
    return {
      id: row.id,
      title: whole ? row.title : null,
      comment: whole ? row.comment : null,
      files: whole ? await this.fileService.metadata(row.files) : [],
      createdAt: row.createdAt,
      assignedBy: row.assignedBy,
      reviewerId: row.reviewerId,
      technicalReviewId: row.technicalReviewId,
    };
  }

  /**
   * Whether an internal reviewer reads the proposal (`ProposalReaders`): they have an internal review of one of
   * its technical reviews.
   */
  async reviewsProposal(caller: SessionUser, proposal: ProposalModel): Promise<boolean> {
    if (caller.currentRole !== Role.INTERNAL_REVIEWER) return false;
    const reviews = await this.technicalReviews.ofProposal(proposal.primaryKey);
    for (const review of reviews) {
      if (await this.repository.isAssigned(review.id, caller.id)) return true;
    }
    return false;
  }

  /** Whether the caller may download a file attached to an internal review (true) or it is not for them. */
  async mayReadFile(caller: SessionUser, fileId: string): Promise<boolean | undefined> {
    for (const review of await this.repository.referencingFile(fileId)) {
      if (maySeeContent(caller, review)) return true;
    }
    return undefined;
  }
}
