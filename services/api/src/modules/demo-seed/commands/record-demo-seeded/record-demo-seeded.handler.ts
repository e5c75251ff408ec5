import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEMO_SEED_STREAM_ID } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { demoSeedDecider } from '../../domain/demo-seed.decide';
import { RecordDemoSeededCommand } from './record-demo-seeded.command';

@CommandHandler(RecordDemoSeededCommand)
export class RecordDemoSeededHandler implements ICommandHandler<RecordDemoSeededCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: RecordDemoSeededCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(DEMO_SEED_STREAM_ID, demoSeedDecider, {
      type: 'RecordDemoSeeded',
      demo: command.demo,
    });
    return { position: result?.position ?? null };
  }
}
