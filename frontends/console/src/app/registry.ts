import type { ComponentType, ReactElement } from 'react';

/** The console's side-menu groups of the officer (§2). */
export type MenuGroup = 'settings' | 'templates' | 'esi';

/** The staff roles (§6); USER belongs to the portal. */
export type StaffRole =
  | 'USER_OFFICER'
  | 'INSTRUMENT_SCIENTIST'
  | 'INTERNAL_REVIEWER'
  | 'FAP_CHAIR'
  | 'FAP_SECRETARY'
  | 'FAP_REVIEWER'
  | 'EXPERIMENT_SAFETY_REVIEWER';

/**
 * A console resource (one folder of src/resources, its index.ts exports this): its react-admin name is its §2
 * route (`/console/<name>`), its menu entry shows for `roles` when `feature` (if any) is on, under `group`.
 */
export interface ConsoleResource {
  name: string;
  /** translation key of the menu label */
  label: string;
  icon: ComponentType;
  roles: StaffRole[];
  feature?: string;
  group?: MenuGroup;
  /** a page reached from another (an editor, an import), not listed in the side menu */
  hidden?: boolean;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  /** extra pages under the resource (e.g. MergeInstitutionsPage/:id) as <Route> elements */
  routes?: ReactElement[];
  /** pages of the resource at the console's top level (§2 `/MergeInstitutionsPage/{id}`, `/ImportUnits`) as <Route> elements */
  pages?: ReactElement[];
}

export interface Visibility {
  role: string;
  isEnabled(feature: string): boolean;
}

/** Whether a resource is part of the console for this role and these features (§2, §6). */
export function isVisible(resource: ConsoleResource, { role, isEnabled }: Visibility): boolean {
  return (resource.roles as string[]).includes(role) && (!resource.feature || isEnabled(resource.feature));
}

/**
 * The home page of a role in the console (§2 `/`): the officer's is the proposals table, the instrument
 * scientist's their proposals (the same table over getInstrumentScientistProposals, §2 "scientists see their own
 * tables"), the internal reviewer's their Review Proposals (§6), the FAP roles' "Proposals to grade" (§2 "Other
 * roles see 'Proposals to grade'"), the safety reviewer's the experiment safety review (§2 "Safety reviewer:
 * experiment safety review page").
 */
export function homeResourceOf(role: string): string | null {
  if (role === 'USER_OFFICER' || role === 'INSTRUMENT_SCIENTIST') return 'Proposals';
  if (role === 'INTERNAL_REVIEWER') return 'ReviewProposals';
  if (role === 'FAP_REVIEWER' || role === 'FAP_CHAIR' || role === 'FAP_SECRETARY') return 'ProposalsToGrade';
  if (role === 'EXPERIMENT_SAFETY_REVIEWER') return 'ExperimentSafetyReview';
  return null;
}
