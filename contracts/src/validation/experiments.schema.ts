import { array, mixed, number, object, string, type InferType } from 'yup';
import { ExperimentStatus } from '../enums';
import { parseIsoInstant } from './common';

/** Experiments (§3 Experiment, §4, §7); the spec quotes no texts for them. */
export const experimentMessages = {
  proposalRequired: 'Proposal is required',
  instrumentRequired: 'Instrument is required',
  experimentRequired: 'Experiment is required',
  startsAtRequired: 'Start is required',
  endsAtRequired: 'End is required',
  invalidDate: (label: string): string => `${label} must be a date`,
  invalidFilterDate: (label: string): string =>
    `${label} must be an ISO 8601 date or date and time from year 1 to 9999, e.g. 2030-01-31T09:00:00Z`,
  firstNotNegative: 'first (the page size) must be 0 or more',
  offsetNotNegative: 'offset must be 0 or more',
  endsBeforeStart: 'The experiment must end after it starts',
  statusOneOf: 'Status must be one of DRAFT, ACTIVE, COMPLETED',
  scheduledEventIdRequired: 'The scheduled event id is required',
  proposalNotFound: 'Proposal not found',
  experimentNotFound: 'Experiment not found',
  instrumentNotFound: 'Instrument not found',
  localContactNotFound: 'The local contact does not exist',
  notAccepted: 'Experiments are only for accepted proposals (final status ACCEPTED)',
  decisionNotSubmitted: 'The management decision of the proposal is not submitted',
  instrumentNotOfProposal: 'The instrument is not one of the proposal\u2019s instruments',
  mayNotManage: 'Only the user office or a scientist of the instrument may manage its experiments',
  proposalChanged: 'An experiment stays with its proposal',
  overlaps: (experimentId: string, startsAt: string, endsAt: string): string =>
    `The experiment overlaps experiment ${experimentId} (${startsAt} – ${endsAt}) on this instrument`,
  scheduledEventUnknown: (scheduledEventId: string): string =>
    `No experiment for the scheduled event ${scheduledEventId}: it must be created first`,
} as const;

const M = experimentMessages;

const id = (message: string) => number().required(message).integer(message).min(1, message);
const date = (label: string, required: string) =>
  string()
    .trim()
    .required(required)
    .test('date', M.invalidDate(label), (value) => value === undefined || parseIsoInstant(value) !== null)
    .transform((value: string) => parseIsoInstant(value)?.toISOString() ?? value);
const optionalDate = (label: string) =>
  string()
    .trim()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' || value === undefined ? null : value))
    .test('date', M.invalidFilterDate(label), (value) => value == null || parseIsoInstant(value) !== null)
    // the instant itself, so SQL compares what was checked (never a text PostgreSQL parses its own way)
    .transform((value: string | null) =>
      value == null ? value : (parseIsoInstant(value)?.toISOString() ?? value),
    );
const nullableId = () =>
  number()
    .integer()
    .nullable()
    .transform((v: unknown) => (v === undefined ? null : v))
    .default(null);
const status = () =>
  mixed<ExperimentStatus>()
    .oneOf(Object.values(ExperimentStatus), M.statusOneOf)
    .nullable()
    .transform((v: unknown) => v ?? ExperimentStatus.DRAFT)
    .default(ExperimentStatus.DRAFT)
    .required(M.statusOneOf);
const times = {
  startsAt: date('Start', M.startsAtRequired),
  endsAt: date('End', M.endsAtRequired).test('after-start', M.endsBeforeStart, function (endsAt) {
    const startsAt = (this.parent as { startsAt?: string }).startsAt;
    if (!startsAt || !endsAt) return true;
    const [s, e] = [Date.parse(startsAt), Date.parse(endsAt)];
    return Number.isNaN(s) || Number.isNaN(e) || s < e;
  }),
};

/** Input of `createExperiment`: an accepted proposal's experiment on one of its instruments. */
export const createExperimentSchema = object({
  proposalPk: id(M.proposalRequired),
  instrumentId: id(M.instrumentRequired),
  ...times,
  localContactId: nullableId(),
  status: status(),
});
export type CreateExperimentInput = InferType<typeof createExperimentSchema>;

/**
 * Input of `updateExperiment`: the new times, and what else changes — an instrument, local contact or status left
 * out stays as it is (a drag on the timeline sends the times, and the instrument when it changes row); a null
 * local contact removes it.
 */
