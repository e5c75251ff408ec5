export { DemoSeedModule } from './demo-seed.module';
export { DemoSeeder, type DemoSeedResult } from './demo-seeder';
export { DEMO_SUBMITTED_PROPOSALS } from './domain/demo-content';
