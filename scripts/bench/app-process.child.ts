/**
 * One run mode of the app in a process of its own, for benchmarks of the production shape (api, projector and
 * worker apart): the config is the JSON of BENCH_APP_CONFIG (with `mode`); it tells its parent `'ready'` once
 * started, and closes on `'close'`.
 */
import type { AppConfig } from '../../services/api/src/platform/config/app-config';
import { createApp } from '../../services/api/src/app.factory';

async function main(): Promise<void> {
  const config = JSON.parse(process.env.BENCH_APP_CONFIG ?? '{}') as Partial<AppConfig>;
  const { app } = await createApp(config);
  await app.init();
  process.on('message', (message) => {
    if (message === 'close') void app.close().then(() => process.exit(0));
  });
  process.send?.('ready');
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
