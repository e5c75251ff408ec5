import 'reflect-metadata';
import { startDevIdp, type DevIdp } from '@user-office/dev-idp';
import { createApp } from './app.factory';
import { startDevMailCatcher, type DevMailCatcher } from './dev-mail/dev-mail-catcher';
import { loadConfig, runsApi, runsWorker, type AppConfig } from './platform/config/app-config';
import { describeReport, runUocImport } from './uoc-import';

/** `UO_MODE` = all (default: api + projector + worker in one process) | api | projector | worker. */
async function main(): Promise<void> {
  if (process.env.UO_MODE === 'import') return importUoc();
  const config = loadConfig();
  let idp: DevIdp | null = null;
  const overrides: Partial<AppConfig> = {};
  if (!config.authDiscoveryUrl && runsApi(config)) {
    // no facility provider configured: the development OpenID Connect provider with its seeded accounts
    idp = await startDevIdp({
      port: config.devIdpPort,
      clients: [
        {
          clientId: config.authClientId,
          clientSecret: config.authClientSecret,
          redirectUris: [`${config.publicUrl}/external-auth`, 'http://localhost:5173/external-auth'],
          postLogoutRedirectUris: [
            `${config.publicUrl}/external-auth`,
            'http://localhost:5173/external-auth',
          ],
        },
      ],
    });
    overrides.authDiscoveryUrl = idp.issuer;
    overrides.devIdp = true;
  }
  let mail: DevMailCatcher | null = null;
  if (!config.smtpUrl && runsWorker(config)) {
    // no SMTP relay configured: e-mails go to the development catcher and its web inbox
    mail = await startDevMailCatcher({
      smtpPort: config.devSmtpPort,
      webPort: config.devMailPort,
      fallbackToFreePorts: true,
    });
    overrides.smtpUrl = mail.smtpUrl;
  }
  const { app } = await createApp(overrides);
  await app.listen(config.port);
  if (idp) {
    const stop = idp;
    app.getHttpServer().on('close', () => void stop.close());
  }
  if (mail) {
    const stop = mail;
    app.getHttpServer().on('close', () => void stop.close());
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    `User office ${config.mode} listening on http://localhost:${config.port} (GraphQL at /graphql; store: ${where}; queue: ${config.redisUrl ? 'Redis' : 'in-process'})` +
      (idp
        ? `\nDevelopment login (OpenID Connect) at ${idp.issuer}: accounts applicant, officer, scientist, … password "secret"`
        : '') +
      (mail ? `\nDevelopment e-mail inbox at ${mail.webUrl} (SMTP ${mail.smtpUrl})` : ''),
  );
}

// A dependency going away is a wait, never a crash (ARCHITECTURE §9): every connection handles its errors. What
// still escapes is a bug: a promise nobody awaited is logged and the process goes on; an exception nobody caught
// ends it with a clear message and a non-zero code, never silently through an unhandled 'error' event.
process.on('unhandledRejection', (reason: unknown) => {
  console.error(
    `Unhandled rejection (the user office goes on): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});
process.on('uncaughtException', (error: Error) => {
  console.error(`\nThe user office stopped on an unexpected error: ${error.stack ?? error.message}\n`);
  process.exit(1);
});

main().catch((error: unknown) => {
  // a missing service is a message naming it and how to start it, not a stack trace
  console.error(
    `\nThe user office could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

/**
 * `UO_MODE=import UOC_SOURCE_URL=postgres://…` (a deployment's one-off job): `npm run import:uoc`'s import into the
 * configured store, then exit (0: imported, the report printed; 2: refused or failed). Run it with the product stopped.
 */
async function importUoc(): Promise<void> {
  const sourceUrl = process.env.UOC_SOURCE_URL;
  if (!sourceUrl)
    throw new Error('UO_MODE=import needs UOC_SOURCE_URL, the user-office-core database to import');
  process.env.UO_MODE = 'maintenance';
  try {
    const report = await runUocImport({ sourceUrl, log: (line) => console.log(line) });
    for (const line of describeReport(report)) console.log(line);
    process.exit(0);
  } catch (error) {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}
