import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { institutionStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { institutionDecider } from '../../domain/institution.decide';
import { DeleteInstitutionCommand } from './delete-institution.command';

@CommandHandler(DeleteInstitutionCommand)
export class DeleteInstitutionHandler implements ICommandHandler<DeleteInstitutionCommand> {
  constructor(private readonly events: EventSourcing) {}

  async execute(command: DeleteInstitutionCommand): Promise<{ position: number | null }> {
    const result = await this.events.execute(institutionStreamId(command.id), institutionDecider, {
      type: 'DeleteInstitution',
      id: command.id,
    });
    return { position: result?.position ?? null };
  }
}
