import { createHash, randomBytes } from 'node:crypto';

export const API_ACCESS_TOKEN_PREFIX = 'uo_';

/** A new token: `uo_` and 40 url-safe random characters (240 bits). Shown once; only its hash is kept. */
export function generateApiAccessToken(): string {
  return API_ACCESS_TOKEN_PREFIX + randomBytes(30).toString('base64url');
}

/** What is stored and looked up: the SHA-256 of the token, in hex. */
export function hashApiAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
