import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateSettingsSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { SettingsModel } from '../../read-models/settings/settings.models';
import { SettingsRepository } from '../../read-models/settings/settings.repository';
import { ExecuteSettingsCommand } from '../execute-settings-command';
import { UpdateSettingsInput } from './update-settings.input';

@Resolver()
export class UpdateSettingsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: SettingsRepository,
  ) {}

  @Mutation(() => SettingsModel)
  @RolesAllowed(Role.USER_OFFICER)
  async updateSettings(@Args('input') input: UpdateSettingsInput): Promise<SettingsModel> {
    const valid = await validateInput(updateSettingsSchema, {
      ...input,
      settingsValue: input.settingsValue ?? '',
    });
    await this.commands.execute(
      new ExecuteSettingsCommand({
        type: 'UpdateSetting',
        settingsId: valid.settingsId,
        settingsValue: valid.settingsValue ?? '',
        description: valid.description ?? undefined,
      }),
    );
    return this.repository.setting(valid.settingsId);
  }
}
