import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { forbidden } from '../../../../platform/errors/app-error';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { UnitsModule } from '../../../units';
import { WorkflowsModule } from '../../../workflows';
import { DemoSeeder } from '../../demo-seeder';

/** The modes prepareDB runs in (§7: a development and test tool, never a production one). */
export const PREPARE_DB_MODES: readonly string[] = ['development', 'test'];
export const prepareDbRefused =
  'Resetting the database is allowed only when the product runs in development or test mode';

/** the store's own tables, emptied but kept (their ids, the hash chain's anchor and the sequences go on) */
const KEPT_TABLES = new Set(['events', 'event_chain_anchor', 'projection_checkpoints']);

/**
 * `prepareDB(includeSeeds)`: empties the store as if the product started on an empty database: every event
 * gone, every read model dropped and built again from nothing, the checkpoints back at the start, then the
 * defaults of a first start (statuses, workflows, units) and, with `includeSeeds`, the demo. Ids keep counting
 * from where they were (the sequences are not reset), so nothing cached by id can be mistaken for a new record.
 */
@Injectable()
export class PrepareDb {
  private readonly logger = new Logger('PrepareDB');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly projections: ProjectionsService,
    private readonly seeder: DemoSeeder,
    private readonly modules: ModuleRef,
  ) {}

  assertAllowed(): void {
    if (!PREPARE_DB_MODES.includes(this.config.nodeEnv)) throw forbidden(prepareDbRefused);
  }

  async reset(includeSeeds: boolean): Promise<string[]> {
    this.assertAllowed();
    const log: string[] = [];
    const note = (line: string) => {
      log.push(line);
      this.logger.warn(line);
    };
    await this.projections.stop();
    const readModels = this.projections.projections.projections.flatMap((p) => p.tables.map((t) => t.name));
    const existing = new Set(
      (
        await this.sql.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        )
      ).rows.map((r) => r.table_name),
    );
    const dropped = readModels.filter((t) => existing.has(t));
    const emptied = [...existing].filter((t) => !readModels.includes(t) && t !== 'event_chain_anchor');
    await this.sql.transaction(async (tx) => {
      for (const table of dropped) await tx.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
      if (emptied.length > 0) await tx.query(`TRUNCATE ${emptied.map((t) => `"${t}"`).join(', ')} CASCADE`);
    });
    note(
      `Emptied ${emptied.filter((t) => KEPT_TABLES.has(t)).join(', ')} and ${emptied.length} store tables`,
    );
    note(`Dropped ${dropped.length} read-model tables; building them again from an empty store`);
    // what a first start does: the read models created empty, the async ones running again, then the defaults
    await this.projections.onApplicationBootstrap();
    await this.modules.get(WorkflowsModule, { strict: false }).onApplicationBootstrap();
    await this.modules.get(UnitsModule, { strict: false }).onApplicationBootstrap();
    note('Default statuses, workflows and units created');
    if (includeSeeds) {
      const { callId } = await this.seeder.seed();
      note(`Demo seeded (call id ${callId})`);
    }
    return log;
  }
}
