import 'reflect-metadata';
import { createApp } from './app.factory';

/** `UO_MODE` = all (default: api + projector + worker in one process) | api | projector | worker. */
async function main(): Promise<void> {
  const { app, config } = await createApp();
  await app.listen(config.port);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    `User office ${config.mode} listening on http://localhost:${config.port} (GraphQL at /graphql; store: ${where}; queue: ${config.redisUrl ? 'Redis' : 'in-process'})`,
  );
}

main().catch((error: unknown) => {
  // a missing service is a message naming it and how to start it, not a stack trace
  console.error(
    `\nThe user office could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
