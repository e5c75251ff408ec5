import { Command } from '@nestjs/cqrs';
import type { FeatureId, FeatureUpdateAction } from '@user-office/contracts';

export class UpdateFeaturesCommand extends Command<{ position: number | null }> {
  constructor(
    readonly featureIds: FeatureId[],
    readonly action: FeatureUpdateAction,
  ) {
    super();
  }
}
