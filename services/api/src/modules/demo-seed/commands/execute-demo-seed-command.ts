import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEMO_SEED_STREAM_ID } from '@user-office/contracts';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { demoSeedDecider, type DemoSeedCommand } from '../domain/demo-seed.decide';

/**
 * A command on the `demo-seed` stream (recording that the demo exists): load, decide (pure), append. Null when
 * it was recorded before. No read model: the stream itself says whether the demo was seeded.
 */
export class ExecuteDemoSeedCommand extends Command<AppendResult | null> {
  constructor(readonly command: DemoSeedCommand) {
    super();
  }
}

@CommandHandler(ExecuteDemoSeedCommand)
export class ExecuteDemoSeedCommandHandler implements ICommandHandler<ExecuteDemoSeedCommand> {
  constructor(private readonly streams: StreamCommands) {}

  execute({ command }: ExecuteDemoSeedCommand): Promise<AppendResult | null> {
    return this.streams.execute(DEMO_SEED_STREAM_ID, demoSeedDecider, command, []);
  }
}
