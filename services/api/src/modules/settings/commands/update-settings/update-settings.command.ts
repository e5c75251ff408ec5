import { Command } from '@nestjs/cqrs';
import type { SettingsId } from '@user-office/contracts';

export class UpdateSettingsCommand extends Command<{ position: number | null }> {
  constructor(
    readonly settingsId: SettingsId,
    readonly settingsValue: string,
    readonly description: string | undefined,
  ) {
    super();
  }
}
