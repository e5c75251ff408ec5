/**
 * The development OpenID Connect provider (oidc-provider) with the seeded accounts of contracts/dev-accounts.
 * Development and tests only: in-memory storage, fixed cookie keys, a signing key generated at every start.
 */
import { generateKeyPair, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_ACCOUNTS, DEV_PASSWORD, type DevAccount } from '@user-office/contracts';
// oidc-provider is ESM-only: its types are imported in ESM resolution mode, the module itself by import() below.
import type OidcProvider from 'oidc-provider' with { 'resolution-mode': 'import' };
import type {
  Account,
  ClientMetadata,
  Configuration,
  ErrorOut,
  Grant,
  JWK,
  KoaContextWithOIDC,
} from 'oidc-provider' with { 'resolution-mode': 'import' };

export interface DevIdpClient {
  clientId: string;
  clientSecret: string;
  /** compared by exact string match, as OAuth requires */
  redirectUris: string[];
  /** where end_session may send the browser back to (exact match); none: the IdP shows "signed out" */
  postLogoutRedirectUris?: string[];
}

export interface DevIdpOptions {
  /** 0 picks a free port */
  port: number;
  /** interface to listen on; the issuer always names `localhost` */
  host?: string;
  clients: DevIdpClient[];
}

export interface DevIdp {
  /** `http://localhost:<port>`, also the discovery base (`<issuer>/.well-known/openid-configuration`) */
  issuer: string;
  port: number;
  close(): Promise<void>;
}

/** What every client gets without a consent page. */
const GRANTED_SCOPES = ['openid', 'email', 'profile'];
const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name', 'name', 'preferred_username'],
};
const HOUR = 60 * 60;

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  // oidc-provider is ESM-only; swc keeps this a real import() (see .swcrc "ignoreDynamic").
  const { default: Provider } = await import('oidc-provider');
  const signingKey = await generateSigningKey();

  // The issuer names the port, so the server listens before the provider exists.
  let provider: { instance: OidcProvider; callback: ReturnType<OidcProvider['callback']> } | undefined;
  const server = createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handled = path.startsWith('/interaction/')
      ? handleInteraction(provider.instance, path, req, res)
      : provider.callback(req, res);
    Promise.resolve(handled).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`dev IdP error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;

  try {
    const instance = new Provider(issuer, configuration(options.clients, signingKey));
    provider = { instance, callback: instance.callback() };
  } catch (error) {
    server.close();
    throw error;
  }

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // a server that is already closed counts as closed (the api's shutdown logged ERR_SERVER_NOT_RUNNING)
        server.close((error) =>
          error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING'
            ? reject(error)
            : resolve(),
        );
        server.closeAllConnections();
      }),
  };
}

function configuration(clients: DevIdpClient[], signingKey: JWK): Configuration {
  return {
    clients: clients.map((client): ClientMetadata => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      ...(client.postLogoutRedirectUris?.length
        ? { post_logout_redirect_uris: client.postLogoutRedirectUris }
        : {}),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // A confidential client: client_secret_post is accepted for it too (oidc-provider treats the two
      // secret methods alike at the token endpoint).
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    // PKCE stays mandatory for public clients only; ours are confidential and externalTokenLogin carries no verifier.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    findAccount: (_ctx, sub) => {
      const account = DEV_ACCOUNTS.find((candidate) => candidate.sub === sub);
      return account ? toOidcAccount(account) : undefined;
    },
    claims: CLAIMS,
    scopes: GRANTED_SCOPES,
    // Put the scope claims (email, names) into the ID token too, not only at userinfo.
    conformIdTokenClaims: false,
    // No consent page: every client gets openid email profile.
    loadExistingGrant: grantEverything,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // The api talks to the IdP server to server; browsers only navigate to it.
    clientBasedCORS: () => false,
    cookies: { keys: ['dev-idp-cookie-key-not-a-secret'] },
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 8 * HOUR,
      Grant: 8 * HOUR,
      RefreshToken: 8 * HOUR,
    },
    renderError,
  };
}

function toOidcAccount(account: DevAccount): Account {
  return {
    accountId: account.sub,
    claims: () => ({
      sub: account.sub,
      email: account.email,
      email_verified: true,
      given_name: account.firstname,
      family_name: account.lastname,
      name: `${account.firstname} ${account.lastname}`,
      preferred_username: account.username,
    }),
  };
}

async function grantEverything(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { client, session, result } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !session || !accountId) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) {
    const existing = await ctx.oidc.provider.Grant.find(grantId);
    if (existing && existing.accountId === accountId) return existing;
  }
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope(GRANTED_SCOPES);
  await grant.save();
  return grant;
}

// --- interactions: our own login form on GET/POST /interaction/:uid[/login] ---------------------------------

async function handleInteraction(
  provider: OidcProvider,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
  if (!match) return sendHtml(res, 404, page('Not found', '<p>There is nothing here.</p>'));
  const [, uid, login] = match;

  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return sendHtml(
      res,
      400,
      page(
        'Sign-in expired',
        '<p>This sign-in request expired. Go back to the application and start again.</p>',
      ),
    );
  }
  if (details.uid !== uid)
    return sendHtml(res, 400, page('Sign-in expired', '<p>Start the sign-in again.</p>'));

  if (details.prompt.name === 'consent') {
    // Reached only when a client forces prompt=consent: grant what grantEverything grants, without asking.
    const accountId = details.session?.accountId;
    if (!accountId) return sendHtml(res, 400, page('Sign-in expired', '<p>Start the sign-in again.</p>'));
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ clientId: details.cid, accountId }))
      : new provider.Grant({ clientId: details.cid, accountId });
    grant.addOIDCScope(GRANTED_SCOPES);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
  if (details.prompt.name !== 'login') {
    return sendHtml(
      res,
      400,
      page('Unsupported', `<p>Unsupported prompt ${escapeHtml(details.prompt.name)}.</p>`),
    );
  }

  if (req.method === 'GET' && !login) return sendHtml(res, 200, loginPage(uid, ''));
  if (req.method !== 'POST' || !login)
    return sendHtml(res, 405, page('Not allowed', '<p>Method not allowed.</p>'));

  const form = new URLSearchParams(await readBody(req));
  const username = (form.get('username') ?? '').trim();
  const password = form.get('password') ?? '';
  const account = DEV_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) return sendHtml(res, 401, loginPage(uid, username, `Unknown username '${username}'.`));
  if (password !== DEV_PASSWORD) return sendHtml(res, 401, loginPage(uid, username, 'Wrong password.'));

  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub } },
    { mergeWithLastSubmission: false },
  );
}

function loginPage(uid: string, username: string, error?: string): string {
  const alert = error ? `<p id="login-error" role="alert" class="error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const seeded = DEV_ACCOUNTS.map((account) => `<code>${escapeHtml(account.username)}</code>`).join(', ');
  return page(
    'Sign in',
    `${alert}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}/login" data-dev-idp-login>
      <label for="username">Username</label>
      <input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(username)}"${described}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${described}>
      <button type="submit">Sign in</button>
    </form>
    <p class="hint">Development identity provider. Seeded accounts: ${seeded}.</p>`,
  );
}

