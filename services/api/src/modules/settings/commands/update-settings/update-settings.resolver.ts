import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateSettingsSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ProjectionsService } from '../../../../platform/projections/projections.service';
import { validateInput } from '../../../../platform/validation/validate-input';
import { SETTINGS_PROJECTION } from '../../read-models/settings/settings.projection';
import { SettingsModel } from '../../read-models/settings/settings.models';
import { SettingsRepository } from '../../read-models/settings/settings.repository';
import { UpdateSettingsCommand } from './update-settings.command';
import { UpdateSettingsInput } from './update-settings.input';

@Resolver()
export class UpdateSettingsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly repository: SettingsRepository,
  ) {}

  @Mutation(() => SettingsModel)
  @RolesAllowed(Role.USER_OFFICER)
  async updateSettings(@Args('input') input: UpdateSettingsInput): Promise<SettingsModel> {
    const valid = await validateInput(updateSettingsSchema, {
      ...input,
      settingsValue: input.settingsValue ?? '',
    });
    const { position } = await this.commands.execute(
      new UpdateSettingsCommand(valid.settingsId, valid.settingsValue ?? '', valid.description ?? undefined),
    );
    if (position !== null) await this.projections.waitFor(position, [SETTINGS_PROJECTION]);
    return this.repository.setting(valid.settingsId);
  }
}
