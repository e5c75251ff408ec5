/**
 * One run mode of the app in a process of its own, for benchmarks of the production shape (api, projector and
 * worker apart): the config is the JSON of BENCH_APP_CONFIG (with `mode`), the nice value BENCH_NICE's; it tells its
 * parent `'ready'` once started, and closes on `'close'`. `{ profile: file }` starts its CPU profile,
 * `{ profileStop: true }` writes it (answering `'profiled'`).
 */
import { setPriority } from 'node:os';
import type { AppConfig } from '../../services/api/src/platform/config/app-config';
import { createApp } from '../../services/api/src/app.factory';
import { startCpuProfile } from './support';

async function main(): Promise<void> {
  // BENCH_NICE: this process at a lower CPU priority, as `nice -n N` would start it
  const nice = Number(process.env.BENCH_NICE ?? 0);
  if (nice > 0) setPriority(nice);
  const config = JSON.parse(process.env.BENCH_APP_CONFIG ?? '{}') as Partial<AppConfig>;
  const { app } = await createApp(config);
  await app.init();
  let profile: { file: string; profiler: Awaited<ReturnType<typeof startCpuProfile>> } | null = null;
  process.on('message', (message: unknown) => {
    if (message === 'close') void app.close().then(() => process.exit(0));
    const asked = message as { profile?: string; profileStop?: boolean };
    if (asked.profile)
      void startCpuProfile().then((profiler) => (profile = { file: asked.profile!, profiler }));
    if (asked.profileStop && profile)
      void profile.profiler.stop(profile.file).then(() => process.send?.('profiled'));
  });
  process.send?.('ready');
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
