/**
 * Runs the dev IdP on its own, for debugging (the api starts it in-process when AUTH_DISCOVERY_URL is unset).
 *   DEV_IDP_PORT (4001), AUTH_CLIENT_ID (user-office), AUTH_CLIENT_SECRET (dev-secret),
 *   DEV_IDP_REDIRECT_URIS (http://localhost:4000/external-auth), DEV_IDP_POST_LOGOUT_REDIRECT_URIS (none);
 *   both lists comma-separated.
 */
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@user-office/contracts';
import { startDevIdp } from './dev-idp';

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

async function main(): Promise<void> {
  const clientId = process.env.AUTH_CLIENT_ID || 'user-office';
  const redirectUris = list(process.env.DEV_IDP_REDIRECT_URIS, ['http://localhost:4000/external-auth']);
  const idp = await startDevIdp({
    port: Number(process.env.DEV_IDP_PORT || 4001),
    clients: [
      {
        clientId,
        clientSecret: process.env.AUTH_CLIENT_SECRET || 'dev-secret',
        redirectUris,
        postLogoutRedirectUris: list(process.env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS, []),
      },
    ],
  });
  console.log(`dev IdP at ${idp.issuer} (discovery: ${idp.issuer}/.well-known/openid-configuration)`);
  console.log(`client '${clientId}', redirect URIs: ${redirectUris.join(', ')}`);
  console.log(`accounts: ${DEV_ACCOUNTS.map((a) => a.username).join(', ')}; password '${DEV_PASSWORD}'`);

  const stop = (): void => {
    idp.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`dev IdP failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
