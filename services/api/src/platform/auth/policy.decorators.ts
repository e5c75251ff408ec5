import { SetMetadata } from '@nestjs/common';
import type { FeatureId, Role } from '@user-office/contracts';

/**
 * Who may call an operation. Every query, mutation and REST route declares one: deny by default.
 * Record-level rules (PI, co-proposer, assigned reviewer, …) live in each module's policy file.
 * An API access token may call exactly the operations it names, whatever their policy.
 */
export type Policy =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'roles'; roles: readonly Role[] };

export const POLICY_KEY = 'uo:policy';
export const FEATURES_KEY = 'uo:features';

/** anyone, logged in or not */
export const Public = () => SetMetadata(POLICY_KEY, { kind: 'public' } satisfies Policy);
/** any logged-in user, whatever the current role */
export const Authenticated = () => SetMetadata(POLICY_KEY, { kind: 'authenticated' } satisfies Policy);
/** a logged-in user whose current role is one of these */
export const RolesAllowed = (...roles: Role[]) =>
  SetMetadata(POLICY_KEY, { kind: 'roles', roles } satisfies Policy);
/** the operation exists only while these features are enabled (§6 feature dependencies) */
export const RequiresFeature = (...features: FeatureId[]) => SetMetadata(FEATURES_KEY, features);
