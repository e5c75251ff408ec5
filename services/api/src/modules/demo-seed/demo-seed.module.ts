import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@user-office/contracts';
import { APP_CONFIG, runsApi, type AppConfig } from '../../platform/config/app-config';
import { CallsModule } from '../calls';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule } from '../questionaries';
import { TemplatesModule } from '../templates';
import { UnitsModule } from '../units';
import { UsersModule } from '../users';
import { WorkflowsModule } from '../workflows';
import { ExecuteDemoSeedCommandHandler } from './commands/execute-demo-seed-command';
import { PrepareDbResolver } from './commands/prepare-db/prepare-db.resolver';
import { PrepareDb } from './commands/prepare-db/prepare-db.service';
import { DemoOptionsController } from './demo-options/demo-options.controller';
import { DemoFeedback } from './demo-feedback';
import { DemoSeeder } from './demo-seeder';
import { DemoGraphql } from './demo-graphql';
import { DemoShipments } from './demo-shipments';
import { DemoStaffWork } from './demo-staff-work';
import { DemoVisits } from './demo-visits';
import { DEMO_CALL_SHORT_CODE } from './domain/demo-content';

/**
 * The demo out of the box (SEED_DEMO, on by default outside test and production): on the first start of the api
 * with an empty store, the development accounts, a proposal template with every question type and the open call
 * DEMO; `npm run seed` does the same on demand. Serves the options of the demo's dynamic multiple-choice question.
 */
@Module({
  // the modules whose defaults the demo uses are imported, so their bootstrap (default units, statuses and
  // workflows) runs before this module's
  imports: [
    UsersModule,
    UnitsModule,
    WorkflowsModule,
    TemplatesModule,
    CallsModule,
    QuestionariesModule,
    ProposalsModule,
  ],
  controllers: [DemoOptionsController],
  providers: [
    DemoSeeder,
    DemoStaffWork,
    DemoShipments,
    DemoVisits,
    DemoFeedback,
    DemoGraphql,
    ExecuteDemoSeedCommandHandler,
    PrepareDb,
    PrepareDbResolver,
  ],
  exports: [DemoSeeder],
})
export class DemoSeedModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seeder: DemoSeeder,
  ) {}

  /** On an empty store (no demo recorded, no call yet), seeds the demo; a failure is logged, the api starts anyway. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || !runsApi(this.config) || !(await this.seeder.isStoreEmpty())) return;
    try {
      const { seeded, callId } = await this.seeder.seed();
      if (!seeded) return;
      this.logger.log(
        `Demo seeded: call ${DEMO_CALL_SHORT_CODE} (id ${callId})` +
          (this.config.devIdp
            ? `, log in as ${DEV_ACCOUNTS[0].username} / ${DEV_PASSWORD} at ${this.config.publicUrl}`
            : ''),
      );
    } catch (error) {
      this.logger.error(
        `The demo could not be seeded (tried again at the next start, or with npm run seed): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
