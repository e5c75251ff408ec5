import { createServer } from 'node:net';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@user-office/contracts';
import { loginAtDevIdp, startDevIdp, type DevIdp } from './index';

const client = {
  clientId: 'user-office-test',
  clientSecret: 'test-secret',
  redirectUris: ['http://localhost:4999/external-auth'],
};
const applicant = DEV_ACCOUNTS.find((account) => account.username === 'applicant')!;

function login(
  overrides: { username?: string; password?: string; redirectUri?: string; state?: string } = {},
) {
  return loginAtDevIdp({
    issuer: idp.issuer,
    clientId: client.clientId,
    redirectUri: overrides.redirectUri ?? client.redirectUris[0],
    username: overrides.username ?? applicant.username,
    password: overrides.password ?? DEV_PASSWORD,
    state: overrides.state,
  });
}

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

function jwtPayload(jwt: unknown): Record<string, unknown> {
  if (typeof jwt !== 'string') throw new Error('no JWT');
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

let idp: DevIdp;
let closed = false;
let discovery: Record<string, unknown>;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, clients: [client] });
  discovery = await getJson(`${idp.issuer}/.well-known/openid-configuration`);
});

afterAll(async () => {
  if (!closed) await idp.close();
});

describe('dev IdP', () => {
  it('answers discovery with its issuer, the RFC 9207 flag and both client secret methods', () => {
    expect(idp.issuer).toBe(`http://localhost:${idp.port}`);
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
    expect(discovery.end_session_endpoint).toEqual(expect.any(String));
  });

  it('logs a seeded account in and redirects with a code, the issuer and the state', async () => {
    const result = await login({ state: 'xyz' });
    expect(result.code).toEqual(expect.any(String));
    expect(result.iss).toBe(idp.issuer);
    expect(result.state).toBe('xyz');
  });

  it('exchanges the code (client_secret_post, no PKCE) for an ID token and answers userinfo', async () => {
    const { code } = await login();
    const tokens = await getJson(String(discovery.token_endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUris[0],
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const claims = jwtPayload(tokens.id_token);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: client.clientId,
      sub: applicant.sub,
      email: applicant.email,
      given_name: applicant.firstname,
      family_name: applicant.lastname,
      preferred_username: applicant.username,
    });

    const userinfo = await getJson(String(discovery.userinfo_endpoint), {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(userinfo).toMatchObject({ sub: applicant.sub, email: applicant.email, email_verified: true });
  });

  it('accepts client_secret_basic for the same client', async () => {
    const officer = DEV_ACCOUNTS.find((account) => account.username === 'officer')!;
    const { code } = await login({ username: officer.username });
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const tokens = await getJson(String(discovery.token_endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUris[0],
      }),
    });
    expect(jwtPayload(tokens.id_token)).toMatchObject({ sub: officer.sub, email: officer.email });
  });

  it('refuses a wrong password', async () => {
    await expect(login({ password: 'not-the-password' })).rejects.toThrow(/wrong password/i);
  });

  it('refuses an unknown username', async () => {
    await expect(login({ username: 'nobody' })).rejects.toThrow(/unknown username 'nobody'/i);
  });

  it('refuses a redirect_uri the client did not register', async () => {
    await expect(login({ redirectUri: 'http://localhost:4999/elsewhere' })).rejects.toThrow(/redirect_uri/);
  });

  it('frees its port on close()', async () => {
    await idp.close();
    closed = true;
    await expect(fetch(`${idp.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(idp.port, 'localhost', resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
});
