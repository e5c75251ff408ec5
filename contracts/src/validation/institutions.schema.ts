import { number, object, ref, string, type InferType } from 'yup';

import { isCountryId } from '../countries';

/** The longest institution name (and merged title) accepted. */
export const institutionNameMax = 255;

/** Institutions (administration, §7); the spec quotes no texts, these follow its "X is required". */
export const institutionMessages = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${institutionNameMax} characters long`,
  countryRequired: 'Country is required',
  unknownCountry: 'Unknown country',
  rorIdInvalid: 'ROR id must look like 0abcde123 or https://ror.org/0abcde123',
  nameTaken: 'An institution with this name already exists',
  institutionRequired: 'Institution is required',
  notFound: 'Institution not found',
  mergeIntoItself: 'Cannot merge an institution into itself',
  newTitleRequired: 'New title is required',
  newTitleMax: `New title must be at most ${institutionNameMax} characters long`,
} as const;

/** A bare ROR id: `0`, six letters or digits, two check digits. */
export const rorIdPattern = /^0[a-z0-9]{6}[0-9]{2}$/;
const rorUrlPattern = /^https?:\/\/(?:www\.)?ror\.org\/(0[a-z0-9]{6}[0-9]{2})\/?$/i;

/**
 * The bare ROR id of `value`: `https://ror.org/0abcde123` → `0abcde123`; trimmed and lower-cased. Anything
 * that is not a ROR id is returned trimmed, for the pattern to reject.
 */
export function normaliseRorId(value: string): string {
  const trimmed = value.trim();
  const url = rorUrlPattern.exec(trimmed);
  if (url) return url[1].toLowerCase();
  return rorIdPattern.test(trimmed.toLowerCase()) ? trimmed.toLowerCase() : trimmed;
}

const institutionName = () =>
  string()
    .trim()
    .required(institutionMessages.nameRequired)
    .max(institutionNameMax, institutionMessages.nameMax);

const country = () =>
  number()
    .typeError(institutionMessages.countryRequired)
    .required(institutionMessages.countryRequired)
    .test(
      'known-country',
      institutionMessages.unknownCountry,
      (value) => value === undefined || isCountryId(value),
    );

/** Optional: empty becomes null; a ror.org URL becomes the bare id. */
const rorId = () =>
  string()
    .nullable()
    .optional()
    .transform((value: unknown) =>
      typeof value === 'string' ? (value.trim() === '' ? null : normaliseRorId(value)) : value,
    )
    .matches(rorIdPattern, { message: institutionMessages.rorIdInvalid, excludeEmptyString: true });

const institutionId = () =>
  number()
    .typeError(institutionMessages.institutionRequired)
    .integer(institutionMessages.institutionRequired)
    .required(institutionMessages.institutionRequired);

/** Input of `createInstitution(name, country, rorId)`. */
export const createInstitutionSchema = object({
  name: institutionName(),
  country: country(),
  rorId: rorId(),
});

export type CreateInstitutionInput = InferType<typeof createInstitutionSchema>;

/** Input of `updateInstitution(id, name, country, rorId)`. */
export const updateInstitutionSchema = object({
  id: institutionId(),
  name: institutionName(),
  country: country(),
  rorId: rorId(),
});

export type UpdateInstitutionInput = InferType<typeof updateInstitutionSchema>;

/** Input of `deleteInstitution(id)`. */
export const deleteInstitutionSchema = object({
  id: institutionId(),
});

export type DeleteInstitutionInput = InferType<typeof deleteInstitutionSchema>;

/** Input of `mergeInstitutions(institutionIdFrom, institutionIdInto, newTitle)`. */
export const mergeInstitutionsSchema = object({
  institutionIdFrom: institutionId(),
  institutionIdInto: institutionId().notOneOf(
    [ref('institutionIdFrom')],
    institutionMessages.mergeIntoItself,
  ),
  newTitle: string()
    .trim()
    .required(institutionMessages.newTitleRequired)
    .max(institutionNameMax, institutionMessages.newTitleMax),
});

export type MergeInstitutionsInput = InferType<typeof mergeInstitutionsSchema>;

/** The filter of `getInstitutions`: part of the name, any case. */
export const institutionsFilterSchema = object({
  name: string().trim().nullable().optional().max(institutionNameMax, institutionMessages.nameMax),
});

export type InstitutionsFilterInput = InferType<typeof institutionsFilterSchema>;
