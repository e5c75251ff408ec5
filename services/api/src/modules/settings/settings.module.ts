import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessRegistry } from '../../platform/auth/access-registry';
import { ExecuteSettingsCommandHandler } from './commands/execute-settings-command';
import { UpdateFeaturesResolver } from './commands/update-features/update-features.resolver';
import { UpdateSettingsResolver } from './commands/update-settings/update-settings.resolver';
import { GetSettingsResolver } from './read-models/settings/get-settings.resolver';
import { SettingsProjection } from './read-models/settings/settings.projection';
import { SettingsRepository } from './read-models/settings/settings.repository';

/** Settings and features (§3, §7): officers change them; everyone reads them. */
@Module({
  providers: [
    SettingsProjection,
    SettingsRepository,
    GetSettingsResolver,
    ExecuteSettingsCommandHandler,
    UpdateSettingsResolver,
    UpdateFeaturesResolver,
  ],
  exports: [SettingsRepository],
})
export class SettingsModule implements OnModuleInit {
  constructor(
    private readonly access: AccessRegistry,
    private readonly repository: SettingsRepository,
  ) {}

  /** features gate operations through @RequiresFeature */
  onModuleInit(): void {
    this.access.features = { isEnabled: (id) => this.repository.isEnabled(id) };
  }
}
