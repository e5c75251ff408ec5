import { reviewGradeSchema, richTextPlainText, validationLimits } from '@user-office/contracts';
import { ValidationError } from 'yup';

/**
 * The panel review's rules as the console applies them before sending (§4, §5, §9); the api applies the same
 * ones. Pure functions, shared by the review form, the Grade tab, "Proposals to grade" and their tests.
 */

/** §9: GRADE_PRECISION (default 1); a value that is not a positive number counts as the default. */
export function gradePrecision(setting: string | null | undefined): number {
  const value = Number(setting);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/** §5: the grade is a select when the precision is 1 (1, 2, …, 10), otherwise a numeric step input. */
export const gradeIsSelect = (precision: number): boolean => precision === 1;

export const gradeChoices = (): number[] =>
  Array.from(
    { length: validationLimits.gradeMax - validationLimits.gradeMin + 1 },
    (_, i) => validationLimits.gradeMin + i,
  );

/** The review form's values as typed: the grade '' while none is chosen. */
export interface FapReviewValues {
  grade: string | number;
  comment: string;
}

export function fapReviewValues(review: { grade?: number | null; comment?: string | null }): FapReviewValues {
  return { grade: review.grade == null ? '' : review.grade, comment: review.comment ?? '' };
}

/** The grade as updateReview takes it: null when blank. */
export function gradeOf(values: FapReviewValues): number | null {
  const text = String(values.grade ?? '').trim();
  return text === '' ? null : Number(text);
}

/**
 * §5 panel review with the contracts' schema (the api's): grade required, 1 to 10 ("Lowest grade is 1", "Highest
 * grade is 10"), a multiple of the precision; comment required ("Comment is required") and at most 6000
 * characters of text ("Comment must be at most 6000 characters"). Returns the first message of each field.
 */
export function validateFapReview(
  values: FapReviewValues,
  precision = 1,
): Partial<Record<keyof FapReviewValues, string>> {
  const errors: Partial<Record<keyof FapReviewValues, string>> = {};
  try {
    reviewGradeSchema(precision).validateSync(
      { grade: gradeOf(values), comment: richTextPlainText(values.comment ?? '') },
      { abortEarly: false },
    );
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    for (const inner of e.inner.length > 0 ? e.inner : [e]) {
      const path = inner.path as keyof FapReviewValues | undefined;
      if (path && !(path in errors)) errors[path] = inner.message;
    }
  }
  return errors;
}

/** §3 Review status; a draft is shown as "Pre-submission" (§4). */
export type FapReviewStatus = 'DRAFT' | 'SUBMITTED';

export interface ReviewToSubmit {
  id: number;
  status: string;
  grade?: number | null;
  comment?: string | null;
  proposal: { primaryKey: number; proposalId: string };
}

/**
 * Bulk submit (§5 "Submitting reviews"): the selected drafts, each checked against the grade schema; the proposal
 * IDs of those with a missing or invalid grade or comment are listed in the warning, and the user may still
 * confirm (the server decides).
 */
export function reviewsToSubmit(
  selected: readonly ReviewToSubmit[],
  precision = 1,
): {
  reviews: { proposalPk: number; reviewId: number }[];
  incomplete: string[];
} {
  const drafts = selected.filter((r) => r.status !== 'SUBMITTED');
  return {
    reviews: drafts.map((r) => ({ proposalPk: r.proposal.primaryKey, reviewId: r.id })),
    incomplete: drafts
      .filter((r) => Object.keys(validateFapReview(fapReviewValues(r), precision)).length > 0)
      .map((r) => r.proposal.proposalId),
  };
}
