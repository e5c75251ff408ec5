/**
 * Drives the authorization-code flow of the dev IdP over HTTP, as a browser would but without one: discovery,
 * authorization request, the login form, the redirects, up to the redirect URI. Used by tests and `npm run token`.
 */

export interface DevIdpLoginOptions {
  issuer: string;
  clientId: string;
  /** must be one of the client's registered redirect URIs, character for character */
  redirectUri: string;
  username: string;
  password: string;
  /** default `openid email profile` */
  scope?: string;
  state?: string;
}

export interface DevIdpLoginResult {
  code: string;
  /** RFC 9207 `iss` of the authorization response */
  iss: string | null;
  state: string | null;
}

const MAX_STEPS = 10;

export async function loginAtDevIdp(options: DevIdpLoginOptions): Promise<DevIdpLoginResult> {
  const jar = new CookieJar();
  const discovery = await fetchJson(`${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  const authorizationEndpoint = discovery['authorization_endpoint'];
  if (typeof authorizationEndpoint !== 'string') {
    throw new Error(`the discovery document of ${options.issuer} names no authorization_endpoint`);
  }

  const authorizationUrl = new URL(authorizationEndpoint);
  authorizationUrl.searchParams.set('response_type', 'code');
  authorizationUrl.searchParams.set('client_id', options.clientId);
  authorizationUrl.searchParams.set('redirect_uri', options.redirectUri);
  authorizationUrl.searchParams.set('scope', options.scope ?? 'openid email profile');
  if (options.state !== undefined) authorizationUrl.searchParams.set('state', options.state);

  let request: { url: URL; body?: URLSearchParams } = { url: authorizationUrl };
  let loginSubmitted = false;
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await jar.fetch(request.url, request.body);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const target = new URL(location, request.url);
      if (isRedirectUri(target, options.redirectUri)) return authorizationResponse(target);
      request = { url: target };
      continue;
    }

    const html = await response.text();
    const formAction = /<form[^>]*\baction="([^"]+)"[^>]*\bdata-dev-idp-login/.exec(html)?.[1];
    if (formAction && loginSubmitted) {
      throw new Error(`login at the dev IdP failed for '${options.username}': ${alertText(html)}`);
    }
    if (formAction) {
      loginSubmitted = true;
      request = {
        url: new URL(unescapeHtml(formAction), request.url),
        body: new URLSearchParams({ username: options.username, password: options.password }),
      };
      continue;
    }
    throw new Error(
      `the dev IdP refused the authorization request (HTTP ${response.status}): ${alertText(html)}`,
    );
  }
  throw new Error(`the dev IdP did not redirect to ${options.redirectUri} within ${MAX_STEPS} steps`);
}

function isRedirectUri(target: URL, redirectUri: string): boolean {
  const expected = new URL(redirectUri);
  return target.origin === expected.origin && target.pathname === expected.pathname;
}

function authorizationResponse(target: URL): DevIdpLoginResult {
  const params = target.searchParams;
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    throw new Error(`the dev IdP answered ${error}${description ? `: ${description}` : ''}`);
  }
  const code = params.get('code');
  if (!code) throw new Error(`the dev IdP redirected to ${target.origin}${target.pathname} without a code`);
  return { code, iss: params.get('iss'), state: params.get('state') };
}

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`GET ${url} answered no JSON object`);
  return body as Record<string, unknown>;
}

/** The text of the page's role="alert" element (our login form's error), else of the whole body. */
function alertText(html: string): string {
  const alert = /<[^>]*role="alert"[^>]*>([\s\S]*?)<\/(p|div)>/.exec(html)?.[1];
  const text = unescapeHtml((alert ?? html).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/ ([:.,;])/g, '$1')
    .trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text || '(empty page)';
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Just enough of a cookie jar for one host: name, value and path; expired cookies are dropped. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  async fetch(url: URL, form?: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = this.header(url);
    if (cookie) headers['cookie'] = cookie;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  private header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key, ...rest] = attribute.split('=');
      const attributeValue = rest.join('=').trim();
      switch (key.trim().toLowerCase()) {
        case 'path':
          path = attributeValue || '/';
          break;
        case 'max-age':
          if (Number(attributeValue) <= 0) expired = true;
          break;
        case 'expires':
          if (Date.parse(attributeValue) <= Date.now()) expired = true;
          break;
      }
    }
    const key = `${name};${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}
