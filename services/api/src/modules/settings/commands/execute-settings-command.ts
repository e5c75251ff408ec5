import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SETTINGS_STREAM_ID } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
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
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ command }: ExecuteSettingsCommand): Promise<AppendResult | null> {
    const result = await this.events.execute(SETTINGS_STREAM_ID, settingsDecider, command);
    if (result) await this.projections.waitFor(result.position, [SETTINGS_PROJECTION]);
    return result;
  }
}
