import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createUnitSchema } from '@user-office/contracts';
import { APP_CONFIG, runsApi, type AppConfig } from '../../platform/config/app-config';
import { RequestContext } from '../../platform/context/request-context';
import { AppError } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { CreateUnitResolver } from './commands/create-unit/create-unit.resolver';
import { ExecuteUnitCommand, ExecuteUnitCommandHandler } from './commands/execute-unit-command';
import { DeleteUnitResolver } from './commands/delete-unit/delete-unit.resolver';
import { ImportUnitsResolver } from './commands/import-units/import-units.resolver';
import { DEFAULT_UNITS } from './domain/default-units';
import { GetUnitsResolver } from './read-models/units/get-units.resolver';
import { UnitsProjection } from './read-models/units/units.projection';
import { UnitsRepository } from './read-models/units/units.repository';

/** Units and quantities (§3, §7): officers create, delete, import and export; logged-in users read. */
@Module({
  providers: [
    UnitsProjection,
    UnitsRepository,
    GetUnitsResolver,
    ExecuteUnitCommandHandler,
    CreateUnitResolver,
    DeleteUnitResolver,
    ImportUnitsResolver,
  ],
  exports: [UnitsRepository],
})
export class UnitsModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Units');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly repository: UnitsRepository,
  ) {}

  /**
   * The first start of the api (no unit was ever created or imported) creates DEFAULT_UNITS as the System,
   * through the same validation and command as createUnit. Runs after the platform's bootstrap (global
   * modules first), so the read model is ready. Two api processes starting at once: the second's creations
   * are refused by the decider (the id exists) and skipped.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!runsApi(this.config) || !(await this.repository.isEmpty())) return;
    await RequestContext.run({}, async () => {
      let created = 0;
      for (const unit of DEFAULT_UNITS) {
        try {
          const valid = await validateInput(createUnitSchema, unit);
          const result = await this.commands.execute(
            new ExecuteUnitCommand({ kind: 'unit', command: { type: 'CreateUnit', unit: valid } }),
          );
          if (result !== null) created++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          this.logger.warn(`Default unit ${unit.id} not created: ${error.message}`);
        }
      }
      this.logger.log(`Created ${created} default units`);
    });
  }
}
