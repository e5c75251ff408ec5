import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SETTINGS_STREAM_ID } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { settingsDecider } from '../../domain/settings.decide';
import { UpdateFeaturesCommand } from './update-features.command';

@CommandHandler(UpdateFeaturesCommand)
export class UpdateFeaturesHandler implements ICommandHandler<UpdateFeaturesCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: UpdateFeaturesCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(SETTINGS_STREAM_ID, settingsDecider, {
      type: 'UpdateFeatures',
      featureIds: command.featureIds,
      action: command.action,
    });
    return { position: result?.position ?? null };
  }
}
