import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  Role,
  SettingsId,
  technicalReviewRuleMessages,
  technicalReviewSchema,
  techniqueInstrumentChangeRefusal,
  techniqueRuleMessages,
  techniqueStatusChangeRefusal,
  type AssignedInstrument,
  type ProposalInstrumentsAssignedData,
  type TechnicalReviewStub,
} from '@user-office/contracts';
import { sanitizeRichText } from '../../platform/validation/sanitize-rich-text';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { badInput, forbidden, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ProposalsService, type ProposalModel } from '../proposals';
import { PreparedQuestionaries, QuestionariesService } from '../questionaries';
import { SettingsRepository } from '../settings';
import { WorkflowsRepository } from '../workflows';
import { ExecuteProposalAssessmentCommand } from './commands/execute-proposal-assessment-command';
import type { ProposalAssessmentCommand, ReviewActor } from './domain/proposal-assessment.decide';
import { defaultAssignee, InstrumentsLookup, staffOf } from './instruments-lookup';
import type { TechnicalReviewModel } from './read-models/technical-reviews/technical-review.model';
import { TechnicalReviewsRepository } from './read-models/technical-reviews/technical-reviews.repository';

const M = technicalReviewRuleMessages;

const REVIEW_IDS = {
  sequence: 'technical_review_id_seq',
  floor: { table: 'technical_reviews', column: 'technical_review_id' },
};

/** Roles that see every technical review of a proposal they may open (§6). */
export const REVIEW_READERS: readonly Role[] = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
  Role.FAP_REVIEWER,
  Role.INTERNAL_REVIEWER,
];

/**
 * Of REVIEW_READERS, the roles §6 says see a technical review's internal comment and documents (officers,
 * instrument scientists, FAP chairs and secretaries); a FAP reviewer sees the rest of it (status, time, public
 * comment) without them.
 */
const INTERNAL_COMMENT_READERS: readonly Role[] = [
  Role.USER_OFFICER,
  Role.INSTRUMENT_SCIENTIST,
  Role.FAP_CHAIR,
  Role.FAP_SECRETARY,
  Role.INTERNAL_REVIEWER,
];

/** Comments keep their formatting but lose scripts and the like (§5 "sanitised of HTML"). */
export const sanitiseComment = (text: string | null | undefined): string | null =>
  text == null ? null : sanitizeRichText(text);

const isOfficer = (session: SessionUser) => session.currentRole === Role.USER_OFFICER;

export interface SubmitItem {
  proposalPk: number;
  reviewerId?: number | null;
  submitted: boolean;
  instrumentId: number;
}

