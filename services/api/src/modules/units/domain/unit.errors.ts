import { unitImportMessages, unitValidationMessages } from '@user-office/contracts';
import { badInput, notFound } from '../../../platform/errors/app-error';

/** Delete of a unit that does not exist or was deleted. */
export const unitNotFound = () => notFound(unitValidationMessages.notFound);

/** `createUnit` with the id of a unit that exists. */
export const unitIdTaken = () =>
  badInput(unitValidationMessages.idTaken, { id: unitValidationMessages.idTaken });

/** An imported unit differs from the existing one and no USE_NEW / USE_EXISTING was chosen for it. */
export const unitConflictUnresolved = (id: string) =>
  badInput(unitImportMessages.unresolved(id), { conflictResolutions: unitImportMessages.unresolved(id) });
