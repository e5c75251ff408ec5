import { Module, type OnModuleInit } from '@nestjs/common';
import { ExperimentsModule } from '../experiments';
import { NotificationsModule } from '../notifications';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { TemplatesModule } from '../templates';
import { UsersModule } from '../users';
import { ExecuteVisitCommandHandler, ExecuteVisitCommandsHandler } from './commands/execute-visit-command';
import { VisitRegistrationsResolver } from './commands/visit-registrations/visit-registrations.resolver';
import { VisitsResolver } from './commands/visits/visits.resolver';
import {
  ExperimentVisitFieldResolver,
  GetVisitsResolver,
  VisitRegistrationFieldsResolver,
} from './read-models/visits/get-visits.resolver';
import { VisitsProjection } from './read-models/visits/visits.projection';
import { VisitsRepository } from './read-models/visits/visits.repository';
import { SendEmailOnVisitRegistrationReviewedReaction } from './reactions/send-email-on-visit-registration-reviewed.reaction';
import { VisitRegistrationQuestionaryOwner } from './visits.policy';
import { VisitsService } from './visits.service';

/**
 * Visits of experiments and their visitors' registrations (§3, §4, §5, §7; stream `visit-<experimentPk>`,
 * feature VISIT_MANAGEMENT). docs/visits-shipments-feedback.md.
 */
@Module({
  imports: [
    ExperimentsModule,
    NotificationsModule,
    ProposalsModule,
    QuestionariesModule,
    TemplatesModule,
    UsersModule,
  ],
  providers: [
    VisitsProjection,
    VisitsRepository,
    VisitsService,
    ExecuteVisitCommandHandler,
    ExecuteVisitCommandsHandler,
    VisitsResolver,
    VisitRegistrationsResolver,
    GetVisitsResolver,
    VisitRegistrationFieldsResolver,
    ExperimentVisitFieldResolver,
    VisitRegistrationQuestionaryOwner,
    SendEmailOnVisitRegistrationReviewedReaction,
  ],
  exports: [VisitsRepository],
})
export class VisitsModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: VisitRegistrationQuestionaryOwner,
  ) {}

  onModuleInit(): void {
    // registration questionaries: read by the visit's readers, answered by the registrant until submitted
    this.owners.register(this.owner);
  }
}
