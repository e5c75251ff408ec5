import { instrumentMessages as M } from '@user-office/contracts';
import { badInput, conflict, notFound } from '../../../platform/errors/app-error';

export const instrumentNotFound = () => notFound(M.instrumentNotFound);
export const techniqueNotFound = () => notFound(M.techniqueNotFound);
export const callNotFound = () => notFound(M.callNotFound);
export const instrumentExists = (id: number) => conflict(`Instrument ${id} already exists`);
export const techniqueExists = (id: number) => conflict(`Technique ${id} already exists`);
export const instrumentShortCodeTaken = () => badInput(M.shortCodeTaken, { shortCode: M.shortCodeTaken });
export const techniqueShortCodeTaken = () =>
  badInput(M.techniqueShortCodeTaken, { shortCode: M.techniqueShortCodeTaken });
export const instrumentNotOnCall = () => badInput(M.notOnCall);
export const managerNotFound = () => badInput(M.managerNotFound, { managerUserId: M.managerNotFound });
export const instrumentsNotFound = (ids: readonly number[]) => notFound(M.instrumentsNotFound(ids));

/** A user proposed as a scientist: whether they exist and hold the INSTRUMENT_SCIENTIST role. */
export interface ScientistCandidate {
  id: number;
  exists: boolean;
  isScientist: boolean;
}

/** Refuses a list with a user who does not exist or is not an instrument scientist (the first one named). */
export function assertScientists(candidates: readonly ScientistCandidate[]): void {
  for (const c of candidates) {
    if (!c.exists) throw badInput(M.userNotFound(c.id), { scientistIds: M.userNotFound(c.id) });
    if (!c.isScientist) throw badInput(M.notAScientist(c.id), { scientistIds: M.notAScientist(c.id) });
  }
}
