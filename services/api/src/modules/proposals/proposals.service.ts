import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  callMessages,
  cloneProposalsSchema,
  cloneTitlePrefix,
  formatReferenceNumber,
  proposalMessages,
  proposalRuleMessages,
  ProposalStatusDefaultShortCode,
  Role,
  updateProposalSchema,
  coProposerInvitesSchema,
  SETTING_DEFAULTS,
  SettingsId,
} from '@user-office/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionUser } from '../../platform/auth/session';
import { namedRefusal } from '../../platform/cqrs/event-sourcing';
import { IdSequences } from '../../platform/database/id-sequences';
import type { AppendResult } from '../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../platform/projections/projections.service';
import { badInput, forbidden, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { CallsRepository, type CallModel } from '../calls';
import { QuestionariesService } from '../questionaries';
import { SettingsRepository } from '../settings';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
import { ExecuteProposalCommand, ExecuteProposalCommands } from './commands/execute-proposal-command';
import type { Actor } from './domain/proposal.decide';
import type { ProposalModel } from './read-models/proposals/proposal.model';
import { PROPOSALS_PROJECTION } from './read-models/proposals/proposals.projection';
import { ProposalsRepository } from './read-models/proposals/proposals.repository';
import { WORKFLOW_ENGINE } from './reactions/advance-workflow-on-domain-event.reaction';
import { ProposalReaders } from './proposal-readers';

const M = proposalRuleMessages;
const PROPOSAL_IDS = { sequence: 'proposal_pk_seq', floor: { table: 'proposals', column: 'proposal_pk' } };

export const actorOf = (session: SessionUser): Actor => ({
  id: session.id,
  isOfficer: session.currentRole === Role.USER_OFFICER,
});

export const statusNotInWorkflow = (statusId: number, proposalId: string) =>
  `Status ${statusId} is not part of the workflow of proposal ${proposalId}`;

/** How long a submission waits for the workflow engine to move the proposal before it answers anyway. */
const SETTLE_WORKFLOW_MS = 3000;

/** The proposal use cases: they need calls, workflows, questionaries and users besides the proposal stream. */
@Injectable()
export class ProposalsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly repository: ProposalsRepository,
    private readonly calls: CallsRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly questionaries: QuestionariesService,
    private readonly users: UsersService,
    private readonly settings: SettingsRepository,
    private readonly projections: ProjectionsService,
    private readonly readers: ProposalReaders,
  ) {}

  async existing(proposalPk: number): Promise<ProposalModel> {
    const proposal = await this.repository.proposal(proposalPk);
    if (!proposal) throw notFound(M.notFound);
    return proposal;
  }

  /**
   * Many proposals in one read, in the order asked (duplicates dropped); NOT_FOUND when one is missing, naming it
   * (`extensions.item`) when several were asked (a bulk action's refusal names its item).
   */
  async existingMany(proposalPks: readonly number[]): Promise<ProposalModel[]> {
    const unique = [...new Set(proposalPks)];
    const byPk = new Map((await this.repository.proposals(unique)).map((p) => [p.primaryKey, p]));
    return unique.map((pk) => {
      const proposal = byPk.get(pk);
      if (!proposal)
        throw unique.length > 1 ? namedRefusal(notFound(M.notFound), `Proposal ${pk}`) : notFound(M.notFound);
      return proposal;
    });
  }

  async callOf(callId: number): Promise<CallModel> {
    const call = await this.calls.call(callId);
    if (!call) throw notFound(callMessages.notFound);
    return call;
  }

  /** The call takes proposals from this user now: open; internally open for internal users; officers always. */
  callAccepts(call: CallModel, session: SessionUser): boolean {
    return actorOf(session).isOfficer || call.isActive || (session.isInternalUser && call.isActiveInternal);
  }

  /**
   * Sets the status of proposals by hand (changeProposalsStatus, changeTechniqueProposalsStatus): the status must
   * be in each proposal's workflow (checked for every proposal before any changes); the status actions of the
   * connection into it run as when the workflow moves.
   */
  async changeStatus(proposalPks: readonly number[], statusId: number): Promise<void> {
    const unique = [...new Set(proposalPks)];
    const found = await this.repository.proposals(unique);
    const byPk = new Map(found.map((p) => [p.primaryKey, p]));
    const connectionOfCall = new Map<number, Promise<number | null>>();
    const connectionOf = (callId: number) => {
      let connection = connectionOfCall.get(callId);
      if (!connection) {
        connection = this.callOf(callId).then(
          async (call) =>
            (await this.workflows.connections(call.proposalWorkflowId)).find((c) => c.statusId === statusId)
              ?.id ?? null,
        );
        connectionOfCall.set(callId, connection);
      }
      return connection;
    };
    const items = [];
    for (const pk of unique) {
      const proposal = byPk.get(pk);
      if (!proposal) throw notFound(M.notFound);
      const connectionId = await connectionOf(proposal.callId);
      if (connectionId === null) throw badInput(statusNotInWorkflow(statusId, proposal.proposalId));
      items.push({
        proposalPk: pk,
        label: `Proposal ${proposal.proposalId}`,
        command: { type: 'ChangeStatus' as const, statusId, connectionId },
      });
    }
    // one decision over every proposal, one append (all or nothing)
    await this.commands.execute(new ExecuteProposalCommands(items));
  }

  isMember(proposal: ProposalModel, userId: number): boolean {
    return this.readers.isMember(proposal, userId);
  }

  /** §4: drafts while the call takes them; submitted ones only in an EDITABLE_SUBMITTED(_INTERNAL) status. */
  async isEditable(proposal: ProposalModel, session: SessionUser): Promise<boolean> {
    if (actorOf(session).isOfficer) return true;
    if (!proposal.submitted) return this.callAccepts(await this.callOf(proposal.callId), session);
    const status = await this.workflows.status(proposal.statusId);
    return (
      status?.shortCode === ProposalStatusDefaultShortCode.EDITABLE_SUBMITTED ||
      (session.isInternalUser &&
        status?.shortCode === ProposalStatusDefaultShortCode.EDITABLE_SUBMITTED_INTERNAL)
    );
  }

  /**
   * Who reads a proposal (getProposal, the review modal, downloads): officers, its members, and the staff a
   * registered rule names (`ProposalReaders`: the scientists of its instruments, its reviewers).
   */
  async assertMayRead(proposal: ProposalModel, session: SessionUser): Promise<void> {
    await this.readers.assertMayRead(session, proposal);
  }

  /** assertMayRead's answer, without the refusal (the one rule: `ProposalReaders`). */
  async mayRead(proposal: ProposalModel, session: SessionUser): Promise<boolean> {
    return this.readers.mayRead(session, proposal);
  }

  /** Who acts on a proposal as its proposers do (update, submit, delete, invites, clone): officers and members. */
  assertMemberOrOfficer(proposal: ProposalModel, session: SessionUser): void {
    if (actorOf(session).isOfficer || this.isMember(proposal, session.id)) return;
    throw forbidden(M.mayNotRead);
  }

  /** createProposal: the caller is PI; the call's template gives the questionary, its workflow the status. */
  async create(
    callId: number,
    session: SessionUser,
    copy?: { from: ProposalModel; title: string },
  ): Promise<number> {
    const call = await this.callOf(callId);
    if (!this.callAccepts(call, session))
      throw badInput(copy ? proposalMessages.activeCallRequired : M.callNotOpen);
    const status = await this.workflows.initialStatus(call.proposalWorkflowId);
    if (!status) throw badInput(callMessages.workflowNotFound);
    const questionaryId = await this.questionaries.create(call.templateId, session.id);
    if (copy) await this.questionaries.copyAnswers(copy.from.questionaryId, questionaryId);
    const proposalPk = await this.ids.next(PROPOSAL_IDS.sequence, PROPOSAL_IDS.floor);
    await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, {
        type: 'CreateProposal',
        proposal: {
          proposalPk,
          proposalId: String(proposalPk).padStart(6, '0'),
          callId,
          proposerId: copy ? copy.from.proposerId : session.id,
          questionaryId,
          statusId: status.id,
          title: copy ? copy.title : '',
          abstract: copy ? copy.from.abstract : '',
          userIds: copy ? copy.from.userIds : [],
          clonedFromPk: copy ? copy.from.primaryKey : null,
        },
      }),
    );
    return proposalPk;
  }

  async update(
    session: SessionUser,
    input: { proposalPk: number; title?: string; abstract?: string; users?: number[]; proposerId?: number },
  ): Promise<void> {
    const proposal = await this.existing(input.proposalPk);
    this.assertMemberOrOfficer(proposal, session);
    const valid = await validateInput(updateProposalSchema, {
      proposalPk: input.proposalPk,
      title: input.title ?? proposal.title,
      abstract: input.abstract ?? proposal.abstract,
      users: input.users ?? proposal.userIds,
      proposerId: input.proposerId ?? proposal.proposerId,
    });
    const userIds = [...new Set([valid.proposerId as number, ...valid.users])];
    const known = new Set((await this.users.byIds(userIds)).map((u) => u.id));
    const unknown = userIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw badInput(M.unknownUser(unknown), { users: M.unknownUser(unknown) });
    await this.commands.execute(
      new ExecuteProposalCommand(proposal.primaryKey, {
        type: 'UpdateProposal',
        actor: actorOf(session),
        title: valid.title,
        abstract: valid.abstract,
        proposerId: valid.proposerId as number,
        userIds: valid.users,
        editable: await this.isEditable(proposal, session),
      }),
    );
  }

  /** submitProposal: the whole questionary is re-validated here, sub-templates included. */
  async submit(session: SessionUser, proposalPk: number): Promise<void> {
    const proposal = await this.existing(proposalPk);
    this.assertMemberOrOfficer(proposal, session);
    const call = await this.callOf(proposal.callId);
    const errors = await this.questionaries.submissionErrors(proposal.questionaryId);
    const firstKey = Object.keys(errors)[0];
    const questionaryError =
      firstKey === undefined ? null : firstKey.startsWith('topic:') ? M.incomplete : errors[firstKey];
    const accepts = this.callAccepts(call, session);
    const referenceNumber =
      accepts && !proposal.submitted && questionaryError === null && call.referenceNumberFormat
        ? formatReferenceNumber(
            call.referenceNumberFormat,
            await this.ids.next(`call_${call.id}_reference_seq`),
          )
        : null;
    const submitted: AppendResult | null = await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, {
        type: 'SubmitProposal',
        actor: actorOf(session),
        callAccepts: accepts,
        questionaryError,
        referenceNumber,
        now: new Date().toISOString(),
      }),
    );
    if (submitted) await this.settleWorkflow(submitted.position);
  }

  /**
   * The workflow engine moves a submitted proposal on (an asynchronous reaction, ARCHITECTURE §4): wait briefly
   * for it and for the proposals read model, so the submission answers with the status the proposal moved to (the
   * applicant saw "Draft" on a submitted proposal). A busy or stopped projector only delays the status: the
   * submission stands either way.
   */
  private async settleWorkflow(position: number): Promise<void> {
    try {
      await this.projections.waitFor(position, [WORKFLOW_ENGINE], SETTLE_WORKFLOW_MS);
      await this.projections.waitForHead([PROPOSALS_PROJECTION], SETTLE_WORKFLOW_MS);
    } catch {
      // the status follows once the engine catches up
    }
  }

  async delete(session: SessionUser, proposalPk: number): Promise<ProposalModel> {
    const proposal = await this.existing(proposalPk);
    this.assertMemberOrOfficer(proposal, session);
    await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, { type: 'DeleteProposal', actor: actorOf(session) }),
    );
    return proposal;
  }

  /** setCoProposerInvites: the pending invitations become these e-mails (members are skipped). */
  async setInvites(session: SessionUser, proposalPk: number, emails: string[]): Promise<void> {
    const valid = await validateInput(coProposerInvitesSchema, { proposalPk, emails });
    const proposal = await this.existing(proposalPk);
    this.assertMemberOrOfficer(proposal, session);
    const members = await this.users.byIds([proposal.proposerId, ...proposal.userIds]);
    const days = await this.settingNumber(SettingsId.INVITE_VALIDITY_PERIOD_DAYS);
    const fresh = Object.fromEntries(
      valid.emails.map((email) => [
        email,
        { inviteId: randomUUID(), code: randomBytes(9).toString('base64url') },
      ]),
    );
    await this.commands.execute(
      new ExecuteProposalCommand(proposalPk, {
        type: 'SetInvites',
        actor: actorOf(session),
        editable: await this.isEditable(proposal, session),
        emails: valid.emails,
        memberEmails: members.map((m) => m.email.toLowerCase()),
        fresh,
        expiresAt: new Date(Date.now() + days * 24 * 3600 * 1000).toISOString(),
      }),
    );
  }

  /** acceptInvite / redeemCode: the caller joins the invitation's proposal as co-proposer. */
  async acceptInvite(session: SessionUser, code: string): Promise<number> {
    const invite = await this.repository.inviteByCode(code.trim());
    if (!invite) throw notFound(M.inviteNotFound);
    await this.commands.execute(
      new ExecuteProposalCommand(invite.proposalPk, {
        type: 'AcceptInvite',
        code: invite.code,
        userId: session.id,
        now: new Date().toISOString(),
      }),
    );
    return invite.proposalPk;
  }

  private async settingNumber(id: SettingsId): Promise<number> {
    const stored = (await this.settings.settings()).find((s) => s.id === id)?.settingsValue;
    const value = Number(stored || SETTING_DEFAULTS[id].value);
    return Number.isFinite(value) && value > 0 ? value : Number(SETTING_DEFAULTS[id].value);
  }

  /** cloneProposals: copies into an open call, titled "Copy of …", answers copied where the templates share questions. */
  async clone(session: SessionUser, callId: number, proposalsToClonePk: number[]): Promise<number[]> {
    const valid = await validateInput(cloneProposalsSchema, { callId, proposalsToClonePk });
    const call = await this.callOf(valid.callId as number);
    if (call.callEnded || !this.callAccepts(call, session))
      throw badInput(proposalMessages.activeCallRequired, { callId: proposalMessages.activeCallRequired });
    const sources = await this.existingMany(valid.proposalsToClonePk);
    for (const source of sources) this.assertMemberOrOfficer(source, session);
    if (sources.length === 0) return [];
    // the batched path: every questionary (with its copied answers) in one append, every proposal in another
    const status = await this.workflows.initialStatus(call.proposalWorkflowId);
    if (!status) throw badInput(callMessages.workflowNotFound);
    const questionaryIds = await this.questionaries.createCopies(
      call.templateId,
      session.id,
      sources.map((s) => s.questionaryId),
    );
    const proposalPks = await this.ids.nextMany(PROPOSAL_IDS.sequence, sources.length, PROPOSAL_IDS.floor);
    await this.commands.execute(
      new ExecuteProposalCommands(
        sources.map((source, i) => ({
          proposalPk: proposalPks[i],
          label: `Proposal ${source.proposalId}`,
          command: {
            type: 'CreateProposal' as const,
            proposal: {
              proposalPk: proposalPks[i],
              proposalId: String(proposalPks[i]).padStart(6, '0'),
              callId: call.id,
              proposerId: source.proposerId,
              questionaryId: questionaryIds[i],
              statusId: status.id,
              title: `${cloneTitlePrefix} ${source.title}`.slice(0, 175),
              abstract: source.abstract,
              userIds: source.userIds,
              clonedFromPk: source.primaryKey,
            },
          },
        })),
      ),
    );
    return proposalPks;
  }
}
