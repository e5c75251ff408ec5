import { parseAccessPermissions, type AccessPermissions } from '@user-office/contracts';

/** The permissions of validated input (the schema has already checked it is a JSON object of booleans). */
export function permissionsOf(json: string): AccessPermissions {
  const permissions = parseAccessPermissions(json);
  if (permissions === null) throw new Error('accessPermissions was not validated');
  return permissions;
}
