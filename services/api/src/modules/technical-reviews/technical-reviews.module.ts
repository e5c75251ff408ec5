import { Module, type OnModuleInit } from '@nestjs/common';
import { Role, TemplateGroupId } from '@user-office/contracts';
import { InstrumentsModule, InstrumentsRepository } from '../instruments';
import { ProposalInstruments, ProposalReaders, ProposalsModule, ProposalsService } from '../proposals';
import { ProposalViewsModule } from '../proposal-views';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { SettingsModule } from '../settings';
import { WorkflowsModule } from '../workflows';
import { AddTechnicalReviewResolver } from './commands/add-technical-review/add-technical-review.resolver';
import { AssignProposalToTechniquesResolver } from './commands/assign-proposal-to-techniques/assign-proposal-to-techniques.resolver';
import { AssignProposalsToInstrumentsResolver } from './commands/assign-proposals-to-instruments/assign-proposals-to-instruments.resolver';
import { AssignTechniqueProposalsToInstrumentsResolver } from './commands/assign-technique-proposals-to-instruments/assign-technique-proposals-to-instruments.resolver';
import { ChangeTechniqueProposalsStatusResolver } from './commands/change-technique-proposals-status/change-technique-proposals-status.resolver';
import { ExecuteProposalAssessmentCommandHandler } from './commands/execute-proposal-assessment-command';
import { RemoveProposalsFromInstrumentResolver } from './commands/remove-proposals-from-instrument/remove-proposals-from-instrument.resolver';
import { SubmitTechnicalReviewsResolver } from './commands/submit-technical-reviews/submit-technical-reviews.resolver';
import { UpdateTechnicalReviewAssigneeResolver } from './commands/update-technical-review-assignee/update-technical-review-assignee.resolver';
import { InstrumentsLookup } from './instruments-lookup';
import { SaveTechnicalReviewOnBasisAnsweredReaction } from './reactions/save-technical-review-on-basis-answered.reaction';
import { GetScientistProposalsResolver } from './read-models/technical-reviews/get-scientist-proposals.resolver';
import { GetTechnicalReviewsResolver } from './read-models/technical-reviews/get-technical-reviews.resolver';
import { TechnicalReviewsProjection } from './read-models/technical-reviews/technical-reviews.projection';
import { TechnicalReviewsRepository } from './read-models/technical-reviews/technical-reviews.repository';
import { ProposalStaff } from './proposal-staff';
import { ScientistReadRule } from './scientist-read-rule';
import { REVIEW_READERS, TechnicalReviewsService } from './technical-reviews.service';

/**
 * Proposals on instruments and techniques and their technical reviews (§3, §4, §6, §7; stream
 * `proposal-assessment-<proposalPk>`), and the scientists' proposal lists.
 */
@Module({
  imports: [
    InstrumentsModule,
    ProposalsModule,
    ProposalViewsModule,
    QuestionariesModule,
    SettingsModule,
    WorkflowsModule,
  ],
  providers: [
    { provide: InstrumentsLookup, useExisting: InstrumentsRepository },
    TechnicalReviewsProjection,
    TechnicalReviewsRepository,
    TechnicalReviewsService,
    ExecuteProposalAssessmentCommandHandler,
    AssignProposalsToInstrumentsResolver,
    RemoveProposalsFromInstrumentResolver,
    AssignProposalToTechniquesResolver,
    AddTechnicalReviewResolver,
    SubmitTechnicalReviewsResolver,
    UpdateTechnicalReviewAssigneeResolver,
    ChangeTechniqueProposalsStatusResolver,
    AssignTechniqueProposalsToInstrumentsResolver,
    GetTechnicalReviewsResolver,
    GetScientistProposalsResolver,
    SaveTechnicalReviewOnBasisAnsweredReaction,
    ProposalStaff,
    ScientistReadRule,
  ],
  exports: [TechnicalReviewsRepository, ProposalStaff],
})
export class TechnicalReviewsModule implements OnModuleInit {
  constructor(
    private readonly proposalInstruments: ProposalInstruments,
    private readonly owners: QuestionaryOwners,
    private readonly repository: TechnicalReviewsRepository,
    private readonly service: TechnicalReviewsService,
    private readonly readers: ProposalReaders,
    private readonly scientistRead: ScientistReadRule,
    private readonly proposals: ProposalsService,
  ) {}

  onModuleInit(): void {
    // the scientists of the proposal's instruments and techniques, and its reviews' assignees, read it
    this.readers.register((session, proposal) => this.scientistRead.mayRead(session, proposal));
    // management decisions (administrationProposal) allocate time on the proposal's instruments
    this.proposalInstruments.register((proposalPks) => this.repository.instrumentIdsOf(proposalPks));
    // a technical review's questionary: staff read it; its assignee (and FAP chair/secretary when allowed) answer
    // it while the review is not submitted (officers always may)
    this.owners.register({
      groups: [TemplateGroupId.TECHNICAL_REVIEW],
      access: async (session, questionary, mode) => {
        const review = await this.repository.byQuestionaryId(questionary.questionaryId);
        if (!review) return undefined;
        // staff who read the proposal (officers, its scientists, its panel, its internal reviewers) read its reviews;
        // the proposal is read only when a rule needs it (an answer of the review's assignee needs none)
        const proposal = () => this.proposals.existing(review.proposalPk);
        if (mode === 'read')
          return (
            REVIEW_READERS.includes(session.currentRole) &&
            (await this.proposals.mayRead(await proposal(), session))
          );
        if (review.submitted) return false;
        if (
          session.currentRole === Role.INSTRUMENT_SCIENTIST &&
          review.technicalReviewAssigneeId === session.id
        )
          return true;
        return (await this.service.reviewActor(session, await proposal())).isFapSecretaryAllowed;
      },
    });
  }
}
