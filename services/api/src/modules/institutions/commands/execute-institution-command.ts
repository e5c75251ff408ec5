import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { institutionStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { institutionDecider, type InstitutionCommand } from '../domain/institution.decide';
import { INSTITUTIONS_PROJECTION } from '../read-models/institutions/institutions.projection';

type MergeInto = Extract<InstitutionCommand, { type: 'MergeInstitutionInto' }>;
type MergeAway = Extract<InstitutionCommand, { type: 'MergeInstitutionAway' }>;

/**
 * Every command on one institution: load, decide (pure), append; resolves once the institutions read model
 * shows it. A merge is two streams: `InstitutionsMerged` on the institution merged into (the fact users
 * follow), then `InstitutionMergedAway` closes the one merged from; both are checked before the first append.
 */
export class ExecuteInstitutionCommand extends Command<AppendResult | null> {
  constructor(
    readonly target:
      | { kind: 'institution'; institutionId: number; command: InstitutionCommand }
      | { kind: 'merge'; into: MergeInto; away: MergeAway },
  ) {
    super();
  }
}

@CommandHandler(ExecuteInstitutionCommand)
export class ExecuteInstitutionCommandHandler implements ICommandHandler<ExecuteInstitutionCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ target }: ExecuteInstitutionCommand): Promise<AppendResult | null> {
    const result =
      target.kind === 'institution'
        ? await this.run(target.institutionId, target.command)
        : await this.merge(target.into, target.away);
    if (result) await this.projections.waitFor(result.position, [INSTITUTIONS_PROJECTION]);
    return result;
  }

  private run(institutionId: number, command: InstitutionCommand): Promise<AppendResult | null> {
    return this.events.execute(institutionStreamId(institutionId), institutionDecider, command);
  }

  private async merge(into: MergeInto, away: MergeAway): Promise<AppendResult | null> {
    // throws NOT_FOUND when the institution merged from is unknown, deleted or merged away
    const from = await this.events.load(
      institutionStreamId(away.id),
      institutionDecider.initialState,
      institutionDecider.evolve,
    );
    institutionDecider.decide(away, from.state);
    const merged = await this.run(into.institutionIdInto, into);
    return (await this.run(away.id, away)) ?? merged;
  }
}
