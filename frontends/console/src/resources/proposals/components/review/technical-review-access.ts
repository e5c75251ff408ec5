/**
 * Who sees and edits what in the review modal (§2, §6): pure functions over the caller's role and id, so the
 * modal, its Technical reviews tab and their tests agree. The api enforces the same rules.
 */

export type ReviewTab = 'information' | 'technical' | 'fapReviews' | 'admin' | 'grade' | 'logs' | 'history';

/** §6: the panel members grade in the modal's Grade tab (feature FAP_REVIEW). */
export const GRADE_TAB_ROLES = ['FAP_REVIEWER', 'FAP_CHAIR', 'FAP_SECRETARY'];

/** §6: the roles that see the Technical reviews tab (feature TECHNICAL_REVIEW). */
export const TECHNICAL_REVIEW_TAB_ROLES = [
  'USER_OFFICER',
  'INSTRUMENT_SCIENTIST',
  'INTERNAL_REVIEWER',
  'FAP_CHAIR',
  'FAP_SECRETARY',
];

/**
 * The modal's tabs for a role, in §2's order: Proposal information, Technical reviews, FAP reviews (officers, §6),
 * Admin (officers), Grade (the panel members' own review), Logs (officers), then History (officers: the proposal as
 * of an instant, issue 32). FAP reviews and Grade need FAP_REVIEW.
 */
export function reviewTabs(role: string, isEnabled: (feature: string) => boolean): ReviewTab[] {
  const officer = role === 'USER_OFFICER';
  const faps = isEnabled('FAP_REVIEW');
  return [
    'information',
    ...(isEnabled('TECHNICAL_REVIEW') && TECHNICAL_REVIEW_TAB_ROLES.includes(role)
      ? ['technical' as const]
      : []),
    ...(officer && faps ? ['fapReviews' as const] : []),
    ...(officer ? ['admin' as const] : []),
    ...(faps && GRADE_TAB_ROLES.includes(role) ? ['grade' as const] : []),
    ...(officer ? ['logs' as const, 'history' as const] : []),
  ];
}

export interface ReviewCaller {
  role: string;
  userId: number;
  /** the setting FAP_SECS_EDIT_TECH_REVIEWS is 'true' */
  fapSecsEditTechReviews: boolean;
}

/**
 * §6: officers edit every technical review; the assignee (an instrument scientist) edits theirs while it is not
 * submitted; FAP chairs and secretaries when FAP_SECS_EDIT_TECH_REVIEWS allows; everybody else views.
 */
export function mayEditTechnicalReview(
  review: { submitted: boolean; technicalReviewAssigneeId?: number | null },
  caller: ReviewCaller,
): boolean {
  if (caller.role === 'USER_OFFICER') return true;
  if (review.submitted) return false;
  if (caller.role === 'INSTRUMENT_SCIENTIST') return review.technicalReviewAssigneeId === caller.userId;
  if (caller.role === 'FAP_CHAIR' || caller.role === 'FAP_SECRETARY') return caller.fapSecsEditTechReviews;
  return false;
}

/** §6: officers create and delete internal reviews; an internal reviewer updates only their own. */
export function mayUpdateInternalReview(review: { reviewerId: number }, caller: ReviewCaller): boolean {
  return (
    caller.role === 'USER_OFFICER' ||
    (caller.role === 'INTERNAL_REVIEWER' && review.reviewerId === caller.userId)
  );
}

/** §6: officers and instrument scientists manage the proposal scientist comment. */
export const maySeeScientistComment = (role: string) =>
  role === 'USER_OFFICER' || role === 'INSTRUMENT_SCIENTIST';

/** The visible text of a sanitised rich-text comment (the console shows comments as text). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
