import {
  fileMessages,
  internalReviewCreatedEvent,
  internalReviewDeletedEvent,
  internalReviewMessages,
  internalReviewUpdatedEvent,
  mimeTypeMatchesFileTypes,
  Role,
  validationLimits,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { badInput, forbidden } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { internalReviewExists } from './internal-review.errors';
import {
  evolveInternalReview,
  initialInternalReviewState,
  liveReview,
  type InternalReviewState,
} from './internal-review.state';

/** Who acts: a user (officer or not), or an API access token (`id` null) with an officer's rights. */
export interface InternalReviewActor {
  id: number | null;
  isOfficer: boolean;
}

/** What the decider needs to know of an attached file; `mimeType` null: no such file. */
export interface AttachedFile {
  fileId: string;
  mimeType: string | null;
  uploadedBy: number | null;
}

/** The fields of a review as the caller gives them (validated and sanitised by the resolver). */
interface ReviewFields {
  technicalReviewId: number;
  title: string;
  comment: string | null;
  reviewerId: number;
  /** the roles of the user `reviewerId`; null when there is no such user */
  reviewerRoles: readonly Role[] | null;
  files: readonly AttachedFile[];
  actor: InternalReviewActor;
}

export type InternalReviewCommand =
  | ({ type: 'CreateInternalReview'; id: number } & ReviewFields)
  | ({ type: 'UpdateInternalReview'; id: number } & ReviewFields)
  | { type: 'DeleteInternalReview'; id: number; technicalReviewId: number; actor: InternalReviewActor };

const PDF_ONLY = ['.pdf'];

/** The internal reviewer must be a user holding the INTERNAL_REVIEWER role (§5, §6). */
function assertInternalReviewer(roles: readonly Role[] | null): void {
  if (roles === null || !roles.includes(Role.INTERNAL_REVIEWER)) {
    throw badInput(internalReviewMessages.reviewerNotInternal, {
      reviewerId: internalReviewMessages.reviewerNotInternal,
    });
  }
}

/**
 * Internal documents (§5): at most 5, each an existing PDF; a file not attached before must have been uploaded
 * by the caller (officers and API tokens may attach any file).
 */
function assertDocuments(
  files: readonly AttachedFile[],
  actor: InternalReviewActor,
  alreadyAttached: readonly string[],
): void {
  if (files.length > validationLimits.internalDocumentsMax) {
    throw badInput(internalReviewMessages.filesAtMost, { files: internalReviewMessages.filesAtMost });
  }
  for (const file of files) {
    if (file.mimeType === null) throw badInput(fileMessages.notFound, { files: fileMessages.notFound });
    const mayAttach =
      actor.isOfficer ||
      alreadyAttached.includes(file.fileId) ||
      (file.uploadedBy !== null && file.uploadedBy === actor.id);
    if (!mayAttach) throw forbidden(fileMessages.notYours);
    if (!mimeTypeMatchesFileTypes(file.mimeType, PDF_ONLY)) {
      throw badInput(internalReviewMessages.pdfOnly, { files: internalReviewMessages.pdfOnly });
    }
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Pure: the events an internal review command leads to (§5, §6). Officers create, update and delete;
 * an internal reviewer updates only their own review and may not hand it to someone else. An update of a review
 * that does not exist, was deleted or belongs to another technical review is NOT_FOUND; an update that changes
 * nothing decides nothing.
 */
export function decideInternalReview(command: InternalReviewCommand, state: InternalReviewState): NewEvent[] {
  if (!command.actor.isOfficer && command.type !== 'UpdateInternalReview') throw forbidden();
  switch (command.type) {
    case 'CreateInternalReview': {
      if (state.review !== null) throw internalReviewExists(command.id);
      assertInternalReviewer(command.reviewerRoles);
      assertDocuments(command.files, command.actor, []);
      const { id, technicalReviewId, title, comment, reviewerId } = command;
      return [
        internalReviewCreatedEvent.create({
          id,
          technicalReviewId,
          title,
          comment,
          reviewerId,
          files: command.files.map((f) => f.fileId),
          assignedBy: command.actor.id,
        }),
      ];
    }
    case 'UpdateInternalReview': {
      const current = liveReview(state, command.technicalReviewId);
      if (!command.actor.isOfficer) {
        if (current.reviewerId !== command.actor.id) throw forbidden(internalReviewMessages.onlyOwn);
        if (command.reviewerId !== current.reviewerId) {
          throw forbidden(internalReviewMessages.reviewerChangeOfficerOnly);
        }
      }
      if (command.reviewerId !== current.reviewerId) assertInternalReviewer(command.reviewerRoles);
      assertDocuments(command.files, command.actor, current.files);
      const data = {
        id: current.id,
        technicalReviewId: current.technicalReviewId,
        title: command.title,
        comment: command.comment,
        reviewerId: command.reviewerId,
        files: command.files.map((f) => f.fileId),
      };
      if (
        data.title === current.title &&
        data.comment === current.comment &&
        data.reviewerId === current.reviewerId &&
        sameList(data.files, current.files)
      ) {
        return [];
      }
      return [internalReviewUpdatedEvent.create(data)];
    }
    case 'DeleteInternalReview': {
      const current = liveReview(state, command.technicalReviewId);
      return [
        internalReviewDeletedEvent.create({ id: current.id, technicalReviewId: current.technicalReviewId }),
      ];
    }
  }
}

export const internalReviewDecider: Decider<InternalReviewState, InternalReviewCommand> = {
  initialState: initialInternalReviewState,
  evolve: evolveInternalReview,
  decide: decideInternalReview,
};
