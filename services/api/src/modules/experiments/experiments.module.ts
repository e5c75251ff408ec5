import { Module, type OnModuleInit } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import { CallsModule } from '../calls';
import { InstrumentsModule, InstrumentsRepository } from '../instruments';
import { NotificationsModule } from '../notifications';
import { ProposalReaders, ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { SamplesModule, SubmittedEsiSamples } from '../samples';
import { TemplatesModule } from '../templates';
import { UsersModule } from '../users';
import { WorkflowsModule } from '../workflows';
import { CreateExperimentResolver } from './commands/create-experiment/create-experiment.resolver';
import { DeleteExperimentResolver } from './commands/delete-experiment/delete-experiment.resolver';
import { ExecuteExperimentCommandHandler } from './commands/execute-experiment-command';
import { ScheduledEventsResolver } from './commands/scheduled-events/scheduled-events.resolver';
import { UpdateExperimentResolver } from './commands/update-experiment/update-experiment.resolver';
import { ExperimentsService } from './experiments.service';
import { ExperimentSafetyResolver } from './commands/experiment-safety/experiment-safety.resolver';
import { ExperimentSamplesResolver } from './commands/experiment-samples/experiment-samples.resolver';
import { ExecuteExperimentSafetyCommandHandler } from './commands/execute-experiment-safety-command';
import { SafetyReviewResolver } from './commands/safety-review/safety-review.resolver';
import { ExperimentSafetyQuestionaryOwner } from './experiment-safety.policy';
import { ExperimentSafetyService } from './experiment-safety.service';
import { ExperimentSafetyProjection } from './read-models/experiment-safety/experiment-safety.projection';
import { ExperimentSafetyRepository } from './read-models/experiment-safety/experiment-safety.repository';
import {
  ExperimentSafetyFieldResolver,
  ExperimentSampleFieldsResolver,
  GetExperimentSafetyResolver,
} from './read-models/experiment-safety/get-experiment-safety.resolver';
import { AdvanceExperimentWorkflowOnDomainEventReaction } from './reactions/advance-experiment-workflow-on-domain-event.reaction';
import { SendEmailOnExperimentSafetyChangesRequestedReaction } from './reactions/send-email-on-experiment-safety-changes-requested.reaction';
import { ExperimentsProjection } from './read-models/experiments/experiments.projection';
import { ExperimentsRepository } from './read-models/experiments/experiments.repository';
import { GetExperimentsResolver } from './read-models/experiments/get-experiments.resolver';

/**
 * Experiments of accepted proposals on their instruments (§3, §4, §7; stream `experiment-<experimentPk>`): staff
 * create, move and delete them (no overlaps on an instrument), the facility's scheduler sends idempotent
 * messages by its event id, applicants list theirs. docs/experiments.md.
 */
@Module({
  imports: [
    CallsModule,
    InstrumentsModule,
    NotificationsModule,
    ProposalsModule,
    QuestionariesModule,
    SamplesModule,
    TemplatesModule,
    UsersModule,
    WorkflowsModule,
  ],
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
    ExperimentSafetyProjection,
    ExperimentSafetyRepository,
    ExperimentSafetyService,
    ExecuteExperimentSafetyCommandHandler,
    ExperimentSafetyResolver,
    ExperimentSamplesResolver,
    SafetyReviewResolver,
    GetExperimentSafetyResolver,
    ExperimentSampleFieldsResolver,
    ExperimentSafetyFieldResolver,
    ExperimentSafetyQuestionaryOwner,
    SendEmailOnExperimentSafetyChangesRequestedReaction,
  ],
  exports: [ExperimentsRepository, ExperimentsService, ExperimentSafetyRepository],
})
export class ExperimentsModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: ExperimentSafetyQuestionaryOwner,
    private readonly readers: ProposalReaders,
    private readonly safety: ExperimentSafetyRepository,
    private readonly submittedEsiSamples: SubmittedEsiSamples,
    private readonly experiments: ExperimentsRepository,
    private readonly instruments: InstrumentsRepository,
  ) {}

  onModuleInit(): void {
    // §6 "Experiment Safety only": a safety reviewer reads a proposal once one of its ESIs is submitted to them
    // (what they see of it is the safety part: the ESI, its samples, the experiment, the proposal's title)
    this.readers.register(
      async (session, proposal) =>
        session.currentRole === Role.EXPERIMENT_SAFETY_REVIEWER &&
        this.safety.hasSubmitted(proposal.primaryKey),
    );
    // and evaluates the samples of a submitted ESI, which that rule lets them read (the samples module asks)
    this.submittedEsiSamples.register((sampleId) => this.safety.isSampleOnSubmittedEsi(sampleId));
    // an instrument scientist reads a proposal with a live experiment on one of their instruments: the staff
    // experiments list shows them those (its scope is their instruments), also once the instrument is taken off the
    // proposal, so the list and the one read rule agree
    this.readers.register(async (session, proposal) => {
      if (session.currentRole !== Role.INSTRUMENT_SCIENTIST) return false;
      const running = await this.experiments.instrumentIdsOfProposal(proposal.primaryKey);
      if (running.length === 0) return false;
      const theirs = await this.instruments.idsOfScientist(session.id);
      return running.some((id) => theirs.includes(id));
    });
    // the ESI and sample ESI questionaries: read by the ESI's readers, answered by its members until submitted
    this.owners.register(this.owner);
  }
}
