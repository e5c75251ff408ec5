import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { proposalAssessmentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { PROPOSAL_VIEWS_PROJECTION } from '../../proposal-views';
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
  constructor(commands: ProposalAssessmentCommand | readonly ProposalAssessmentCommand[]) {
    super();
    this.commands = Array.isArray(commands) ? commands : [commands as ProposalAssessmentCommand];
  }
}

@CommandHandler(ExecuteProposalAssessmentCommand)
export class ExecuteProposalAssessmentCommandHandler implements ICommandHandler<ExecuteProposalAssessmentCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ commands }: ExecuteProposalAssessmentCommand): Promise<AppendResult | null> {
    if (commands.length > 1) {
      // every refusal first: nothing is appended when one proposal breaks a rule
      for (const command of commands) {
        const { state } = await this.events.load(
          proposalAssessmentStreamId(proposalPkOf(command)),
          proposalAssessmentDecider.initialState,
          proposalAssessmentDecider.evolve,
        );
        proposalAssessmentDecider.decide(command, state);
      }
    }
    let last: AppendResult | null = null;
    for (const command of commands) {
      const result = await this.events.execute(
        proposalAssessmentStreamId(proposalPkOf(command)),
        proposalAssessmentDecider,
        command,
      );
      last = result ?? last;
    }
    if (last)
      await this.projections.waitFor(last.position, [
        TECHNICAL_REVIEWS_PROJECTION,
        PROPOSAL_VIEWS_PROJECTION,
      ]);
    return last;
  }
}
