import { number, object, string, type InferType } from 'yup';

/** API access tokens (administration, §7). "Name is required" follows the spec's "X is required". */
export const apiAccessTokenMessages = {
  nameRequired: 'Name is required',
  nameMax: (max: number): string => `Name must be at most ${max} characters long`,
  permissionsRequired: 'Select at least one permission',
  permissionsNotObject: 'Access permissions must be a JSON object mapping operation names to true or false',
  unknownOperation: (name: string): string => `Unknown operation: ${name}`,
  accessTokenIdRequired: 'Access token id is required',
  notFound: 'API access token not found',
} as const;

export const apiAccessTokenLimits = { nameMax: 255 } as const;

/** What `accessToken` reads as after creation: the token is shown once and never again. */
export const HIDDEN_ACCESS_TOKEN = '********';

/** Permissions as the user office sends them: `{"getCalls": true, "createCall": false}`. */
export type AccessPermissions = Readonly<Record<string, boolean>>;

/** The permissions of a JSON text, or null when it is not an object of booleans. */
export function parseAccessPermissions(json: string): AccessPermissions | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.every(([, granted]) => typeof granted === 'boolean')
    ? Object.fromEntries(entries as [string, boolean][])
    : null;
}

/** The operations granted (set to true), sorted. */
export function grantedOperations(permissions: AccessPermissions): string[] {
  return Object.keys(permissions)
    .filter((name) => permissions[name])
    .sort();
}

/** The JSON text of granted operations, as the api returns it: `{"getCalls":true}`. */
export function accessPermissionsJson(operations: readonly string[]): string {
  return JSON.stringify(Object.fromEntries([...operations].sort().map((name) => [name, true])));
}

/** The permission names (granted or not) that are not among `knownOperations`, in the order given. */
export function unknownOperations(
  permissions: AccessPermissions,
  knownOperations: readonly string[],
): string[] {
  const known = new Set(knownOperations);
  return Object.keys(permissions).filter((name) => !known.has(name));
}

/** Context a form may pass to check operation names: `{ operations: [...queries, ...mutations] }`. */
export interface AccessPermissionsContext {
  readonly operations?: readonly string[];
}

const nameSchema = () =>
  string()
    .trim()
    .required(apiAccessTokenMessages.nameRequired)
    .max(apiAccessTokenLimits.nameMax, apiAccessTokenMessages.nameMax(apiAccessTokenLimits.nameMax));

/**
 * A JSON object of operation names with at least one set to true. The names are checked against
 * `context.operations` when given; the api checks them against its schema's root fields.
 */
const accessPermissionsSchema = () =>
  string()
    .required(apiAccessTokenMessages.permissionsRequired)
    .test(
      'json-object',
      apiAccessTokenMessages.permissionsNotObject,
      (value) => value === undefined || parseAccessPermissions(value) !== null,
    )
    .test('at-least-one', apiAccessTokenMessages.permissionsRequired, (value) => {
      const permissions = value === undefined ? null : parseAccessPermissions(value);
      return permissions === null || grantedOperations(permissions).length > 0;
    })
    .test('known-operations', function (value) {
      const operations = (this.options.context as AccessPermissionsContext | undefined)?.operations;
      const permissions = value === undefined ? null : parseAccessPermissions(value);
      if (!operations || permissions === null) return true;
      const [unknown] = unknownOperations(permissions, operations);
      return unknown === undefined
        ? true
        : this.createError({ message: apiAccessTokenMessages.unknownOperation(unknown) });
    });

const accessTokenIdSchema = () =>
  number()
    .typeError(apiAccessTokenMessages.accessTokenIdRequired)
    .required(apiAccessTokenMessages.accessTokenIdRequired)
    .integer(apiAccessTokenMessages.accessTokenIdRequired);

/** Input of `createApiAccessToken`. */
export const createApiAccessTokenSchema = object({
  name: nameSchema(),
  accessPermissions: accessPermissionsSchema(),
});

export type CreateApiAccessTokenInput = InferType<typeof createApiAccessTokenSchema>;

/** Input of `updateApiAccessToken`. */
export const updateApiAccessTokenSchema = object({
  accessTokenId: accessTokenIdSchema(),
  name: nameSchema(),
  accessPermissions: accessPermissionsSchema(),
});

export type UpdateApiAccessTokenInput = InferType<typeof updateApiAccessTokenSchema>;

/** Input of `deleteApiAccessToken`. */
export const deleteApiAccessTokenSchema = object({
  accessTokenId: accessTokenIdSchema(),
});

export type DeleteApiAccessTokenInput = InferType<typeof deleteApiAccessTokenSchema>;
