import { apiAccessTokenMessages, unknownOperations, type AccessPermissions } from '@user-office/contracts';
import { badInput } from '../../../platform/errors/app-error';

/** BAD_USER_INPUT on the first permission that names no query or mutation of the schema. */
export function assertKnownOperations(
  permissions: AccessPermissions,
  knownOperations: readonly string[],
): void {
  const [unknown] = unknownOperations(permissions, knownOperations);
  if (unknown === undefined) return;
  const message = apiAccessTokenMessages.unknownOperation(unknown);
  throw badInput(message, { accessPermissions: message });
}
