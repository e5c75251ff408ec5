import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { unitStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { unitDecider } from '../../domain/unit.decide';
import { CreateUnitCommand } from './create-unit.command';

@CommandHandler(CreateUnitCommand)
export class CreateUnitHandler implements ICommandHandler<CreateUnitCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: CreateUnitCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(unitStreamId(command.unit.id), unitDecider, {
      type: 'CreateUnit',
      unit: command.unit,
    });
    return { position: result?.position ?? null };
  }
}
