import { array, boolean, number, object, string, type InferType } from 'yup';

/** Instruments and techniques (§3 Instrument, Technique); the spec quotes no texts for them. */
export const instrumentMessages = {
  nameRequired: 'Name is required',
  shortCodeRequired: 'Short code is required',
  descriptionRequired: 'Description is required',
  shortCodeMax: 'Short code must be at most 20 characters long',
  nameMax: 'Name must be at most 100 characters long',
  shortCodeTaken: 'An instrument with this short code exists',
  techniqueShortCodeTaken: 'A technique with this short code exists',
  idRequired: 'Instrument is required',
  techniqueIdRequired: 'Technique is required',
  callIdRequired: 'Call is required',
  scientistRequired: 'Select at least one scientist',
  instrumentsRequired: 'Select at least one instrument',
  availabilityTimeRequired: 'Availability time is required',
  availabilityTimeMin: 'Availability time must be greater than or equal to 0',
  instrumentNotFound: 'Instrument not found',
  techniqueNotFound: 'Technique not found',
  callNotFound: 'Call not found',
  notOnCall: 'The instrument is not assigned to the call',
  userNotFound: (id: number): string => `User #${id} does not exist`,
  notAScientist: (id: number): string => `User #${id} does not have the Instrument Scientist role`,
  instrumentsNotFound: (ids: readonly number[]): string =>
    `Instrument(s) ${ids.map((id) => `#${id}`).join(', ')} not found`,
  managerNotFound: 'The manager does not exist',
} as const;

const M = instrumentMessages;

const id = (message: string) => number().required(message).integer(message);
const name = () => string().trim().required(M.nameRequired).max(100, M.nameMax);
const shortCode = () => string().trim().required(M.shortCodeRequired).max(20, M.shortCodeMax);
const description = () => string().trim().required(M.descriptionRequired);
const nullableId = () =>
  number()
    .integer()
    .nullable()
    .transform((v: unknown) => (v === undefined ? null : v))
    .default(null);
const contact = () =>
  string()
    .trim()
    .nullable()
    .transform((v: unknown) => (v === '' || v === undefined ? null : v))
    .default(null);

/** Input of `createInstrument`: name, short code and description required (trimmed), selectable by default. */
export const createInstrumentSchema = object({
  name: name(),
  shortCode: shortCode(),
  description: description(),
  managerUserId: nullableId(),
  selectable: boolean()
    .nullable()
    .transform((v: unknown) => v ?? true)
    .default(true)
    .required(),
  instrumentContact: contact(),
});
export type CreateInstrumentInput = InferType<typeof createInstrumentSchema>;

/** Input of `updateInstrument`: as create, with the id. */
export const updateInstrumentSchema = createInstrumentSchema.shape({ id: id(M.idRequired) });
export type UpdateInstrumentInput = InferType<typeof updateInstrumentSchema>;

const ids = (message: string, min: string) => array(id(message)).required(min).min(1, min);

/** Input of `assignScientistsToInstrument`. */
export const assignScientistsToInstrumentSchema = object({
  instrumentId: id(M.idRequired),
  scientistIds: ids(M.scientistRequired, M.scientistRequired),
});

/** Input of `assignInstrumentsToCall`: each instrument with its FAP (null for none). */
export const assignInstrumentsToCallSchema = object({
  callId: id(M.callIdRequired),
  instrumentFapIds: array(object({ instrumentId: id(M.idRequired), fapId: nullableId() }))
    .required(M.instrumentsRequired)
    .min(1, M.instrumentsRequired),
});
export type AssignInstrumentsToCallInput = InferType<typeof assignInstrumentsToCallSchema>;

/** Input of `setInstrumentAvailabilityTime`: a whole number of the call's allocation unit, at least 0. */
export const setInstrumentAvailabilityTimeSchema = object({
  callId: id(M.callIdRequired),
  instrumentId: id(M.idRequired),
  availabilityTime: number()
    .typeError(M.availabilityTimeRequired)
    .required(M.availabilityTimeRequired)
    .min(0, M.availabilityTimeMin),
});

/** Input of `createTechnique`. */
export const createTechniqueSchema = object({
  name: name(),
  shortCode: shortCode(),
  description: description(),
});
export type CreateTechniqueInput = InferType<typeof createTechniqueSchema>;

/** Input of `updateTechnique`. */
export const updateTechniqueSchema = createTechniqueSchema.shape({ id: id(M.techniqueIdRequired) });

/** Input of `assignScientistsToTechnique`. */
export const assignScientistsToTechniqueSchema = object({
  techniqueId: id(M.techniqueIdRequired),
  scientistIds: ids(M.scientistRequired, M.scientistRequired),
});

/** Input of `assignInstrumentsToTechnique` and `removeInstrumentsFromTechnique`. */
export const techniqueInstrumentsSchema = object({
  techniqueId: id(M.techniqueIdRequired),
  instrumentIds: ids(M.instrumentsRequired, M.instrumentsRequired),
});
