import { array, mixed, number, object, string, type InferType } from 'yup';

import { AllocationTimeUnit } from '../enums';

/** Calls (§5 "Call fields required on create or update"); the texts are not quoted in the spec. */
export const callMessages = {
  shortCodeRequired: 'Short code is required',
  shortCodeMax: 'Short code must be at most 100 characters long',
  required: (label: string) => `${label} is required`,
  invalidDate: (label: string) => `${label} must be a valid date`,
  notBefore: (label: string, other: string) => `${label} must not be before ${other}`,
  referenceNumberFormat:
    'The reference number format may hold one {digits:N} placeholder (N from 1 to 10) and letters, digits, "-", "_", "/"',
  notFound: 'Call not found',
  hasProposals: (n: number) => `The call has ${n} proposal(s) and cannot be deleted`,
  workflowNotFound: 'Workflow not found',
  experimentWorkflowWrongType: 'Experiment workflow must be an EXPERIMENT workflow',
  templateNotFound: (label: string) => `${label} not found`,
  templateWrongGroup: (label: string, group: string) => `${label} must be a ${group} template`,
  shortCodeTaken: 'A call with this short code exists',
  fapNotFound: (fapId: number) => `FAP ${fapId} not found`,
} as const;

const M = callMessages;

const date = (label: string) =>
  string()
    .trim()
    .required(M.required(label))
    .test('date', M.invalidDate(label), (value) => value === undefined || !Number.isNaN(Date.parse(value)));
const optionalDate = (label: string) =>
  string()
    .trim()
    .nullable()
    .default(null)
    .test(
      'date',
      M.invalidDate(label),
      (value) => value == null || value === '' || !Number.isNaN(Date.parse(value)),
    );
/** The date is not before the sibling field's date (either missing or invalid: checked elsewhere). */
const notBefore = (otherField: string) =>
  function (this: { parent: Record<string, unknown> }, value: unknown): boolean {
    const other = this.parent[otherField];
    const mine = typeof value === 'string' && value !== '' ? Date.parse(value) : Number.NaN;
    const theirs = typeof other === 'string' && other !== '' ? Date.parse(other) : Number.NaN;
    return Number.isNaN(mine) || Number.isNaN(theirs) || mine >= theirs;
  };

/** `{digits:N}` once, with letters, digits and - _ / around it. */
export const referenceNumberFormatPattern = /^[A-Za-z0-9_/-]*(\{digits:(10|[1-9])\})?[A-Za-z0-9_/-]*$/;

/** createCall / updateCall: the required fields of §5, dates in order. */
export const callSchema = object({
  shortCode: string().trim().required(M.shortCodeRequired).max(100, M.shortCodeMax),
  title: string().trim().nullable().default(null),
  description: string().trim().nullable().default(null),
  startCall: date('Start of the call'),
  endCall: date('End of the call').test(
    'after',
    M.notBefore('End of the call', 'its start'),
    notBefore('startCall'),
  ),
  endCallInternal: optionalDate('Internal end of the call').test(
    'after',
    M.notBefore('Internal end of the call', 'the end of the call'),
    notBefore('endCall'),
  ),
  startReview: date('Start of the review'),
  endReview: date('End of the review').test(
    'after',
    M.notBefore('End of the review', 'its start'),
    notBefore('startReview'),
  ),
  startFapReview: optionalDate('Start of the FAP review'),
  endFapReview: optionalDate('End of the FAP review').test(
    'after',
    M.notBefore('End of the FAP review', 'its start'),
    notBefore('startFapReview'),
  ),
  startNotify: date('Start of notification'),
  endNotify: date('End of notification').test(
    'after',
    M.notBefore('End of notification', 'its start'),
    notBefore('startNotify'),
  ),
  startCycle: date('Start of the cycle'),
  endCycle: date('End of the cycle').test(
    'after',
    M.notBefore('End of the cycle', 'its start'),
    notBefore('startCycle'),
  ),
  cycleComment: string().trim().required(M.required('Cycle comment')),
  surveyComment: string().trim().required(M.required('Survey comment')),
  referenceNumberFormat: string()
    .trim()
    .nullable()
    .default(null)
    .test(
      'format',
      M.referenceNumberFormat,
      (value) => value == null || value === '' || referenceNumberFormatPattern.test(value),
    ),
  proposalWorkflowId: number().nullable().required(M.required('Proposal workflow')).integer(),
  templateId: number().nullable().required(M.required('Proposal template')).integer(),
  esiTemplateId: number().integer().nullable().default(null),
  experimentWorkflowId: number().integer().nullable().default(null),
  pdfTemplateId: number().integer().nullable().default(null),
  fapReviewTemplateId: number().integer().nullable().default(null),
  technicalReviewTemplateId: number().integer().nullable().default(null),
  allocationTimeUnit: mixed<AllocationTimeUnit>()
    .oneOf(Object.values(AllocationTimeUnit))
    .nullable()
    .required(M.required('Allocation time unit')),
  submissionMessage: string().trim().nullable().default(null),
  /** the call's review panels (FAP ids); null or absent on update: unchanged */
  faps: array().of(number().integer().required()).nullable().default(null),
});
export type CallInput = InferType<typeof callSchema>;

/**
 * The reference of the n-th submitted proposal of a call: `{digits:N}` replaced by n zero-padded to N digits;
 * a format without placeholder gets n appended. Null format: null (the proposal keeps its pre-submission id).
 */
export function formatReferenceNumber(format: string | null, n: number): string | null {
  if (!format) return null;
  const match = /\{digits:(\d+)\}/.exec(format);
  if (!match) return `${format}${n}`;
  return format.replace(match[0], String(n).padStart(Number(match[1]), '0'));
}
