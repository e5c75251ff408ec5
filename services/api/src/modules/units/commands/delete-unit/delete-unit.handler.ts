import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { unitStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { unitDecider } from '../../domain/unit.decide';
import { DeleteUnitCommand } from './delete-unit.command';

@CommandHandler(DeleteUnitCommand)
export class DeleteUnitHandler implements ICommandHandler<DeleteUnitCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: DeleteUnitCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(unitStreamId(command.id), unitDecider, {
      type: 'DeleteUnit',
      id: command.id,
    });
    return { position: result?.position ?? null };
  }
}
