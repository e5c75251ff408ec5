import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { proposalAssessmentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult, StreamAppend } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { PROPOSAL_VIEWS_PROJECTION } from '../../proposal-views';
import { QUESTIONARIES_PROJECTION } from '../../questionaries';
import {
  proposalAssessmentDecider,
  type ProposalAssessmentCommand,
} from '../domain/proposal-assessment.decide';
import { TECHNICAL_REVIEWS_PROJECTION } from '../read-models/technical-reviews/technical-reviews.projection';

const proposalPkOf = (command: ProposalAssessmentCommand) => command.proposalPk;

/**
 * Commands on the assessments of proposals (`proposal-assessment-<proposalPk>`). A batch (one request over several
 * proposals) is decided on every stream before the first append: a refusal of any proposal appends nothing.
 * Resolves once the technical reviews and the proposal views show it; the last append, or null.
 */
export class ExecuteProposalAssessmentCommand extends Command<AppendResult | null> {
  readonly commands: readonly ProposalAssessmentCommand[];
  /** the new streams that go with the decided events, in the same append (the reviews' questionaries) */
  readonly alongside?: (decided: readonly StreamAppend[]) => StreamAppend[];
  constructor(
    commands: ProposalAssessmentCommand | readonly ProposalAssessmentCommand[],
    options: { alongside?: (decided: readonly StreamAppend[]) => StreamAppend[] } = {},
  ) {
    super();
    this.commands = Array.isArray(commands) ? commands : [commands as ProposalAssessmentCommand];
    this.alongside = options.alongside;
  }
}

@CommandHandler(ExecuteProposalAssessmentCommand)
export class ExecuteProposalAssessmentCommandHandler implements ICommandHandler<ExecuteProposalAssessmentCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ commands, alongside }: ExecuteProposalAssessmentCommand): Promise<AppendResult | null> {
    // the shared bulk path: every stream loaded at once, decided in memory, one append of all (all or nothing)
    const outcome = await this.events.executeMany(
      proposalAssessmentDecider,
      commands.map((command) => ({
        streamId: proposalAssessmentStreamId(proposalPkOf(command)),
        command,
        label: `Proposal ${proposalPkOf(command)}`,
      })),
      { alongside },
    );
    if (outcome.position === null) return null;
    await this.projections.waitFor(outcome.position, [
      TECHNICAL_REVIEWS_PROJECTION,
      PROPOSAL_VIEWS_PROJECTION,
      ...(alongside ? [QUESTIONARIES_PROJECTION] : []),
    ]);
    return outcome.results.filter((r): r is AppendResult => r !== null).at(-1) ?? null;
  }
}