/** The use cases of proposals on instruments and techniques and of their technical reviews. */
@Injectable()
export class TechnicalReviewsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: TechnicalReviewsRepository,
    private readonly proposals: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly instruments: InstrumentsLookup,
    private readonly settings: SettingsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  private async instrumentsByIds(instrumentIds: readonly number[]) {
    const unique = [...new Set(instrumentIds)];
    const found = await this.instruments.byIds(unique);
    for (const id of unique) if (!found.some((i) => i.id === id)) throw notFound(M.instrumentNotFound(id));
    return unique.map((id) => found.find((i) => i.id === id)!);
  }

  /**
   * assignProposalsToInstruments: each proposal's instruments become exactly these (an empty list removes them);
   * each new (proposal, instrument) gets a review stub with its default assignee and, when the call has a technical
   * review template, a questionary of it.
   */
  async assignProposalsToInstruments(proposalPks: readonly number[], instrumentIds: readonly number[]) {
    const proposals = await this.proposals.existingMany(proposalPks);
    const instruments = await this.instrumentsByIds(instrumentIds);
    const assigned: AssignedInstrument[] = instruments.map((i) => ({
      id: i.id,
      name: i.name,
      shortCode: i.shortCode,
    }));
    const current = await this.repository.instrumentIdsOf(proposals.map((p) => p.primaryKey));
    // every id and questionary the batch needs, drawn at once (one round trip, one append)
    const freshOf = new Map(
      proposals.map((p) => [
        p.primaryKey,
        instruments.filter((i) => !(current.get(p.primaryKey) ?? []).includes(i.id)),
      ]),
    );
    const templateOfCall = new Map<number, number | null>();
    for (const p of proposals)
      if ((freshOf.get(p.primaryKey) ?? []).length > 0 && !templateOfCall.has(p.callId))
        templateOfCall.set(p.callId, (await this.proposals.callOf(p.callId)).technicalReviewTemplateId);
    const reviewIds = await this.ids.nextMany(
      REVIEW_IDS.sequence,
      [...freshOf.values()].reduce((n, list) => n + list.length, 0),
      REVIEW_IDS.floor,
    );
    // the reviews' questionaries are decided here and appended with the assessments (one transaction): only those
    // of the reviews the decision creates, none when it refuses an item
    const questionariesOf = new Map<number, number[]>();
    const prepared: PreparedQuestionaries[] = [];
    for (const templateId of new Set(templateOfCall.values())) {
      if (templateId == null) continue;
      const needed = proposals
        .filter((p) => templateOfCall.get(p.callId) === templateId)
        .reduce((n, p) => n + (freshOf.get(p.primaryKey) ?? []).length, 0);
      const ready = await this.questionaries.prepareMany(templateId, needed, null);
      prepared.push(ready);
      questionariesOf.set(templateId, [...ready.ids]);
    }
    const commands: ProposalAssessmentCommand[] = [];
    for (const proposal of proposals) {
      const fresh = freshOf.get(proposal.primaryKey) ?? [];
      const templateId = fresh.length > 0 ? (templateOfCall.get(proposal.callId) ?? null) : null;
      const stubs: TechnicalReviewStub[] = fresh.map((instrument) => ({
        technicalReviewId: reviewIds.shift()!,
        instrumentId: instrument.id,
        technicalReviewAssigneeId: defaultAssignee(instrument),
        questionaryId: templateId ? questionariesOf.get(templateId)!.shift()! : null,
      }));
      commands.push({
        type: 'AssignInstruments',
        proposalPk: proposal.primaryKey,
        instruments: assigned,
        stubs,
      });
    }
    await this.commands.execute(
      new ExecuteProposalAssessmentCommand(commands, {
        alongside: (decided) => {
          const used = decided.flatMap((a) =>
            a.events.flatMap((e) =>
              e.type === PROPOSAL_INSTRUMENTS_ASSIGNED
                ? (e.data as ProposalInstrumentsAssignedData).createdReviews.map((r) => r.questionaryId)
                : [],
            ),
          );
          return prepared.flatMap((ready) => ready.appendsOf(used));
        },
      }),
    );
  }

  async removeProposalsFromInstrument(proposalPks: readonly number[], instrumentId: number | null) {
    const proposals = await this.proposals.existingMany(proposalPks);
    await this.commands.execute(
      new ExecuteProposalAssessmentCommand(
        proposals.map((p) => ({ type: 'RemoveInstrument', proposalPk: p.primaryKey, instrumentId })),
      ),
    );
  }

  /** assignProposalToTechniques: officers, or the proposal's PI and co-proposers while it is editable. */
  async assignProposalToTechniques(
    session: SessionUser,
    proposalPk: number,
    techniqueIds: readonly number[],
  ) {
    const proposal = await this.proposals.existing(proposalPk);
    if (!isOfficer(session)) {
      if (!this.proposals.isMember(proposal, session.id)) throw forbidden();
      if (!(await this.proposals.isEditable(proposal, session))) throw forbidden();
    }
    const unique = [...new Set(techniqueIds)];
    const found = await this.instruments.techniquesByIds(unique);
    for (const id of unique) if (!found.some((t) => t.id === id)) throw notFound(M.techniqueNotFound(id));
    const techniques = unique
      .map((id) => found.find((t) => t.id === id)!)
      .map((t) => ({ id: t.id, name: t.name }));
    await this.commands.execute(
      new ExecuteProposalAssessmentCommand({ type: 'AssignTechniques', proposalPk, techniques }),
    );
  }

  /**
   * The caller as the decider sees them for one proposal's technical reviews. A FAP chair or secretary may edit
   * them while FAP_SECS_EDIT_TECH_REVIEWS is "true", and only on the proposals of their panels (the ones they may
   * read: the FAP module's ProposalReaders rule).
   */
  async reviewActor(session: SessionUser, proposal: ProposalModel): Promise<ReviewActor> {
    return (await this.reviewActors(session, [proposal])).get(proposal.primaryKey)!;
  }

  /** reviewActor for each of many proposals: the setting read once, the read rule asked only for FAP staff. */
  private async reviewActors(
    session: SessionUser,
    proposals: readonly ProposalModel[],
  ): Promise<Map<number, ReviewActor>> {
    const fapStaff = session.currentRole === Role.FAP_CHAIR || session.currentRole === Role.FAP_SECRETARY;
    const settingOn =
      fapStaff &&
      (await this.settings.setting(SettingsId.FAP_SECS_EDIT_TECH_REVIEWS)).settingsValue
        .trim()
        .toLowerCase() === 'true';
    const actors = new Map<number, ReviewActor>();
    for (const proposal of proposals)
      actors.set(proposal.primaryKey, {
        id: session.id,
        isOfficer: isOfficer(session),
        isFapSecretaryAllowed: settingOn && (await this.proposals.mayRead(proposal, session)),
      });
    return actors;
  }

  /** addTechnicalReview: validated (§5) and sanitised, then saved by the decider's §6 rules. */
  async addTechnicalReview(
    session: SessionUser,
    input: Record<string, unknown>,
  ): Promise<TechnicalReviewModel> {
    const valid = await validateInput(technicalReviewSchema, {
      ...input,
      comment: sanitiseComment(input.comment as string | null | undefined),
      publicComment: sanitiseComment(input.publicComment as string | null | undefined),
    });
    const proposal = await this.proposals.existing(valid.proposalPk);
    await this.commands.execute(
      new ExecuteProposalAssessmentCommand({
        type: 'SaveReview',
        proposalPk: valid.proposalPk,
        instrumentId: valid.instrumentId,
        actor: await this.reviewActor(session, proposal),
        values: {
          status: valid.status,
          timeAllocation: valid.timeAllocation ?? null,
          comment: valid.comment ?? null,
          publicComment: valid.publicComment ?? null,
          submitted: valid.submitted,
          reviewerId: valid.reviewerId ?? session.id,
          files: valid.files ?? [],
          ...(valid.questionaryId != null && { questionaryId: valid.questionaryId }),
        },
      }),
    );
    const saved = (await this.repository.ofProposal(valid.proposalPk)).find(
      (r) => r.instrumentId === valid.instrumentId,
    );
    if (!saved) throw notFound(M.notFound);
    return saved;
  }

  /** submitTechnicalReviews: one-way, all or nothing. */
  async submitTechnicalReviews(session: SessionUser, items: readonly SubmitItem[]): Promise<void> {
    // every proposal in one read, a refusal naming the missing one
    const actors = await this.reviewActors(
      session,
      await this.proposals.existingMany(items.map((i) => i.proposalPk)),
    );
    const commands: ProposalAssessmentCommand[] = items
      .filter((i) => i.submitted)
      .map((i) => ({
        type: 'SubmitReview',
        proposalPk: i.proposalPk,
        instrumentId: i.instrumentId,
        actor: actors.get(i.proposalPk)!,
        reviewerId: i.reviewerId ?? session.id,
      }));
    if (commands.length > 0) await this.commands.execute(new ExecuteProposalAssessmentCommand(commands));
  }

  /** updateTechnicalReviewAssignee: officers, or a scientist of the instrument; the assignee must be one too. */
  async updateTechnicalReviewAssignee(
    session: SessionUser,
    userId: number,
    proposalPks: readonly number[],
    instrumentId: number,
  ): Promise<TechnicalReviewModel[]> {
    const instrument = await this.instruments.instrument(instrumentId);
    if (!instrument) throw notFound(M.instrumentNotFound(instrumentId));
    const staff = staffOf(instrument);
    if (!isOfficer(session) && !staff.includes(session.id)) throw forbidden();
    await this.proposals.existingMany(proposalPks);
    await this.commands.execute(
      new ExecuteProposalAssessmentCommand(
        [...new Set(proposalPks)].map((proposalPk) => ({
          type: 'ChangeAssignee',
          proposalPk,
          instrumentId,
          assigneeId: userId,
          eligibleAssigneeIds: staff,
        })),
      ),
    );
    return (await this.repository.byProposals(proposalPks)).filter((r) => r.instrumentId === instrumentId);
  }

  /**
   * The reviews of a proposal as the caller may see them, for a caller who may read the proposal (refused with
   * the proposal's message otherwise): officers and the staff who review it (REVIEW_READERS through the one rule)
   * all of them, a FAP reviewer without their internal comment and documents (§6); the proposal's PI and
   * co-proposers the status, public comment and time allocation of the submitted ones (§4: the public comment
   * reaches them); other readers (a safety reviewer) none.
   */
  async reviewsFor(session: SessionUser, proposal: ProposalModel): Promise<TechnicalReviewModel[]> {
    // the one read rule first (ProposalReaders): no role reads the reviews of a proposal it may not read
    await this.proposals.assertMayRead(proposal, session);
    const reviews = await this.repository.ofProposal(proposal.primaryKey);
    const member = this.proposals.isMember(proposal, session.id);
    // the staff who review it see them whole (a member in a staff role reads their own proposal as a member)
    if (
      session.currentRole === Role.USER_OFFICER ||
      (!member && INTERNAL_COMMENT_READERS.includes(session.currentRole))
    )
      return reviews;
    // a FAP reviewer: every review, without the internal comment and documents (§6 gives those to chairs and
    // secretaries, not reviewers)
    if (!member && REVIEW_READERS.includes(session.currentRole))
      return reviews.map((r) => ({ ...r, comment: null, files: null }));
    // a reader whose role sees no technical review (a safety reviewer): none
    if (!member) return [];
    // its members: the public part of the submitted ones
    return reviews
      .filter((r) => r.submitted)
      .map((r) => ({
        ...r,
        comment: null,
        files: null,
        reviewerId: null,
        technicalReviewAssigneeId: null,
        questionaryId: null,
      }));
  }

  // ---- the technique proposals table (§4 technique table status rules) ----

  private async techniqueProposals(session: SessionUser, proposalPks: readonly number[]) {
    if (proposalPks.length === 0) throw badInput(M.nothingSelected);
    const proposals = await this.proposals.existingMany(proposalPks);
    if (!isOfficer(session)) {
      const mine = new Set(await this.instruments.techniqueIdsOfScientist(session.id));
      const techniques = await this.repository.techniqueIdsOf(proposals.map((p) => p.primaryKey));
      const foreign = proposals.filter(
        (p) => !(techniques.get(p.primaryKey) ?? []).some((id) => mine.has(id)),
      );
      if (foreign.length > 0)
        throw forbidden(M.notScientistOfProposal(foreign.map((p) => p.proposalId).join(', ')));
    }
    const statuses = new Map<number, string>();
    for (const p of proposals) {
      if (!statuses.has(p.statusId))
        statuses.set(
          p.statusId,
          (await this.workflows.status(p.statusId, { includeDeleted: true }))?.shortCode ?? '',
        );
    }
    return proposals.map((p) => ({ proposal: p, shortCode: statuses.get(p.statusId)! }));
  }

  /** Refuses the whole request, naming the proposals, when any breaks a rule. */
  private refuseAll(refusals: { proposalId: string; rule: string }[]): void {
    if (refusals.length === 0) return;
    const rule = refusals[0].rule;
    const named = refusals.filter((r) => r.rule === rule).map((r) => r.proposalId);
    throw badInput(techniqueRuleMessages.refused(named, rule));
  }

  async changeTechniqueProposalsStatus(
    session: SessionUser,
    statusId: number,
    proposalPks: readonly number[],
  ) {
    const target = await this.workflows.status(statusId);
    if (!target) throw notFound(`Status ${statusId} does not exist`);
    const rows = await this.techniqueProposals(session, proposalPks);
    const instruments = await this.repository.instrumentIdsOf(rows.map((r) => r.proposal.primaryKey));
    const refusals = [];
    for (const { proposal, shortCode } of rows) {
      const rule = techniqueStatusChangeRefusal(shortCode, target.shortCode, {
        hasInstrument: (instruments.get(proposal.primaryKey) ?? []).length > 0,
        isOfficer: isOfficer(session),
      });
      if (rule) refusals.push({ proposalId: proposal.proposalId, rule });
    }
    this.refuseAll(refusals);
    await this.proposals.changeStatus(
      rows.map((r) => r.proposal.primaryKey),
      statusId,
    );
  }

  async assignTechniqueProposalsToInstruments(
    session: SessionUser,
    proposalPks: readonly number[],
    instrumentIds: readonly number[],
  ) {
    const rows = await this.techniqueProposals(session, proposalPks);
    const refusals = [];
    for (const { proposal, shortCode } of rows) {
      const rule = techniqueInstrumentChangeRefusal(shortCode, { isOfficer: isOfficer(session) });
      if (rule) refusals.push({ proposalId: proposal.proposalId, rule });
    }
    this.refuseAll(refusals);
    await this.assignProposalsToInstruments(
      rows.map((r) => r.proposal.primaryKey),
      instrumentIds,
    );
  }
}
