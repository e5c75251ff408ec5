export { DemoSeedModule } from './demo-seed.module';
export { DemoSeeder, type DemoSeedResult } from './demo-seeder';