export const updateExperimentSchema = object({
  experimentPk: id(M.experimentRequired),
  instrumentId: number().integer(M.instrumentRequired).min(1, M.instrumentRequired).nullable().optional(),
  ...times,
  localContactId: number().integer().nullable().optional(),
  status: mixed<ExperimentStatus>()
    .transform((v: unknown) => (v === null ? undefined : v))
    .oneOf([...Object.values(ExperimentStatus), undefined], M.statusOneOf)
    .optional(),
});
export type UpdateExperimentInput = InferType<typeof updateExperimentSchema>;

/** Input of the scheduler's create and update: its event id, the proposal, instrument and times. */
export const scheduledExperimentSchema = object({
  scheduledEventId: string().trim().required(M.scheduledEventIdRequired),
  proposalPk: id(M.proposalRequired),
  instrumentId: id(M.instrumentRequired),
  ...times,
  localContactId: nullableId(),
});
export type ScheduledExperimentInput = InferType<typeof scheduledExperimentSchema>;

/** The staff list's filter (`experiments(filter, first, offset)`). */
export const experimentsFilterSchema = object({
  instrumentId: nullableId(),
  proposalPk: nullableId(),
  callId: nullableId(),
  status: array(mixed<ExperimentStatus>().oneOf(Object.values(ExperimentStatus), M.statusOneOf).required())
    .nullable()
    .default(null),
  startsAfter: optionalDate('startsAfter'),
  endsBefore: optionalDate('endsBefore'),
});
export type ExperimentsFilter = InferType<typeof experimentsFilterSchema>;

/** The staff list's page (`experiments(…, first, offset)`): both absent or 0 or more (first absent: every row). */
export const experimentsPageSchema = object({
  first: number().integer(M.firstNotNegative).min(0, M.firstNotNegative).nullable().default(null),
  offset: number().integer(M.offsetNotNegative).min(0, M.offsetNotNegative).nullable().default(null),
});
export type ExperimentsPage = InferType<typeof experimentsPageSchema>;

/** The user's filter (`getUserExperiments(filter)`: status, endsAfter, instrumentId). */
export const userExperimentsFilterSchema = object({
  status: array(mixed<ExperimentStatus>().oneOf(Object.values(ExperimentStatus), M.statusOneOf).required())
    .nullable()
    .default(null),
  endsAfter: optionalDate('endsAfter'),
  instrumentId: nullableId(),
});
export type UserExperimentsFilter = InferType<typeof userExperimentsFilterSchema>;

/** Hours in one allocation time unit (the call's allocationTimeUnit), for scheduled vs allocated time. */
export const HOURS_PER_ALLOCATION_UNIT: Readonly<Record<string, number>> = { Hour: 1, Day: 24, Week: 168 };

/** The experiment safety input and its review (§4, §8); the spec quotes "All experiment safety inputs must be completed". */
export const experimentSafetyMessages = {
  notFound: 'Experiment safety input not found',
  exists: 'The experiment already has a safety input',
  onlyMembers: 'Only the principal investigator or a co-proposer may fill in the experiment safety input',
  notAccepted: 'The experiment safety input is for accepted proposals with a submitted management decision',
  noEsiTemplate: 'The call has no experiment safety input template',
  noSampleEsiTemplate: 'No sample safety input template is set for this sample',
  locked: 'The experiment safety input is submitted and can no longer be changed',
  incomplete: 'All experiment safety inputs must be completed',
  sampleIncomplete: "The sample's safety input is not complete",
  sampleNotOfProposal: "The sample is not one of the proposal's samples",
  sampleNotFound: 'Sample not found',
  sampleAlreadyAdded: 'The sample is already on the experiment',
  sampleNotOnExperiment: 'The sample is not on the experiment',
  notSubmitted: 'The experiment safety input is not submitted',
  stale: (seen: number, current: number): string =>
    `The experiment safety input changed since you opened it (version ${seen}, now ${current}): reload it`,
  notInstrumentScientist:
    "Only a scientist of the experiment's instrument (or the user office) may decide here",
  notSafetyReviewer: 'Only an experiment safety reviewer (or the user office) may decide here',
  scientistFirst:
    "The instrument scientist must accept the experiment safety input before the safety reviewer's decision",
  reviewerDecided:
    'The safety reviewer has decided: the instrument scientist can no longer change the decision',
  mayNotReview: 'Only the reviewers of the experiment safety input may do this',
  commentRequired: 'Comment is required',
  commentMax: 'Comment must be at most 6000 characters',
  onlyOfficersReopen: 'Only the user office or the reviewers may reopen a submitted experiment safety input',
} as const;
