import { Injectable } from '@nestjs/common';
import { Role, type InternalReviewsFilterInput } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { sanitizeRichText, isBlankRichText } from '../../platform/validation/sanitize-rich-text';
import { FilesRepository, FilesService } from '../files';
import { ProposalReaders, type ProposalModel } from '../proposals';
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
    private readonly readers: ProposalReaders,
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
    // the one read rule: only the reviews of proposals the caller may read
    const proposalPks = await this.proposalPksOf(rows.map((r) => r.technicalReviewId));
    const readable = await this.readers.readablePks(caller, proposalPks.values());
    rows = rows.filter((r) => readable.has(proposalPks.get(r.technicalReviewId) ?? -1));
    return Promise.all(rows.map((row) => this.view(caller, row)));
  }

  /** technical review id → its proposal's key */
  private async proposalPksOf(technicalReviewIds: readonly number[]): Promise<Map<number, number>> {
    const map = new Map<number, number>();
    for (const id of new Set(technicalReviewIds)) {
      const review = await this.technicalReviews.review(id);
      if (review) map.set(id, review.proposalPk);
    }
    return map;
  }

  /** One review; refused ("You may not see this proposal") when missing or not the caller's to see (officers: null). */
  async one(caller: SessionUser | null, id: number): Promise<InternalReviewModel | null> {
    const row = await this.repository.get(id);
    // missing, or not for the caller: refused like a proposal they may not read (officers: null)
    if (!row) return this.readers.missing(caller);
    if (!maySeeAllReviews(caller) && !(await this.repository.isAssigned(row.technicalReviewId, caller!.id)))
      return this.readers.missing(caller);
    const technicalReview = await this.technicalReviews.review(row.technicalReviewId);
    if (!technicalReview) return this.readers.missing(caller);
    await this.readers.readable(caller, technicalReview.proposalPk);
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
      if (!maySeeContent(caller, review)) continue;
      const technicalReview = await this.technicalReviews.review(review.technicalReviewId);
      const proposalPk = technicalReview?.proposalPk ?? -1;
      if ((await this.readers.readablePks(caller, [proposalPk])).has(proposalPk)) return true;
    }
    return undefined;
  }
}
