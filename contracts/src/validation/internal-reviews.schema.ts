import { array, number, object, string, type InferType } from 'yup';

import { validationLimits } from './common';
import { fileMessages } from './files.schema';
import { technicalReviewMessages } from './messages';

/**
 * Internal reviews (§5: title and internal reviewer required; internal documents at most 5 files, PDF only).
 * The spec quotes none of these texts but the surname search's; they follow its "X is required".
 */
export const internalReviewMessages = {
  titleRequired: 'Title is required',
  reviewerRequired: 'Internal reviewer is required',
  technicalReviewRequired: 'Technical review is required',
  idRequired: 'Internal review is required',
  commentMax: technicalReviewMessages.commentMax,
  filesAtMost: fileMessages.filesAtMost(validationLimits.internalDocumentsMax),
  filesNotJson: 'Files must be a JSON list of file ids',
  fileTwice: 'Each file can be attached once',
  pdfOnly: 'Internal documents must be PDF files',
  reviewerNotInternal: 'The internal reviewer must be a user with the Internal Reviewer role',
  notFound: 'Internal review not found',
  onlyOwn: 'You can only update your own internal review',
  reviewerChangeOfficerOnly: 'Only a user officer can change the internal reviewer',
  noInternalReviewersFound: technicalReviewMessages.noInternalReviewersFound,
} as const;

const positiveId = (message: string) =>
  number().typeError(message).required(message).integer(message).positive(message);

/**
 * §7 "files as JSON": JSON text of a list of file ids (from POST /files/upload). Items may also be objects with
 * an `id` (how user-office-core's console sends them). Null or absent: no files.
 */
const files = () =>
  array(string().trim().required(internalReviewMessages.filesNotJson))
    .transform((value: unknown, original: unknown) => {
      let list: unknown = original;
      if (typeof original === 'string') {
        if (original.trim() === '') return [];
        try {
          list = JSON.parse(original);
        } catch {
          return original; // not JSON: refused by the type check below
        }
      }
      if (!Array.isArray(list)) return value;
      return list.map((item: unknown) =>
        item !== null && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item,
      );
    })
    .typeError(internalReviewMessages.filesNotJson)
    .nullable()
    .transform((value: string[] | null) => value ?? [])
    .max(validationLimits.internalDocumentsMax, internalReviewMessages.filesAtMost)
    .test('unique', internalReviewMessages.fileTwice, (list) => !list || new Set(list).size === list.length)
    .default([]);

const fields = {
  title: string().trim().required(internalReviewMessages.titleRequired),
  /** rich text; sanitised by the server, at most 6000 characters */
  comment: string()
    .nullable()
    .default(null)
    .max(validationLimits.commentMax, internalReviewMessages.commentMax),
  reviewerId: positiveId(internalReviewMessages.reviewerRequired),
  technicalReviewId: positiveId(internalReviewMessages.technicalReviewRequired),
  files: files(),
};

/** Input of `createInternalReview`. */
export const createInternalReviewSchema = object(fields);
export type CreateInternalReviewInput = InferType<typeof createInternalReviewSchema>;

/** Input of `updateInternalReview`: as create, with the id. */
export const updateInternalReviewSchema = object({
  id: positiveId(internalReviewMessages.idRequired),
  ...fields,
});
export type UpdateInternalReviewInput = InferType<typeof updateInternalReviewSchema>;

/** Input of `deleteInternalReview`. */
export const deleteInternalReviewSchema = object({
  id: positiveId(internalReviewMessages.idRequired),
  technicalReviewId: positiveId(internalReviewMessages.technicalReviewRequired),
});
export type DeleteInternalReviewInput = InferType<typeof deleteInternalReviewSchema>;

/** Filter of `internalReviews`: one technical review's, or (absent) all the caller may see. */
export const internalReviewsFilterSchema = object({
  technicalReviewId: number()
    .typeError(internalReviewMessages.technicalReviewRequired)
    .integer(internalReviewMessages.technicalReviewRequired)
    .positive(internalReviewMessages.technicalReviewRequired)
    .nullable()
    .optional(),
});
export type InternalReviewsFilterInput = InferType<typeof internalReviewsFilterSchema>;
