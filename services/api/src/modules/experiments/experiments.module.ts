import { Module } from '@nestjs/common';
import { CallsModule } from '../calls';
import { InstrumentsModule } from '../instruments';
import { ProposalsModule } from '../proposals';
import { UsersModule } from '../users';
import { WorkflowsModule } from '../workflows';
import { CreateExperimentResolver } from './commands/create-experiment/create-experiment.resolver';
import { DeleteExperimentResolver } from './commands/delete-experiment/delete-experiment.resolver';
import { ExecuteExperimentCommandHandler } from './commands/execute-experiment-command';
import { ScheduledEventsResolver } from './commands/scheduled-events/scheduled-events.resolver';
import { UpdateExperimentResolver } from './commands/update-experiment/update-experiment.resolver';
import { ExperimentsService } from './experiments.service';
import { AdvanceExperimentWorkflowOnDomainEventReaction } from './reactions/advance-experiment-workflow-on-domain-event.reaction';
import { ExperimentsProjection } from './read-models/experiments/experiments.projection';
import { ExperimentsRepository } from './read-models/experiments/experiments.repository';
import { GetExperimentsResolver } from './read-models/experiments/get-experiments.resolver';

/**
 * Experiments of accepted proposals on their instruments (§3, §4, §7; stream `experiment-<experimentPk>`): staff
 * create, move and delete them (no overlaps on an instrument), the facility's scheduler sends idempotent
 * messages by its event id, applicants list theirs. docs/experiments.md.
 */
@Module({
  imports: [CallsModule, InstrumentsModule, ProposalsModule, UsersModule, WorkflowsModule],
  providers: [
    ExperimentsProjection,
    ExperimentsRepository,
    ExperimentsService,
    ExecuteExperimentCommandHandler,
    CreateExperimentResolver,
    UpdateExperimentResolver,
    DeleteExperimentResolver,
    ScheduledEventsResolver,
    GetExperimentsResolver,
    AdvanceExperimentWorkflowOnDomainEventReaction,
  ],
  exports: [ExperimentsRepository, ExperimentsService],
})
export class ExperimentsModule {}
