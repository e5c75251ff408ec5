/**
 * The session kept in local storage (§4 Session): user, token, expiry, roles, current role and the internal flag.
 * A renewed token replaces the stored one. Restored on start only when a token and a current role exist and the
 * token has not expired; otherwise cleared.
 */
export interface SessionClaims {
  userId: number;
  roles: string[];
  currentRole: string;
  isInternalUser: boolean;
  impersonatingUserId: number | null;
  /** seconds since epoch */
  issuedAt: number;
  expiresAt: number;
}

export interface StoredSession extends SessionClaims {
  token: string;
}

const KEYS = ['token', 'user', 'expToken', 'currentRole', 'roles', 'isInternalUser', 'impersonatingUserId'];

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a session token (not verified here: the api verifies every request). */
export function decodeToken(token: string): SessionClaims {
  const [, payload] = token.split('.');
  if (!payload) throw new Error('not a session token');
  const c = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
  return {
    userId: Number(c.sub),
    roles: Array.isArray(c.roles) ? (c.roles as string[]) : [],
    currentRole: String(c.currentRole ?? ''),
    isInternalUser: c.isInternalUser === true,
    impersonatingUserId: typeof c.impersonatingUserId === 'number' ? c.impersonatingUserId : null,
    issuedAt: Number(c.iat ?? 0),
    expiresAt: Number(c.exp ?? 0),
  };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function storeSession(token: string): StoredSession {
  const claims = decodeToken(token);
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify({ id: claims.userId }));
  localStorage.setItem('expToken', String(claims.expiresAt));
  localStorage.setItem('currentRole', claims.currentRole);
  localStorage.setItem('roles', JSON.stringify(claims.roles));
  localStorage.setItem('isInternalUser', String(claims.isInternalUser));
  localStorage.setItem('impersonatingUserId', String(claims.impersonatingUserId ?? ''));
  return { ...claims, token };
}

export function clearSession(): void {
  for (const key of KEYS) localStorage.removeItem(key);
}

/** The stored session when it may be used, else null (and storage is cleared). */
export function restoreSession(): StoredSession | null {
  const token = localStorage.getItem('token');
  const currentRole = localStorage.getItem('currentRole');
  if (!token || !currentRole) {
    clearSession();
    return null;
  }
  try {
    const claims = decodeToken(token);
    if (claims.expiresAt <= nowSeconds()) {
      clearSession();
      return null;
    }
    return { ...claims, token };
  } catch {
    clearSession();
    return null;
  }
}

export function storedToken(): string | null {
  return localStorage.getItem('token');
}

const RETURN_KEY = 'returnPath';

/** The path a user wanted before login, returned to afterwards. */
export function rememberReturnPath(path: string): void {
  if (!path.startsWith('/external-auth')) sessionStorage.setItem(RETURN_KEY, path);
}

export function takeReturnPath(): string {
  const path = sessionStorage.getItem(RETURN_KEY) ?? '/';
  sessionStorage.removeItem(RETURN_KEY);
  return path;
}
