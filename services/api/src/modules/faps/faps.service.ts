import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  FAP_REVIEWER_ASSIGNED,
  FeatureId,
  ReviewStatus,
  Role,
  SettingsId,
  fapMeetingDecisionSchema,
  fapMessages,
  fapSchema,
  fapTimeAllocationSchema,
  reviewGradeSchema,
  reviewerRankSchema,
  updateReviewSchema,
  type ConflictRecord,
  type FapInstrumentPair,
  type FapReviewerAssignedData,
  type FapMemberRole,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { badInput, forbidden, notFound } from '../../platform/errors/app-error';
import { sanitizeRichText } from '../../platform/validation/sanitize-rich-text';
import { validateInput } from '../../platform/validation/validate-input';
import { ExecuteInstrumentCommand, InstrumentsRepository } from '../instruments';
import { InstitutionsRepository } from '../institutions';
import { ProposalReaders, ProposalsRepository, ProposalsService, type ProposalModel } from '../proposals';
import { PreparedQuestionaries, QuestionariesService } from '../questionaries';
import { SettingsRepository } from '../settings';
import { TechnicalReviewsRepository } from '../technical-reviews';
import { UsersService, basicUserDetails, type UserRecord } from '../users';
import { ExecuteFapCommand } from './commands/execute-fap-command';
import { ExecuteFapProposalCommand } from './commands/execute-fap-proposal-command';
import { autoAssign } from './domain/algorithms/auto-assign';
import { calibratedScores } from './domain/algorithms/calibrated-score';
import { conflictsOf, type Conflict, type ProposalConflictFacts } from './domain/algorithms/conflicts';
import { rankWithCutLine } from './domain/algorithms/ranking';
import type { FapActor, FapProposalCommand } from './domain/fap-proposal.decide';
import { isDecisionComplete } from './domain/fap-proposal.decide';
import type {
  AutomaticAssignmentPreviewModel,
  FapMeetingDecisionModel,
  FapMemberModel,
  FapModel,
  FapProposalModel,
  ReviewModel,
  ReviewRowModel,
  ReviewerConflictsModel,
  UserWithReviewsModel,
} from './read-models/faps/fap.models';
import { FapsRepository, type FapProposalRecord, type FapRecord } from './read-models/faps/faps.repository';

const M = fapMessages;

const FAP_IDS = { sequence: 'fap_id_seq', floor: { table: 'faps', column: 'id' } };
const REVIEW_IDS = { sequence: 'fap_review_id_seq', floor: { table: 'fap_reviews', column: 'review_id' } };

const isOfficer = (session: SessionUser | null) =>
  session === null || session.currentRole === Role.USER_OFFICER;

const CHAIR_ROLES: readonly Role[] = [Role.FAP_CHAIR, Role.FAP_SECRETARY];

export interface FapDetailsArgs {
  code?: string | null;
  description?: string | null;
  numberRatingsRequired?: number | null;
  gradeGuide?: string | null;
  customGradeGuide?: boolean | null;
  active?: boolean | null;
  files?: string | null;
}

