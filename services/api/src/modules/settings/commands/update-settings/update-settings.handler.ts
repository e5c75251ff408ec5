import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SETTINGS_STREAM_ID } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { settingsDecider } from '../../domain/settings.decide';
import { UpdateSettingsCommand } from './update-settings.command';

@CommandHandler(UpdateSettingsCommand)
export class UpdateSettingsHandler implements ICommandHandler<UpdateSettingsCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: UpdateSettingsCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(SETTINGS_STREAM_ID, settingsDecider, {
      type: 'UpdateSetting',
      settingsId: command.settingsId,
      settingsValue: command.settingsValue,
      description: command.description,
    });
    return { position: result?.position ?? null };
  }
}
