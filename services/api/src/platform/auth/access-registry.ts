import { Injectable } from '@nestjs/common';
import type { FeatureId } from '@user-office/contracts';
import { anonymousUserDirectory, type UserDirectory } from '../identity/user-directory.port';

/** A machine credential created by an officer: it may call exactly the operations it names. */
export interface ApiTokenIdentity {
  id: number;
  name: string;
  accessPermissions: readonly string[];
}

export interface ApiTokenVerifier {
  /** the token's identity, or null when no such token exists */
  verify(token: string): Promise<ApiTokenIdentity | null>;
}

export interface SessionRevocations {
  isRevoked(sessionId: string): Promise<boolean>;
}

export interface FeatureFlags {
  isEnabled(id: FeatureId): Promise<boolean>;
}

/**
 * Where domain modules plug into the platform's access checks without the platform importing them:
 * the users module registers the user directory, the auth module session revocations, the API-token module
 * its verifier, the settings module the feature flags. Until registered, the safe defaults apply.
 */
@Injectable()
export class AccessRegistry {
  userDirectory: UserDirectory = anonymousUserDirectory;
  apiTokens: ApiTokenVerifier = { verify: async () => null };
  revocations: SessionRevocations = { isRevoked: async () => false };
  features: FeatureFlags = { isEnabled: async () => true };
}
