/** Reusable validation pieces and the limits of §5 and §9. */

/** E-mail pattern of §5: non-space, @, non-space, dot, non-space. */
export const emailPattern = /^\S+@\S+\.\S+$/;

/** Searches (users, internal reviewers, …) need at least this many characters (§5, §9). */
export const searchMinLength = 3;

/** An absolute http(s) URL: scheme, a host, then optionally a path, query or fragment. */
export const httpUrlPattern = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Question natural keys: letters, digits and underscore only (§5). */
export const naturalKeyPattern = /^[a-zA-Z0-9_]+$/;

/** A CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const hexColourPattern = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The prefix of the default title of a proposal cloned to another call (§5). */
export const cloneTitlePrefix = 'Copy of';

/** File types a file-upload question can allow (§5). */
export const fileUploadTypes = ['.pdf', '.doc', '.docx', 'audio', 'video', 'image'] as const;

/** Numeric limits of §5 and §9. */
export const validationLimits = {
  proposalTitleMax: 175,
  proposalAbstractMax: 1500,
  commentMax: 6000,
  gradeMin: 1,
  gradeMax: 10,
  naturalKeyMax: 128,
  basisQuestionTextMax: 256,
  shipmentTitleMax: 150,
  timeAllocationMin: 0,
  timeAllocationMax: 100000,
  internalDocumentsMax: 5,
  sampleDeclarationMinEntriesMin: 0,
  sampleDeclarationMaxEntriesMin: 1,
  settingValueMax: 4000,
} as const;