/** sanitised like technical reviews; a comment that shows no text is blank (→ "Comment is required") */
const cleanComment = (text: string | null | undefined): string | null => {
  if (text == null) return null;
  const clean = sanitizeRichText(text);
  return clean.replace(/<[^>]*>/g, '').trim() === '' ? '' : clean;
};

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The use cases of the review panels. A null session is an API access token: it acts as an officer. */
@Injectable()
export class FapsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: FapsRepository,
    private readonly proposals: ProposalsService,
    private readonly proposalsRepository: ProposalsRepository,
    private readonly users: UsersService,
    private readonly institutions: InstitutionsRepository,
    private readonly instruments: InstrumentsRepository,
    private readonly questionaries: QuestionariesService,
    private readonly settings: SettingsRepository,
    private readonly technicalReviews: TechnicalReviewsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  // ---- who ----

  async actor(session: SessionUser | null): Promise<FapActor> {
    if (isOfficer(session)) return { id: session?.id ?? 0, isOfficer: true, staffOfFapIds: [] };
    const s = session!;
    const staffOfFapIds = CHAIR_ROLES.includes(s.currentRole)
      ? await this.repository.fapIdsOfMember(s.id, [s.currentRole])
      : [];
    return { id: s.id, isOfficer: false, staffOfFapIds };
  }

  /** officers, or a chair/secretary (in that role) of the panel */
  async assertStaffOf(session: SessionUser | null, fapId: number): Promise<void> {
    const actor = await this.actor(session);
    if (!actor.isOfficer && !actor.staffOfFapIds.includes(fapId)) throw forbidden(M.notChairOrSecretaryOfFap);
  }

  /** officers, or a member of the panel in the role they act in */
  async assertMayReadFap(session: SessionUser | null, fapId: number): Promise<void> {
    if (isOfficer(session)) return;
    const ids = await this.repository.fapIdsOfMember(session!.id, [session!.currentRole]);
    if (!ids.includes(fapId)) throw forbidden();
  }

  async existingFap(fapId: number): Promise<FapRecord> {
    const fap = await this.repository.fap(fapId);
    if (!fap) throw notFound(M.notFound);
    return fap;
  }

  // ---- panels ----

  async toModels(records: readonly FapRecord[]): Promise<FapModel[]> {
    const ids = records.map((r) => r.id);
    const [members, counts] = await Promise.all([this.repository.members(ids), this.repository.counts(ids)]);
    const users = new Map(
      (await this.users.byIds([...new Set(members.map((m) => m.userId))])).map((u) => [u.id, u]),
    );
    const usersIn = (fapId: number, role: Role) =>
      members
        .filter((m) => m.fapId === fapId && m.role === role && users.has(m.userId))
        .map((m) => users.get(m.userId)!);
    return records.map((r) => {
      const chairs = usersIn(r.id, Role.FAP_CHAIR);
      const secretaries = usersIn(r.id, Role.FAP_SECRETARY);
      const countsOf = (list: UserRecord[]) =>
        list.map((u) => ({ userId: u.id, count: counts.userDrafts.get(`${r.id}:${u.id}`) ?? 0 }));
      return {
        id: r.id,
        code: r.code,
        description: r.description,
        numberRatingsRequired: r.numberRatingsRequired,
        gradeGuide: r.gradeGuide,
        customGradeGuide: r.customGradeGuide,
        active: r.active,
        files: r.files,
        fapChairs: chairs.map((u) => basicUserDetails(u, false)),
        fapSecretaries: secretaries.map((u) => basicUserDetails(u, false)),
        fapChairsCurrentProposalCounts: countsOf(chairs),
        fapSecretariesCurrentProposalCounts: countsOf(secretaries),
        proposalCount: counts.proposals.get(r.id) ?? 0,
        proposalCurrentCount: counts.current.get(r.id) ?? 0,
      };
    });
  }

  async fapModel(fapId: number, options: { includeDeleted?: boolean } = {}): Promise<FapModel> {
    const fap = await this.repository.fap(fapId, options);
    if (!fap) throw notFound(M.notFound);
    return (await this.toModels([fap]))[0];
  }

  async createFap(args: FapDetailsArgs): Promise<FapModel> {
    const valid = await validateInput(fapSchema, args);
    const id = await this.ids.next(FAP_IDS.sequence, FAP_IDS.floor);
    await this.commands.execute(
      new ExecuteFapCommand({
        type: 'CreateFap',
        id,
        namesakes: await this.repository.namesakes(valid.code),
        ...this.details(valid),
      }),
    );
    return this.fapModel(id);
  }

  private details(valid: Awaited<ReturnType<typeof fapSchema.validate>>) {
    return {
      code: valid.code,
      description: valid.description,
      numberRatingsRequired: valid.numberRatingsRequired!,
      gradeGuide: valid.gradeGuide ?? null,
      customGradeGuide: valid.customGradeGuide ?? null,
      active: valid.active!,
      files: valid.files ?? null,
    };
  }

  async updateFap(id: number, args: FapDetailsArgs): Promise<FapModel> {
    const valid = await validateInput(fapSchema, args);
    await this.commands.execute(
      new ExecuteFapCommand({
        type: 'UpdateFap',
        id,
        namesakes: await this.repository.namesakes(valid.code),
        ...this.details(valid),
      }),
    );
    return this.fapModel(id);
  }

  async deleteFap(id: number): Promise<FapModel> {
    await this.commands.execute(new ExecuteFapCommand({ type: 'DeleteFap', id }));
    return this.fapModel(id, { includeDeleted: true });
  }

  async getFaps(
    session: SessionUser | null,
    filter: { filter?: string | null; active?: boolean | null; callId?: number | null },
    page: { first?: number | null; offset?: number | null } = {},
  ) {
    let only: number[] | null = isOfficer(session) ? null : await this.repository.fapIdsOfMember(session!.id);
    if (filter.callId != null) {
      const ofCall = (await this.instruments.ofCall(filter.callId))
        .map((i) => i.fapId)
        .filter((id): id is number => id !== null);
      only = only ? only.filter((id) => ofCall.includes(id)) : ofCall;
    }
    const { totalCount, faps } = await this.repository.list(filter, only, page);
    return { totalCount, faps: await this.toModels(faps) };
  }

  async getUserFaps(
    session: SessionUser | null,
    userId: number | null,
    role: Role | null,
  ): Promise<FapModel[]> {
    const id = userId ?? session?.id;
    if (id == null) throw badInput('userId is required');
    if (id !== session?.id && !isOfficer(session)) throw forbidden();
    const ids = await this.repository.fapIdsOfMember(id, role ? [role] : undefined);
    return this.toModels(await this.repository.byIds(ids));
  }

  async members(fapId: number, roles?: readonly Role[]): Promise<FapMemberModel[]> {
    await this.existingFap(fapId);
    const members = (await this.repository.members([fapId])).filter((m) => !roles || roles.includes(m.role));
    const users = new Map((await this.users.byIds(members.map((m) => m.userId))).map((u) => [u.id, u]));
    const counts = await this.repository.reviewCounts(fapId);
    return members.map((m) => ({
      fapId,
      userId: m.userId,
      role: m.role,
      user: users.has(m.userId) ? basicUserDetails(users.get(m.userId)!, false) : null,
      reviewCount: counts.get(m.userId) ?? 0,
    }));
  }

  /** Assigns members in a role; each gets the role in their user roles when they lack it. */
  async assignMembers(fapId: number, role: FapMemberRole, userIds: readonly number[]): Promise<FapModel> {
    const unique = [...new Set(userIds)];
    const found = await this.users.byIds(unique);
    const unknownUserIds = unique.filter((id) => !found.some((u) => u.id === id));
    await this.commands.execute(
      new ExecuteFapCommand({ type: 'AssignMembers', id: fapId, role, userIds: unique, unknownUserIds }),
    );
    for (const user of found) {
      if (!user.roles.includes(role))
        await this.users.execute(user.id, { type: 'SetUserRoles', roles: [...user.roles, role] });
    }
    return this.fapModel(fapId);
  }

  async removeMember(fapId: number, userId: number, role: FapMemberRole): Promise<FapModel> {
    await this.commands.execute(new ExecuteFapCommand({ type: 'RemoveMember', id: fapId, role, userId }));
    return this.fapModel(fapId);
  }

  // ---- proposals on panels ----

  /** in the order asked, duplicates dropped; a missing one refused (named when several were asked) */
  private existingProposals(proposalPks: readonly number[]): Promise<ProposalModel[]> {
    return this.proposals.existingMany(proposalPks);
  }

  async assignProposalsToFaps(
    proposalPks: readonly number[],
    fapInstruments: readonly { fapId: number; instrumentId?: number | null }[],
  ): Promise<void> {
    if (proposalPks.length === 0) throw badInput(M.nothingSelected);
    const proposals = await this.existingProposals(proposalPks);
    for (const fapId of new Set(fapInstruments.map((f) => f.fapId))) await this.existingFap(fapId);
    const faps: FapInstrumentPair[] = fapInstruments.map((f) => ({
      fapId: f.fapId,
      instrumentId: f.instrumentId ?? null,
    }));
    await this.commands.execute(
      new ExecuteFapProposalCommand(
        proposals.map((p) => ({ type: 'AssignFaps', proposalPk: p.primaryKey, callId: p.callId, faps })),
      ),
    );
  }

  async removeProposalsFromFaps(proposalPks: readonly number[], fapIds: readonly number[]): Promise<void> {
    const proposals = await this.existingProposals(proposalPks);
    await this.commands.execute(
      new ExecuteFapProposalCommand(
        proposals.map((p) => ({ type: 'RemoveFaps', proposalPk: p.primaryKey, fapIds })),
      ),
    );
  }

  async updateFapToCallInstrument(instrumentIds: readonly number[], callId: number, fapId: number | null) {
    if (fapId !== null) await this.existingFap(fapId);
    await this.proposals.callOf(callId);
    const onCall = await this.instruments.ofCall(callId);
    for (const id of instrumentIds)
      if (!onCall.some((i) => i.instrumentId === id))
        throw badInput(`Instrument ${id} is not assigned to call ${callId}`);
    await this.commands.execute(
      new ExecuteInstrumentCommand(
        ...instrumentIds.map((id) => ({
          type: 'AssignInstrumentToCall' as const,
          id,
          callId,
          fapId,
          callExists: true,
        })),
      ),
    );
  }

  async submitInstrument(
    session: SessionUser | null,
    fapId: number,
    callId: number,
    instrumentId: number,
    submitted: boolean,
  ) {
    if (submitted) await this.assertStaffOf(session, fapId);
    else if (!isOfficer(session)) throw forbidden();
    const onCall = await this.instruments.ofCall(callId);
    if (!onCall.some((i) => i.instrumentId === instrumentId && i.fapId === fapId))
      throw badInput(`Instrument ${instrumentId} is not reviewed by FAP ${fapId} in call ${callId}`);
    const appended = await this.commands.execute(
      new ExecuteFapCommand({ type: 'SubmitInstrument', id: fapId, callId, instrumentId, submitted }),
    );
    if (!appended) return;
    // each proposal of the panel on that instrument in the call records it (PROPOSAL_INSTRUMENT_SUBMITTED)
    const proposals = await this.repository.fapProposals({ fapId, callId, instrumentId });
    const pks = [...new Set(proposals.map((p) => p.proposalPk))];
    if (pks.length > 0)
      await this.commands.execute(
        new ExecuteFapProposalCommand(
          pks.map((proposalPk) => ({
            type: 'RecordInstrumentSubmitted',
            proposalPk,
            fapId,
            callId,
            instrumentId,
            submitted,
          })),
        ),
      );
  }

  async instrumentsByFap(fapId: number, callId: number) {
    const onCall = (await this.instruments.ofCall(callId)).filter((i) => i.fapId === fapId);
    const records = await this.instruments.byIds(onCall.map((i) => i.instrumentId));
    const submitted = await this.repository.submittedInstruments(fapId, callId);
    return onCall
      .map((c) => ({ c, i: records.find((r) => r.id === c.instrumentId) }))
      .filter((x) => x.i)
      .map(({ c, i }) => ({
        id: i!.id,
        name: i!.name,
        shortCode: i!.shortCode,
        availabilityTime: c.availabilityTime,
        submitted: submitted.has(c.instrumentId),
        fapId,
      }));
  }

  // ---- conflicts of interest ----

  private async coauthorYears(): Promise<number> {
    const value = Number(
      (await this.settings.setting(SettingsId.CONFLICT_OF_INTEREST_COAUTHOR_YEARS)).settingsValue,
    );
    return Number.isFinite(value) && value >= 0 ? value : 3;
  }

  /**
   * A function giving the conflicts of (proposal, member) for a set of proposals and members, with the facts
   * read once. Soft conflicts are dropped when CONFLICT_OF_INTEREST_WARNING is off.
   */
  async conflictChecker(
    proposals: readonly ProposalModel[],
    userIds: readonly number[],
  ): Promise<(proposalPk: number, userId: number) => Conflict[]> {
    const pis = [...new Set(proposals.map((p) => p.proposerId))];
    const [checkSoft, coauthorYears, people] = await Promise.all([
      this.settings.isEnabled(FeatureId.CONFLICT_OF_INTEREST_WARNING),
      this.coauthorYears(),
      this.users.byIds([...new Set([...pis, ...userIds])]),
    ]);
    const users = new Map(people.map((u) => [u.id, u]));
    const since = new Date();
    since.setFullYear(since.getFullYear() - coauthorYears);
    const institutionIds = [
      ...new Set(proposals.map((p) => users.get(p.proposerId)?.institutionId ?? null)),
    ].filter((id): id is number => id !== null);
    // every PI's proposals of the last years in one query, beside the PIs' institutions in another (a query per
    // institution took most of a preview: a panel's PIs come from a hundred institutions and more)
    const [piProposals, institutionNames] = await Promise.all([
      checkSoft ? this.proposalsRepository.ofUsers(pis, since) : new Map<number, ProposalModel[]>(),
      this.institutions
        .byIds(institutionIds, { includeDeleted: true })
        .then((found) => new Map<number, string | null>(found.map((i) => [i.id, i.name]))),
    ]);
    const facts = new Map<number, ProposalConflictFacts>();
    for (const p of proposals) {
      const institutionId = users.get(p.proposerId)?.institutionId ?? null;
      facts.set(p.primaryKey, {
        proposalPk: p.primaryKey,
        proposalId: p.proposalId,
        piUserId: p.proposerId,
        coProposerUserIds: p.userIds,
        piInstitutionId: institutionId,
        piInstitutionName: institutionId === null ? null : (institutionNames.get(institutionId) ?? null),
      });
    }
    return (proposalPk, userId) => {
      const p = facts.get(proposalPk);
      if (!p) return [];
      const coauthored = (piProposals.get(p.piUserId) ?? [])
        .filter((other) => other.primaryKey !== proposalPk)
        .filter((other) => other.proposerId === userId || other.userIds.includes(userId))
        .map((other) => other.proposalId);
      const conflicts = conflictsOf(p, {
        userId,
        institutionId: users.get(userId)?.institutionId ?? null,
        coauthoredWithPi: coauthored,
      });
      return checkSoft ? conflicts : conflicts.filter((c) => c.hard);
    };
  }

  async conflictsOfInterest(fapId: number, proposalPk: number): Promise<ReviewerConflictsModel[]> {
    const members = await this.members(fapId);
    const proposal = await this.proposals.existing(proposalPk);
    const userIds = [...new Set(members.map((m) => m.userId))];
    const check = await this.conflictChecker([proposal], userIds);
    return userIds.map((userId) => ({
      userId,
      user: members.find((m) => m.userId === userId)?.user ?? null,
      conflicts: check(proposalPk, userId).map((c) => ({
        kind: c.kind as never,
        hard: c.hard,
        reason: c.reason,
      })),
    }));
  }

  // ---- reviewers to proposals ----

  /** The commands assigning (proposal, member) pairs of one panel, every rule's facts read once. */
  private async reviewerCommands(
    fapId: number,
    pairs: readonly { proposalPk: number; userId: number; overrideReason?: string | null }[],
  ): Promise<FapProposalCommand[]> {
    const fap = await this.existingFap(fapId);
    const proposals = await this.existingProposals(pairs.map((p) => p.proposalPk));
    const memberIds = [...new Set((await this.repository.members([fapId])).map((m) => m.userId))];
    const userIds = [...new Set(pairs.map((p) => p.userId))];
    const check = await this.conflictChecker(proposals, userIds);
    const names = await this.users.displayNames(userIds);
    const commands: FapProposalCommand[] = [];
    const proposalByPk = new Map(proposals.map((p) => [p.primaryKey, p]));
    for (const pair of pairs) {
      const proposal = proposalByPk.get(pair.proposalPk)!;
      const conflicts: ConflictRecord[] = check(pair.proposalPk, pair.userId).map((c) => ({
        kind: c.kind,
        hard: c.hard,
        reason: c.reason,
      }));
      commands.push({
        type: 'AddReviewer',
        proposalPk: proposal.primaryKey,
        proposalId: proposal.proposalId,
        fapId,
        reviewId: 0, // allocated below, once every pair passed
        userId: pair.userId,
        userName: names.get(pair.userId) ?? `User ${pair.userId}`,
        memberIds,
        numberRatingsRequired: fap.numberRatingsRequired,
        questionaryId: null,
        conflicts,
        overrideReason: pair.overrideReason ?? null,
      });
    }
    return commands;
  }

  private async assignReviewers(
    fapId: number,
    pairs: readonly { proposalPk: number; userId: number; overrideReason?: string | null }[],
  ): Promise<ReviewModel[]> {
    const commands = await this.reviewerCommands(fapId, pairs);
    const templates = new Map<number, number | null>();
    const proposals = new Map(
      (await this.existingProposals(commands.map((c) => c.proposalPk))).map((p) => [p.primaryKey, p]),
    );
    const adding = commands.filter((c) => c.type === 'AddReviewer');
    // every id and questionary of the batch drawn at once; the questionaries are decided here and appended with the
    // reviews (one transaction, every rule checked per item): only those of the reviews the decision adds, none
    // when it refuses an item
    const reviewIds = await this.ids.nextMany(REVIEW_IDS.sequence, adding.length, REVIEW_IDS.floor);
    for (const proposal of proposals.values())
      if (!templates.has(proposal.callId))
        templates.set(
          proposal.callId,
          (await this.proposals.callOf(proposal.callId)).fapReviewTemplateId ?? null,
        );
    const templateOf = (c: FapProposalCommand) => templates.get(proposals.get(c.proposalPk)!.callId) ?? null;
    const questionaryIds = new Map<number, number[]>();
    const prepared: PreparedQuestionaries[] = [];
    for (const templateId of new Set(adding.map(templateOf)))
      if (templateId) {
        const ready = await this.questionaries.prepareMany(
          templateId,
          adding.filter((c) => templateOf(c) === templateId).length,
          null,
        );
        prepared.push(ready);
        questionaryIds.set(templateId, [...ready.ids]);
      }
    adding.forEach((c, i) => {
      if (c.type !== 'AddReviewer') return;
      c.reviewId = reviewIds[i];
      const templateId = templateOf(c);
      if (templateId) c.questionaryId = questionaryIds.get(templateId)!.shift()!;
    });
    await this.commands.execute(
      new ExecuteFapProposalCommand(commands, {
        alongside: (decided) => {
          const used = decided.flatMap((a) =>
            a.events.flatMap((e) =>
              e.type === FAP_REVIEWER_ASSIGNED ? [(e.data as FapReviewerAssignedData).questionaryId] : [],
            ),
          );
          return prepared.flatMap((ready) => ready.appendsOf(used));
        },
      }),
    );
    const reviews = await this.repository.reviews({ fapId, proposalPks: pairs.map((p) => p.proposalPk) });
    const wanted = new Set(pairs.map((p) => `${p.proposalPk}:${p.userId}`));
    return reviews.filter((r) => wanted.has(`${r.proposalPk}:${r.userID}`));
  }

  async addUserForReview(
    session: SessionUser | null,
    userId: number,
    proposalPk: number,
    fapId: number,
    overrideReason: string | null,
  ): Promise<ReviewModel> {
    await this.assertStaffOf(session, fapId);
    const [review] = await this.assignReviewers(fapId, [{ proposalPk, userId, overrideReason }]);
    if (!review) throw notFound(M.reviewNotFound);
    return review;
  }

  async removeUserForReview(session: SessionUser | null, reviewId: number, fapId: number): Promise<void> {
    await this.assertStaffOf(session, fapId);
    const review = await this.repository.review(reviewId);
    if (!review || review.fapID !== fapId) throw notFound(M.reviewNotFound);
    await this.commands.execute(
      new ExecuteFapProposalCommand({ type: 'RemoveReviewer', proposalPk: review.proposalPk, reviewId }),
    );
  }

  private async autoAssignInput(fapId: number, callId: number) {
    // the reads do not depend on each other: one round trip's wait, not five (a preview after a restart opens
    // its pool's connections and plans every query once, so each wait there is long)
    const [fap, onPanel, panelMembers, reviews] = await Promise.all([
      this.existingFap(fapId),
      this.repository.fapProposals({ fapId, callId }),
      this.repository.members([fapId]),
      this.repository.reviews({ fapId }),
    ]);
    const pks = [...new Set(onPanel.map((p) => p.proposalPk))];
    const proposals = await this.existingProposals(pks);
    const members = [
      ...new Set(panelMembers.filter((m) => m.role === Role.FAP_REVIEWER).map((m) => m.userId)),
    ];
    // the reviewers each proposal of the call has, and each member's reviews of the panel's other proposals
    const inCall = new Set(pks);
    const assigned = new Map<number, number[]>(pks.map((pk) => [pk, []]));
    const existingLoad = new Map<number, number>();
    for (const r of reviews) {
      if (inCall.has(r.proposalPk)) assigned.get(r.proposalPk)!.push(r.userID);
      else existingLoad.set(r.userID, (existingLoad.get(r.userID) ?? 0) + 1);
    }
    const check = await this.conflictChecker(proposals, members);
    return {
      fap,
      proposals,
      members,
      check,
      input: {
        proposals: pks.map((pk) => ({
          proposalPk: pk,
          required: fap.numberRatingsRequired,
          assigned: assigned.get(pk)!,
        })),
        members: members.map((userId) => ({ userId, existingLoad: existingLoad.get(userId) ?? 0 })),
        conflicts: check,
      },
    };
  }

  async previewAutomaticAssignment(
    fapId: number,
    callId: number,
    maxLoad: number | null,
  ): Promise<AutomaticAssignmentPreviewModel> {
    const { input } = await this.autoAssignInput(fapId, callId);
    const result = autoAssign({ ...input, ...(maxLoad != null && { maxLoad }) });
    return {
      pairs: result.assignments.map((a) => ({ ...a })),
      unfilled: result.unfilled.map((u) => ({ ...u })),
      loads: [...result.loads].map(([userId, load]) => ({ userId, load })),
      skippedForConflict: result.skippedForConflict.map((s) => ({ ...s, reasons: [...s.reasons] })),
      maxLoad: result.maxLoad,
    };
  }

  async applyAutomaticAssignment(
    fapId: number,
    callId: number,
    pairs: readonly { proposalPk: number; userId: number; overrideReason?: string | null }[],
  ): Promise<ReviewModel[]> {
    const onPanel = new Set((await this.repository.fapProposals({ fapId, callId })).map((o) => o.proposalPk));
    for (const p of pairs)
      if (!onPanel.has(p.proposalPk)) throw badInput(M.proposalNotOnFap(p.proposalPk, fapId));
    if (pairs.length === 0) return [];
    return this.assignReviewers(fapId, pairs);
  }

  // ---- reviews ----

  private async gradePrecision(): Promise<number> {
    const value = Number((await this.settings.setting(SettingsId.GRADE_PRECISION)).settingsValue);
    return Number.isFinite(value) && value > 0 ? value : 1;
  }

  async updateReview(
    session: SessionUser | null,
    input: {
      reviewID: number;
      grade?: number | null;
      comment?: string | null;
      status?: ReviewStatus | null;
      fapID: number;
      questionaryID?: number | null;
    },
  ): Promise<ReviewModel> {
    const current = await this.repository.review(input.reviewID);
    const valid = await validateInput(updateReviewSchema(await this.gradePrecision()), {
      ...input,
      comment: cleanComment(input.comment),
      // no status: the review keeps its own
      status: input.status ?? current?.status ?? ReviewStatus.DRAFT,
    });
    const review = current;
    if (!review || review.fapID !== valid.fapID) throw notFound(M.reviewNotFound);
    await this.saveReview(await this.actor(session), review, valid, valid.questionaryID ?? null);
    return (await this.repository.review(review.id))!;
  }

  private async saveReview(
    actor: FapActor,
    review: ReviewModel,
    valid: { grade?: number | null; comment?: string | null; status: ReviewStatus },
    questionaryId: number | null,
  ): Promise<void> {
    await this.commands.execute(
      new ExecuteFapProposalCommand({
        type: 'SaveReview',
        proposalPk: review.proposalPk,
        reviewId: review.id,
        actor,
        grade: valid.grade ?? null,
        comment: valid.comment ?? null,
        status: valid.status,
        questionaryId,
      }),
    );
  }

  /** The review's FAP_REVIEW_BASIS answer (the module's reaction): updateReview's checks, for the answerer. */
  async saveReviewAs(
    actor: FapActor,
    review: ReviewModel,
    grade: number | null,
    comment: string | null,
    status: ReviewStatus,
  ): Promise<void> {
    const valid = await validateInput(reviewGradeSchema(await this.gradePrecision()), {
      grade,
      comment: cleanComment(comment),
    });
    await this.saveReview(actor, review, { ...valid, status }, review.questionaryID);
  }

  async submitProposalsReview(
    session: SessionUser | null,
    items: readonly { proposalPk: number; reviewId: number }[],
  ): Promise<void> {
    const actor = await this.actor(session);
    const incomplete: number[] = [];
    // every review in one read (a bulk action's items are not loaded one by one)
    const reviews =
      items.length === 0
        ? new Map<number, ReviewModel>()
        : new Map(
            (await this.repository.reviews({ reviewIds: items.map((i) => i.reviewId) })).map((r) => [
              r.id,
              r,
            ]),
          );
    for (const item of items) {
      const review = reviews.get(item.reviewId);
      if (!review || review.proposalPk !== item.proposalPk) throw notFound(M.reviewNotFound);
      if (review.grade === null || !review.comment?.trim()) incomplete.push(review.id);
    }
    if (incomplete.length > 0) throw badInput(M.incompleteReviews(incomplete));
    await this.commands.execute(
      new ExecuteFapProposalCommand(
        items.map((i) => ({ type: 'SubmitReview', proposalPk: i.proposalPk, reviewId: i.reviewId, actor })),
      ),
    );
  }

  async saveReviewerRank(
    session: SessionUser | null,
    proposalPk: number,
    reviewId: number,
    rank: number | null,
  ) {
    const valid = await validateInput(reviewerRankSchema, { rank });
    const review = await this.repository.review(reviewId);
    if (!review || review.proposalPk !== proposalPk) throw notFound(M.reviewNotFound);
    await this.assertStaffOf(session, review.fapID);
    await this.commands.execute(
      new ExecuteFapProposalCommand({
        type: 'SaveReviewerRank',
        proposalPk,
        reviewId,
        rank: valid.rank ?? null,
      }),
    );
  }

  /** Who sees which reviews: officers all; chairs/secretaries their panels'; reviewers their own (all: their proposals'). */
  async visibleReviews(
    session: SessionUser | null,
    query: Parameters<FapsRepository['reviews']>[0],
  ): Promise<ReviewModel[]> {
    if (isOfficer(session)) return this.repository.reviews(query);
    // within their role's reviews, only those of proposals the caller may read (the one rule, ProposalReaders)
    return this.readers.filter(session, await this.roleReviews(session, query), (r) => r.proposalPk);
  }

  private async roleReviews(
    session: SessionUser | null,
    query: Parameters<FapsRepository['reviews']>[0],
  ): Promise<ReviewModel[]> {
    const s = session!;
    if (CHAIR_ROLES.includes(s.currentRole)) {
      const fapIds = await this.repository.fapIdsOfMember(s.id, [s.currentRole]);
      return this.repository.reviews({ ...query, fapIds });
    }
    if (s.currentRole === Role.FAP_REVIEWER) {
      const mine = await this.repository.reviews({ userId: s.id });
      const reviews = await this.repository.reviews({
        ...query,
        proposalPks: [...new Set(mine.map((r) => r.proposalPk))],
      });
      return reviews.filter((r) => mine.some((m) => m.proposalPk === r.proposalPk && m.fapID === r.fapID));
    }
    return [];
  }

  async getReview(session: SessionUser | null, reviewId: number): Promise<ReviewModel> {
    const review = await this.repository.review(reviewId);
    // missing or not visible: refused like a proposal the caller may not read (officers: "Review not found")
    if (!review) {
      if (isOfficer(session)) throw notFound(M.reviewNotFound);
      this.readers.missing(session);
      throw notFound(M.reviewNotFound);
    }
    const visible = await this.visibleReviews(session, { proposalPk: review.proposalPk });
    if (!visible.some((r) => r.id === reviewId)) this.readers.missing(session);
    return review;
  }

  async userWithReviews(
    session: SessionUser | null,
    args: {
      userId?: number | null;
      callId?: number | null;
      instrumentId?: number | null;
      status?: ReviewStatus | null;
      all?: boolean;
    },
  ): Promise<UserWithReviewsModel | null> {
    const userId = args.userId ?? session?.id;
    if (userId == null) throw badInput('userId is required');
    if (userId !== session?.id && !isOfficer(session)) throw forbidden();
    const user = await this.users.byId(userId);
    if (!user) return null;
    const query = { callId: args.callId, instrumentId: args.instrumentId, status: args.status };
    let reviews: ReviewModel[];
    if (args.all) {
      const fapIds = await this.repository.fapIdsOfMember(userId);
      reviews = await this.repository.reviews({ ...query, fapIds });
    } else reviews = await this.repository.reviews({ ...query, userId });
    // only the reviews of proposals the caller may read (the one rule)
    reviews = await this.readers.filter(session, reviews, (r) => r.proposalPk);
    return {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      reviews: await this.rows(reviews),
    };
  }

  private async rows(reviews: readonly ReviewModel[]): Promise<ReviewRowModel[]> {
    const proposals = await this.proposalsRepository.proposals([
      ...new Set(reviews.map((r) => r.proposalPk)),
    ]);
    const callIds = [...new Set(proposals.map((p) => p.callId))];
    const calls = new Map<number, string | null>();
    for (const id of callIds)
      calls.set(id, (await this.proposals.callOf(id).catch(() => null))?.shortCode ?? null);
    const instrumentIds = await this.technicalReviews.instrumentIdsOf(proposals.map((p) => p.primaryKey));
    const instruments = new Map(
      (await this.instruments.byIds([...new Set([...instrumentIds.values()].flat())])).map((i) => [
        i.id,
        i.shortCode,
      ]),
    );
    return reviews
      .filter((r) => proposals.some((p) => p.primaryKey === r.proposalPk))
      .map((r) => {
        const p = proposals.find((x) => x.primaryKey === r.proposalPk)!;
        return {
          id: r.id,
          proposalPk: r.proposalPk,
          proposal: {
            primaryKey: p.primaryKey,
            proposalId: p.proposalId,
            title: p.title,
            callId: p.callId,
            callShortCode: calls.get(p.callId) ?? null,
            instrumentShortCodes: (instrumentIds.get(p.primaryKey) ?? []).map(
              (id) => instruments.get(id) ?? String(id),
            ),
          },
          grade: r.grade,
          comment: r.comment,
          status: r.status,
          userID: r.userID,
          fapID: r.fapID,
          questionaryID: r.questionaryID,
        };
      });
  }

  // ---- the panel's proposals, grades and ranking ----

  async updateFapTimeAllocation(
    session: SessionUser | null,
    fapId: number,
    proposalPk: number,
    fapTimeAllocation: number | null,
  ): Promise<FapProposalModel> {
    await this.assertStaffOf(session, fapId);
    const valid = await validateInput(fapTimeAllocationSchema, { fapTimeAllocation });
    await this.proposals.existing(proposalPk);
    await this.commands.execute(
      new ExecuteFapProposalCommand({
        type: 'UpdateTimeAllocation',
        proposalPk,
        fapId,
        fapTimeAllocation: valid.fapTimeAllocation ?? null,
      }),
    );
    const [row] = await this.fapProposals(fapId, { proposalPks: [proposalPk] });
    if (!row) throw badInput(M.proposalNotOnFap(proposalPk, fapId));
    return row;
  }

  /**
   * The panel's proposals with their reviews, grades (submitted only), calibrated score, meeting decision and,
   * per (call, instrument), the ranking and cut line of `rankWithCutLine`.
   */
  async fapProposals(
    fapId: number,
    q: { callId?: number | null; instrumentId?: number | null; proposalPks?: readonly number[] } = {},
  ): Promise<FapProposalModel[]> {
    await this.existingFap(fapId);
    const all = await this.repository.fapProposals({ fapId, callId: q.callId, instrumentId: q.instrumentId });
    const pks = [...new Set(all.map((r) => r.proposalPk))];
    const reviews = await this.repository.reviews({ fapId });
    const submitted = reviews.filter((r) => r.status === ReviewStatus.SUBMITTED && r.grade !== null);
    const calibration = calibratedScores(
      submitted.map((r) => ({ proposalPk: r.proposalPk, reviewerId: r.userID, grade: r.grade! })),
    );
    const calibrated = new Map(calibration.scores.map((s) => [s.proposalPk, s.calibrated]));
    const decisions = await this.repository.decisions(pks);
    const technical = await this.technicalReviews.byProposals(pks);
    const users = new Map(
      (await this.users.byIds([...new Set(reviews.map((r) => r.userID))])).map((u) => [u.id, u]),
    );
    const models = all.map((r): FapProposalModel =>
      this.toFapProposal(r, reviews, calibrated, decisions, technical, users),
    );
    // the ranking per (call, instrument): one cut-line calculation
    const groups = new Map<string, FapProposalModel[]>();
    for (const m of models) {
      const key = `${m.callId}:${m.instrumentId ?? 0}`;
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    for (const [key, rows] of groups) {
      const [callId, instrumentId] = key.split(':').map(Number);
      const submittedSet = await this.repository.submittedInstruments(fapId, callId);
      const availability =
        (await this.instruments.ofCall(callId)).find((i) => i.instrumentId === instrumentId)
          ?.availabilityTime ?? null;
      const ranked = rankWithCutLine(
        rows.map((m) => ({
          proposalPk: m.proposalPk,
          rankOrder: m.meetingDecision?.rankOrder ?? null,
          averageGrade: m.averageGrade,
          allocatedTime: m.fapTimeAllocation ?? m.technicalReviewTime,
        })),
        availability,
      );
      for (const r of ranked) {
        const m = rows.find((x) => x.proposalPk === r.proposalPk)!;
        m.rank = r.rank;
        m.cumulativeTime = r.cumulativeTime;
        m.inAvailabilityZone = r.inAvailabilityZone;
        m.instrumentSubmitted = submittedSet.has(instrumentId);
      }
    }
    const order = (m: FapProposalModel) => [m.callId, m.instrumentId ?? 0, m.rank ?? 0];
    const sorted = models.sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    return q.proposalPks ? sorted.filter((m) => q.proposalPks!.includes(m.proposalPk)) : sorted;
  }

  private toFapProposal(
    r: FapProposalRecord,
    reviews: readonly ReviewModel[],
    calibrated: ReadonlyMap<number, number>,
    decisions: readonly FapMeetingDecisionModel[],
    technical: readonly { proposalPk: number; instrumentId: number; timeAllocation: number | null }[],
    users: ReadonlyMap<number, UserRecord>,
  ): FapProposalModel {
    const own = reviews.filter((x) => x.proposalPk === r.proposalPk && x.fapID === r.fapId);
    const grades = own
      .filter((x) => x.status === ReviewStatus.SUBMITTED && x.grade !== null)
      .map((x) => x.grade!);
    const decision =
      decisions.find(
        (d) =>
          d.proposalPk === r.proposalPk && d.instrumentId === (r.instrumentId ?? 0) && d.fapId === r.fapId,
      ) ?? null;
    const tech = technical.find((t) => t.proposalPk === r.proposalPk && t.instrumentId === r.instrumentId);
    return {
      proposalPk: r.proposalPk,
      fapId: r.fapId,
      callId: r.callId,
      instrumentId: r.instrumentId,
      fapTimeAllocation: r.fapTimeAllocation,
      instrumentSubmitted: false,
      dateAssigned: r.dateAssigned,
      assignments: own.map((x) => ({
        reviewId: x.id,
        proposalPk: x.proposalPk,
        fapId: x.fapID,
        fapMemberUserId: x.userID,
        rank: x.rank,
        dateAssigned: x.dateAssigned,
        conflicts: x.conflicts,
        overrideReason: x.overrideReason,
        review: x,
        user: users.has(x.userID) ? basicUserDetails(users.get(x.userID)!, false) : null,
      })),
      averageGrade: mean(grades),
      gradeSpread: grades.length === 0 ? null : Math.max(...grades) - Math.min(...grades),
      calibratedScore: grades.length === 0 ? null : (calibrated.get(r.proposalPk) ?? null),
      reviewCount: grades.length,
      technicalReviewTime: tech?.timeAllocation ?? null,
      rank: null,
      cumulativeTime: null,
      inAvailabilityZone: null,
      meetingDecision: decision,
    };
  }

  // ---- meeting decisions ----

  async saveFapMeetingDecision(
    session: SessionUser | null,
    input: Record<string, unknown>,
  ): Promise<FapMeetingDecisionModel> {
    const valid = await validateInput(fapMeetingDecisionSchema, input);
    await this.proposals.existing(valid.proposalPk);
    const clean = (s: string | null | undefined) => (s == null ? null : sanitizeRichText(s));
    await this.commands.execute(
      new ExecuteFapProposalCommand({
        type: 'SaveDecision',
        proposalPk: valid.proposalPk,
        instrumentId: valid.instrumentId,
        actor: await this.actor(session),
        values: {
          recommendation: valid.recommendation ?? null,
          commentForUser: clean(valid.commentForUser),
          commentForManagement: clean(valid.commentForManagement),
          rankOrder: valid.rankOrder ?? null,
          submitted: valid.submitted ?? false,
        },
      }),
    );
    const decision = (await this.repository.decisions([valid.proposalPk])).find(
      (d) => d.instrumentId === valid.instrumentId,
    );
    if (!decision) throw notFound(M.proposalNotOnInstrument(valid.proposalPk, valid.instrumentId));
    return decision;
  }

  async reorderFapMeetingDecisionProposals(
    proposals: readonly { proposalPk: number; instrumentId: number; rankOrder?: number | null }[],
  ): Promise<void> {
    await this.existingProposals(proposals.map((p) => p.proposalPk));
    for (const p of proposals) if (p.rankOrder != null && p.rankOrder < 1) throw badInput(M.rankMin);
    await this.commands.execute(
      new ExecuteFapProposalCommand(
        proposals.map((p) => ({
          type: 'ReorderDecision',
          proposalPk: p.proposalPk,
          instrumentId: p.instrumentId,
          rankOrder: p.rankOrder ?? null,
        })),
      ),
    );
  }

  async submitFapMeetingDecisions(
    session: SessionUser | null,
    fapId: number,
    callId: number | null,
    instrumentId: number | null,
  ): Promise<{ submitted: FapMeetingDecisionModel[]; incomplete: FapProposalModel[] }> {
    await this.assertStaffOf(session, fapId);
    const actor = await this.actor(session);
    const rows = (await this.fapProposals(fapId, { callId, instrumentId })).filter(
      (r) => r.instrumentId !== null,
    );
    const complete = rows.filter((r) => isDecisionComplete(r.meetingDecision ?? undefined));
    const toSubmit = complete.filter((r) => !r.meetingDecision!.submitted);
    if (toSubmit.length > 0)
      await this.commands.execute(
        new ExecuteFapProposalCommand(
          toSubmit.map((r) => ({
            type: 'SubmitDecision',
            proposalPk: r.proposalPk,
            instrumentId: r.instrumentId!,
            actor,
          })),
        ),
      );
    const decisions = await this.repository.decisions(complete.map((r) => r.proposalPk));
    return {
      submitted: decisions.filter(
        (d) =>
          d.fapId === fapId &&
          complete.some((r) => r.proposalPk === d.proposalPk && r.instrumentId === d.instrumentId),
      ),
      incomplete: rows.filter((r) => !isDecisionComplete(r.meetingDecision ?? undefined)),
    };
  }

  async decisionHistory(proposalPk: number, instrumentId: number) {
    const history = await this.repository.decisionHistory(proposalPk, instrumentId);
    const names = await this.users.displayNames([
      ...new Set(history.map((h) => h.by).filter((x): x is number => x !== null)),
    ]);
    return history.map((h) => ({ ...h, byName: h.by === null ? null : (names.get(h.by) ?? null) }));
  }
}
