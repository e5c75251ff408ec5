/**
 * npm run token -- <username> — prints a session token for a seeded development account (contracts/dev-accounts),
 * obtained through the same code exchange as the portal: log in at the dev IdP, then externalTokenLogin.
 * Needs the api and its dev IdP running. Env: API_URL (http://localhost:4000), DEV_IDP_URL (http://localhost:4001),
 * AUTH_CLIENT_ID (user-office), REDIRECT_URI (`${API_URL}/external-auth`). Only the token goes to stdout.
 */
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@user-office/contracts';
import { loginAtDevIdp } from '../services/dev-idp/src';

const EXTERNAL_TOKEN_LOGIN = `mutation ($t: String!, $r: String!, $i: String) {
  externalTokenLogin(externalToken: $t, redirectUri: $r, iss: $i)
}`;

async function main(username: string | undefined): Promise<string> {
  const seeded = DEV_ACCOUNTS.map((account) => account.username).join(', ');
  if (!username) throw new Error(`usage: npm run token -- <username>; seeded accounts: ${seeded}`);
  if (!DEV_ACCOUNTS.some((account) => account.username === username)) {
    throw new Error(`unknown user '${username}'; seeded accounts: ${seeded}`);
  }

  const apiUrl = (process.env.API_URL || 'http://localhost:4000').replace(/\/$/, '');
  const issuer = process.env.DEV_IDP_URL || 'http://localhost:4001';
  const redirectUri = process.env.REDIRECT_URI || `${apiUrl}/external-auth`;
  const clientId = process.env.AUTH_CLIENT_ID || 'user-office';

  const { code, iss } = await loginAtDevIdp({
    issuer,
    clientId,
    redirectUri,
    username,
    password: DEV_PASSWORD,
  });

  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: EXTERNAL_TOKEN_LOGIN, variables: { t: code, r: redirectUri, i: iss } }),
  });
  const text = await response.text();
  let body: { data?: { externalTokenLogin?: unknown } | null; errors?: { message?: unknown }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${apiUrl}/graphql answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  if (body.errors?.length) {
    throw new Error(`externalTokenLogin failed: ${body.errors.map((e) => String(e.message)).join('; ')}`);
  }
  const token = body.data?.externalTokenLogin;
  if (typeof token !== 'string' || !token) {
    throw new Error(`externalTokenLogin returned no token (HTTP ${response.status})`);
  }
  return token;
}

main(process.argv[2]).then(
  (token) => {
    process.stdout.write(`${token}\n`);
  },
  (error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`token: ${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exitCode = 1;
  },
);
