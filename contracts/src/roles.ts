import { Role } from './enums';

/** The §3 Role entity: fixed ids, the short code, and what the role is for. */
export interface RoleDefinition {
  id: number;
  shortCode: Role;
  title: string;
  description: string;
}

export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
  { id: 1, shortCode: Role.USER, title: 'User', description: 'Applicants, co-proposers and visitors' },
  { id: 2, shortCode: Role.USER_OFFICER, title: 'User Officer', description: 'Administers the user office' },
  { id: 3, shortCode: Role.FAP_CHAIR, title: 'FAP Chair', description: 'Chairs a review panel' },
  { id: 4, shortCode: Role.FAP_SECRETARY, title: 'FAP Secretary', description: 'Runs a review panel' },
  {
    id: 5,
    shortCode: Role.FAP_REVIEWER,
    title: 'FAP Reviewer',
    description: 'Grades proposals in a review panel',
  },
  {
    id: 6,
    shortCode: Role.INSTRUMENT_SCIENTIST,
    title: 'Instrument Scientist',
    description: 'Reviews feasibility and runs instruments',
  },
  {
    id: 7,
    shortCode: Role.EXPERIMENT_SAFETY_REVIEWER,
    title: 'Experiment Safety Reviewer',
    description: 'Reviews experiment safety input',
  },
  {
    id: 8,
    shortCode: Role.INTERNAL_REVIEWER,
    title: 'Internal Reviewer',
    description: 'Adds internal reviews to technical reviews',
  },
];

export const roleById = (id: number): RoleDefinition | undefined => ROLE_DEFINITIONS.find((r) => r.id === id);
export const roleByCode = (code: Role): RoleDefinition =>
  ROLE_DEFINITIONS.find((r) => r.shortCode === code) as RoleDefinition;
