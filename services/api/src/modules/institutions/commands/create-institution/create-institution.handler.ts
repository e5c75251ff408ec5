import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { institutionStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { institutionDecider } from '../../domain/institution.decide';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { CreateInstitutionCommand } from './create-institution.command';

@CommandHandler(CreateInstitutionCommand)
export class CreateInstitutionHandler implements ICommandHandler<CreateInstitutionCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly repository: InstitutionsRepository,
  ) {}

  async execute(command: CreateInstitutionCommand): Promise<{ id: number; position: number | null }> {
    const namesakes = await this.repository.namesakes(command.name);
    const id = await this.repository.nextInstitutionId();
    const result = await this.events.execute(institutionStreamId(id), institutionDecider, {
      type: 'CreateInstitution',
      id,
      name: command.name,
      country: command.country,
      rorId: command.rorId,
      namesakes,
    });
    return { id, position: result?.position ?? null };
  }
}
