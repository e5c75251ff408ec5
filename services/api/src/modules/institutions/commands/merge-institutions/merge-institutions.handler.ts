import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { institutionStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../../platform/cqrs/event-sourcing';
import { institutionDecider } from '../../domain/institution.decide';
import { InstitutionsRepository } from '../../read-models/institutions/institutions.repository';
import { MergeInstitutionsCommand } from './merge-institutions.command';

/**
 * Two streams: `InstitutionsMerged` on the institution merged into (the fact users follow), then
 * `InstitutionMergedAway` closes the one merged from. Both are checked before the first append.
 */
@CommandHandler(MergeInstitutionsCommand)
export class MergeInstitutionsHandler implements ICommandHandler<MergeInstitutionsCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly repository: InstitutionsRepository,
  ) {}

  async execute(command: MergeInstitutionsCommand): Promise<{ position: number | null }> {
    const { institutionIdFrom, institutionIdInto, newTitle } = command;
    const fromStream = institutionStreamId(institutionIdFrom);
    const mergeAway = {
      type: 'MergeInstitutionAway' as const,
      id: institutionIdFrom,
      into: institutionIdInto,
    };

    // throws NOT_FOUND when the institution merged from is unknown, deleted or merged away
    const from = await this.events.load(
      fromStream,
      institutionDecider.initialState,
      institutionDecider.evolve,
    );
    institutionDecider.decide(mergeAway, from.state);

    const namesakes = await this.repository.namesakes(newTitle);
    const merged = await this.events.execute(institutionStreamId(institutionIdInto), institutionDecider, {
      type: 'MergeInstitutionInto',
      institutionIdFrom,
      institutionIdInto,
      newTitle,
      namesakes,
    });
    const closed = await this.events.execute(fromStream, institutionDecider, mergeAway);
    return { position: closed?.position ?? merged?.position ?? null };
  }
}