async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  // form is oidc-provider's <form id="op.logoutForm"> with its xsrf token; logout=yes ends the IdP session too.
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `${form}
    <p>Signing you out…</p>
    <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
    <script>
      var f = document.getElementById('op.logoutForm');
      var i = document.createElement('input');
      i.type = 'hidden'; i.name = 'logout'; i.value = 'yes';
      f.appendChild(i); f.submit();
    </script>`,
  );
}

async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<p>You are signed out of the development identity provider.</p>');
}

async function renderError(ctx: KoaContextWithOIDC, out: ErrorOut): Promise<void> {
  ctx.type = 'html';
  const description = out.error_description ? `: ${escapeHtml(out.error_description)}` : '';
  ctx.body = page(
    'Sign-in error',
    `<p role="alert"><strong>${escapeHtml(out.error)}</strong>${description}</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · dev IdP</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 22rem; margin: 3rem auto; padding: 0 1rem; }
    label, input, button { display: block; width: 100%; box-sizing: border-box; }
    input { margin: 0.25rem 0 1rem; padding: 0.5rem; font-size: 1rem; }
    button { padding: 0.6rem; font-size: 1rem; }
    .error { color: #b00020; font-weight: 600; }
    .hint { color: #555; font-size: 0.85rem; margin-top: 2rem; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>
    ${body}
  </main>
</body>
</html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('login form too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function generateSigningKey(): Promise<JWK> {
  const privateKey = await new Promise<KeyObject>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
  return { ...privateKey.export({ format: 'jwk' }), kid: 'dev-idp-rs256', alg: 'RS256', use: 'sig' };
}
