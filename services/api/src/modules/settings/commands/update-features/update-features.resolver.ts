import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Role, updateFeaturesSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { FeatureModel } from '../../read-models/settings/settings.models';
import { SettingsRepository } from '../../read-models/settings/settings.repository';
import { ExecuteSettingsCommand } from '../execute-settings-command';
import { UpdateFeaturesInput } from './update-features.input';

@Resolver()
export class UpdateFeaturesResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: SettingsRepository,
  ) {}

  @Mutation(() => [FeatureModel], {
    description: 'Switches features on (ENABLE) or off (DISABLE); returns them',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateFeatures(@Args('input') input: UpdateFeaturesInput): Promise<FeatureModel[]> {
    const valid = await validateInput(updateFeaturesSchema, input);
    await this.commands.execute(
      new ExecuteSettingsCommand({
        type: 'UpdateFeatures',
        featureIds: valid.featureIds,
        action: valid.action,
      }),
    );
    const ids = new Set<string>(valid.featureIds);
    return (await this.repository.features()).filter((f) => ids.has(f.id));
  }
}
