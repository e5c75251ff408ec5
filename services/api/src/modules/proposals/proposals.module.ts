import { TemplateGroupId } from '@user-office/contracts';
import { Module, type OnModuleInit } from '@nestjs/common';
import { CallsModule } from '../calls';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { UsersModule } from '../users';
import { SettingsModule } from '../settings';
import { NotificationsModule } from '../notifications';
import { WorkflowsModule } from '../workflows';
import { AdministrationProposalResolver } from './commands/administration-proposal/administration-proposal.resolver';
import { NotifyProposalResolver } from './commands/notify-proposal/notify-proposal.resolver';
import { ProposalInstruments } from './proposal-instruments';
import { ProposalReaders } from './proposal-readers';
import { SendDecisionEmailOnProposalNotifiedReaction } from './reactions/send-decision-email-on-proposal-notified.reaction';
import { ChangeProposalsStatusResolver } from './commands/change-proposals-status/change-proposals-status.resolver';
import { AcceptInviteResolver } from './commands/accept-invite/accept-invite.resolver';
import { SetCoProposerInvitesResolver } from './commands/set-co-proposer-invites/set-co-proposer-invites.resolver';
import { SendInviteEmailOnCoProposerInvitedReaction } from './reactions/send-invite-email-on-co-proposer-invited.reaction';
import { CloneProposalsResolver } from './commands/clone-proposals/clone-proposals.resolver';
import { CreateProposalResolver } from './commands/create-proposal/create-proposal.resolver';
import { DeleteProposalResolver } from './commands/delete-proposal/delete-proposal.resolver';
import {
  ExecuteProposalCommandHandler,
  ExecuteProposalCommandsHandler,
} from './commands/execute-proposal-command';
import { SubmitProposalResolver } from './commands/submit-proposal/submit-proposal.resolver';
import { UpdateProposalResolver } from './commands/update-proposal/update-proposal.resolver';
import { ProposalsService } from './proposals.service';
import { AdvanceWorkflowOnDomainEventReaction } from './reactions/advance-workflow-on-domain-event.reaction';
import { GetProposalsResolver } from './read-models/proposals/get-proposals.resolver';
import { ProposalsProjection } from './read-models/proposals/proposals.projection';
import { ProposalsRepository } from './read-models/proposals/proposals.repository';

/** Proposals (§3, §4 Proposal, §5, §7): applicants draft and submit; officers oversee, decide and notify. */
@Module({
  imports: [
    CallsModule,
    QuestionariesModule,
    UsersModule,
    WorkflowsModule,
    SettingsModule,
    NotificationsModule,
  ],
  providers: [
    ProposalsProjection,
    ProposalsRepository,
    ProposalsService,
    ExecuteProposalCommandHandler,
    ExecuteProposalCommandsHandler,
    GetProposalsResolver,
    CreateProposalResolver,
    UpdateProposalResolver,
    SubmitProposalResolver,
    DeleteProposalResolver,
    CloneProposalsResolver,
    ChangeProposalsStatusResolver,
    AdvanceWorkflowOnDomainEventReaction,
    SetCoProposerInvitesResolver,
    AcceptInviteResolver,
    SendInviteEmailOnCoProposerInvitedReaction,
    ProposalInstruments,
    ProposalReaders,
    AdministrationProposalResolver,
    NotifyProposalResolver,
    SendDecisionEmailOnProposalNotifiedReaction,
  ],
  exports: [ProposalsRepository, ProposalsService, ProposalInstruments, ProposalReaders],
})
export class ProposalsModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly repository: ProposalsRepository,
    private readonly proposals: ProposalsService,
    private readonly readers: ProposalReaders,
  ) {}

  /**
   * A proposal's questionary: its members read it, and answer it while the proposal is editable (§4); the staff
   * who may read the proposal (`ProposalReaders`) read it too.
   */
  onModuleInit(): void {
    this.owners.register({
      groups: [TemplateGroupId.PROPOSAL_QUESTIONARY],
      access: async (session, questionary, mode) => {
        const proposal = await this.repository.byQuestionaryId(questionary.questionaryId);
        if (!proposal) return undefined;
        if (!this.proposals.isMember(proposal, session.id))
          return mode === 'read' && this.readers.mayRead(session, proposal);
        return mode === 'read' || this.proposals.isEditable(proposal, session);
      },
    });
  }
}
