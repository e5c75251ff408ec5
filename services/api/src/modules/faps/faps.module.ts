import { Module, type OnModuleInit } from '@nestjs/common';
import { ReviewStatus, TemplateGroupId } from '@user-office/contracts';
import { CallFaps, CallsModule } from '../calls';
import { InstitutionsModule } from '../institutions';
import { InstrumentsModule } from '../instruments';
import { ProposalReaders, ProposalsModule } from '../proposals';
import { ProposalViewsModule } from '../proposal-views';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { SettingsModule } from '../settings';
import { TechnicalReviewsModule } from '../technical-reviews';
import { UsersModule } from '../users';
import { ExecuteFapCommandHandler } from './commands/execute-fap-command';
import { ExecuteFapProposalCommandHandler } from './commands/execute-fap-proposal-command';
import { MeetingDecisionsResolver } from './commands/meeting-decisions/meeting-decisions.resolver';
import { PanelsResolver } from './commands/panels/panels.resolver';
import { ProposalsToFapsResolver } from './commands/proposals-to-faps/proposals-to-faps.resolver';
import { ReviewersResolver } from './commands/reviewers/reviewers.resolver';
import { ReviewsResolver } from './commands/reviews/reviews.resolver';
import { FapSheets } from './downloads/fap-sheets';
import { FapXlsxController } from './downloads/fap-xlsx.controller';
import { FapReadRule } from './fap-read-rule';
import { SaveFapReviewOnBasisAnsweredReaction } from './reactions/save-fap-review-on-basis-answered.reaction';
import { FapsService } from './faps.service';
import {
  FapMeetingDecisionFieldsResolver,
  FapProposalFieldsResolver,
  GetFapsResolver,
  ProposalFapFieldsResolver,
  ReviewFieldsResolver,
} from './read-models/faps/get-faps.resolver';
import { CallFapsResolver } from './read-models/faps/call-faps.resolver';
import { FapsProjection } from './read-models/faps/faps.projection';
import { FapsRepository } from './read-models/faps/faps.repository';

/**
 * Review panels (FAPs, §3, §4, §5, §6, §7; streams `fap-<id>` and `fap-proposal-<proposalPk>`): panels and
 * members, proposals and reviewers with conflicts of interest, grades, meeting decisions, ranking, spreadsheets.
 */
@Module({
  imports: [
    CallsModule,
    InstitutionsModule,
    InstrumentsModule,
    ProposalsModule,
    ProposalViewsModule,
    QuestionariesModule,
    SettingsModule,
    TechnicalReviewsModule,
    UsersModule,
  ],
  controllers: [FapXlsxController],
  providers: [
    FapSheets,
    FapsProjection,
    FapsRepository,
    FapsService,
    FapReadRule,
    ExecuteFapCommandHandler,
    ExecuteFapProposalCommandHandler,
    PanelsResolver,
    ProposalsToFapsResolver,
    ReviewersResolver,
    ReviewsResolver,
    MeetingDecisionsResolver,
    GetFapsResolver,
    ReviewFieldsResolver,
    FapMeetingDecisionFieldsResolver,
    FapProposalFieldsResolver,
    ProposalFapFieldsResolver,
    CallFapsResolver,
    SaveFapReviewOnBasisAnsweredReaction,
  ],
  exports: [FapsRepository],
})
export class FapsModule implements OnModuleInit {
  constructor(
    private readonly readers: ProposalReaders,
    private readonly readRule: FapReadRule,
    private readonly owners: QuestionaryOwners,
    private readonly repository: FapsRepository,
    private readonly service: FapsService,
    private readonly callFaps: CallFaps,
  ) {}

  onModuleInit(): void {
    // a call names live panels only
    this.callFaps.register(async (ids) => new Set((await this.repository.byIds(ids)).map((f) => f.id)));
    // reviewers read the proposals they review; chairs and secretaries every proposal of their panels
    this.readers.register((session, proposal) => this.readRule.mayRead(session, proposal));
    // a panel review's questionary (the call's FAP review template): its reviewer, the panel's chair and
    // secretary and officers read it; the reviewer (and they) answer it while the review is a draft
    this.owners.register({
      groups: [TemplateGroupId.FAP_REVIEW],
      access: async (session, questionary, mode) => {
        const review = await this.repository.reviewByQuestionary(questionary.questionaryId);
        if (!review) return undefined;
        const actor = await this.service.actor(session);
        const allowed =
          actor.isOfficer || review.userID === session.id || actor.staffOfFapIds.includes(review.fapID);
        if (mode === 'read' || !allowed) return allowed;
        return actor.isOfficer || review.status === ReviewStatus.DRAFT;
      },
    });
  }
}
