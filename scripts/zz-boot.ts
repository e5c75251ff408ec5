import 'reflect-metadata';
const t0 = performance.now();
import { createApp } from '../services/api/src/app.factory';
async function main() {
  const t1 = performance.now();
  const { app } = await createApp({ databaseUrl: process.env.DB!, dataDir: 'memory://', redisUrl: null, logLevel: 'warn', seedDemo: false, nodeEnv: 'test' } as any);
  const t2 = performance.now();
  await app.close();
  const t3 = performance.now();
  const b = await createApp({ databaseUrl: process.env.DB!, dataDir: 'memory://', redisUrl: null, logLevel: 'warn', seedDemo: false, nodeEnv: 'test' } as any);
  const t4 = performance.now();
  await b.app.close();
  console.log({ import: t1 - t0, create: t2 - t1, close: t3 - t2, create2: t4 - t3 });
}
main().then(() => process.exit(0));
