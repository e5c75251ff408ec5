import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SETTINGS_STREAM_ID } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { settingsDecider, type SettingsCommand } from '../domain/settings.decide';
import { SETTINGS_PROJECTION } from '../read-models/settings/settings.projection';

/**
 * Every command on the settings (one stream for settings and features): load, decide (pure), append; resolves
 * once the settings read model shows it (null when nothing was decided).
 */
export class ExecuteSettingsCommand extends Command<AppendResult | null> {
  constructor(readonly command: SettingsCommand) {
    super();
  }
}

@CommandHandler(ExecuteSettingsCommand)
export class ExecuteSettingsCommandHandler implements ICommandHandler<ExecuteSettingsCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteSettingsCommand): Promise<AppendResult | null> {
    return this.streams.execute(SETTINGS_STREAM_ID, settingsDecider, command, [SETTINGS_PROJECTION]);
  }
}
