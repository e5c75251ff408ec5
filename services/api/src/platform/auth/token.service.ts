import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@user-office/contracts';
import { unauthenticated } from '../errors/app-error';
import type { SessionInput, SessionUser } from './session';

/** §8 texts */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, you will need to log in again.';
export const INVALID_TOKEN_MESSAGE = 'Server rejected user credentials';
/** how many verified tokens are kept */
const VERIFIED_KEPT = 10_000;

interface Claims {
  sub: string;
  roles: Role[];
  currentRole: Role;
  isInternalUser: boolean;
  impersonatingUserId: number | null;
  iat: number;
  exp: number;
  jti: string;
}

/** Signs and verifies session tokens (HS256 JWT: user id, roles, current role, impersonating user id, expiry). */
export class TokenService {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a PEM public key and
   * builds the secret key from the thrown error's fallback, on every call (about 1 ms a request).
   */
  private readonly key: KeyObject;

  /** tokens verified, with their sessions (bounded: cleared when full) */
  private readonly verified = new Map<string, SessionUser>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret));
  }

  sign(session: SessionInput, ttlSeconds = this.ttlSeconds): string {
    const claims = {
      roles: session.roles,
      currentRole: session.currentRole,
      isInternalUser: session.isInternalUser,
      impersonatingUserId: session.impersonatingUserId,
    };
    return jwt.sign(claims, this.key, {
      algorithm: 'HS256',
      subject: String(session.id),
      expiresIn: ttlSeconds,
      jwtid: randomUUID(),
    });
  }

  /**
   * throws UNAUTHENTICATED with the §8 message when the token is expired or invalid. A token verified before and
   * not yet expired is answered from memory (its signature checked once; a browser sends the same token with every
   * request); whether its session was ended is the caller's check, every time.
   */
  verify(token: string): SessionUser {
    const known = this.verified.get(token);
    if (known && known.expiresAt * 1000 > Date.now()) return { ...known, roles: [...known.roles] };
    const session = this.verifyClaims(token);
    if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
    this.verified.set(token, session);
    return { ...session, roles: [...session.roles] };
  }

  private verifyClaims(token: string): SessionUser {
    let claims: Claims;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as Claims;
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError)
        throw unauthenticated(SESSION_EXPIRED_MESSAGE, 'TOKEN_EXPIRED');
      throw unauthenticated(INVALID_TOKEN_MESSAGE, 'TOKEN_INVALID');
    }
    const id = Number(claims.sub);
    if (!Number.isInteger(id) || !Array.isArray(claims.roles) || !claims.currentRole || !claims.jti) {
      throw unauthenticated(INVALID_TOKEN_MESSAGE, 'TOKEN_INVALID');
    }
    return {
      id,
      roles: claims.roles,
      currentRole: claims.currentRole,
      isInternalUser: Boolean(claims.isInternalUser),
      impersonatingUserId: claims.impersonatingUserId ?? null,
      sessionId: claims.jti,
      issuedAt: claims.iat,
      expiresAt: claims.exp,
    };
  }
}
