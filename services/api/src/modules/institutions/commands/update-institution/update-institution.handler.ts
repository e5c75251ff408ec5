import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { institutionStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { institutionDecider } from '../../domain/institution.decide';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { UpdateInstitutionCommand } from './update-institution.command';

@CommandHandler(UpdateInstitutionCommand)
export class UpdateInstitutionHandler implements ICommandHandler<UpdateInstitutionCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly repository: InstitutionsRepository,
  ) {}

  async execute(command: UpdateInstitutionCommand): Promise<{ position: number | null }> {
    const namesakes = await this.repository.namesakes(command.name);
    const result = await this.events.execute(institutionStreamId(command.id), institutionDecider, {
      type: 'UpdateInstitution',
      id: command.id,
      name: command.name,
      country: command.country,
      rorId: command.rorId,
      namesakes,
    });
    return { position: result?.position ?? null };
  }
}
