import { Query, Resolver } from '@nestjs/graphql';
import { Public } from '../../../../platform/auth/policy.decorators';
import { FeatureModel, SettingsModel } from './settings.models';
import { SettingsRepository } from './settings.repository';

/** Public: the portal needs formats, login URLs and features before anyone logs in. */
@Resolver()
export class GetSettingsResolver {
  constructor(private readonly repository: SettingsRepository) {}

  @Query(() => [SettingsModel])
  @Public()
  getSettings(): Promise<SettingsModel[]> {
    return this.repository.effectiveSettings();
  }

  @Query(() => [FeatureModel])
  @Public()
  getFeatures(): Promise<FeatureModel[]> {
    return this.repository.features();
  }
}
