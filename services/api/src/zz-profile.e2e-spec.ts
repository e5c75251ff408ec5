import { createTestApp } from '../test/support/test-app';
import { DemoSeeder } from './modules/demo-seed';
import { EVENT_STORE } from './platform/tokens';
describe('profile', () => {
  it('seeds', async () => {
    for (const store of ['postgres', 'pglite'] as const) {
      const a = await createTestApp({ store });
      const t0 = performance.now();
      await a.app.get(DemoSeeder).seed();
      const t1 = performance.now();
      const head = await a.app.get<any>(EVENT_STORE).headPosition();
      console.log(store, 'seed ms', t1 - t0, 'head', head);
      await a.close();
    }
  }, 300000);
});
