import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ProposalEndStatus,
  Role,
  TemplateGroupId,
  createVisitSchema,
  updateVisitRegistrationSchema,
  updateVisitSchema,
  visitRegistrationKeysSchema,
  visitRuleMessages,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { AppError, notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ExperimentsRepository } from '../experiments';
import { ProposalsRepository, ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { TemplatesRepository } from '../templates';
import { UsersService } from '../users';
import { ExecuteVisitCommand, ExecuteVisitCommands } from './commands/execute-visit-command';
import type { VisitActor, VisitCommand } from './domain/visit.decide';
import type { VisitModel, VisitRegistrationModel } from './read-models/visits/visit.model';
import { VisitsRepository } from './read-models/visits/visits.repository';

const M = visitRuleMessages;

/** how a bulk review's refusal names the registration (GraphQL `extensions.item`) */
export const registrationLabel = (visitId: number, userId: number) =>
  `Visit ${visitId} registration of user ${userId}`;

/**
 * The visit use cases: the facts the decider needs (who the caller is to the proposal, whether it is ready, the
 * visitors exist, the active template, completeness), questionaries created only once the decider would accept,
 * then the command, then the read model.
 */
@Injectable()
export class VisitsService {
  private readonly logger = new Logger('Visits');

  constructor(
    private readonly commands: CommandBus,
    private readonly repository: VisitsRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly ids: IdSequences,
    private readonly proposals: ProposalsRepository,
    private readonly proposalsService: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly templates: TemplatesRepository,
    private readonly users: UsersService,
  ) {}

  async existing(visitId: number): Promise<VisitModel> {
    const visit = await this.repository.get(visitId);
    if (!visit) throw notFound(M.visitNotFound);
    return visit;
  }

  /** The caller as the rules see them (null session: an API token, acting as the user office). */
  async actor(session: SessionUser | null, proposalPk: number): Promise<VisitActor> {
    if (!session) return { id: null, isOfficer: true, isMember: false };
    const proposal = await this.proposals.proposal(proposalPk);
    return {
      id: session.id,
      isOfficer: session.currentRole === Role.USER_OFFICER,
      isMember:
        session.currentRole === Role.USER &&
        !!proposal &&
        this.proposalsService.isMember(proposal, session.id),
    };
  }

  /** Officers read every visit; users the visits of their proposals and those they are on. */
  async mayRead(session: SessionUser | null, visit: VisitModel): Promise<boolean> {
    const actor = await this.actor(session, visit.proposalPk);
    return actor.isOfficer || actor.isMember || (actor.id !== null && visit.team.includes(actor.id));
  }

  private async run(experimentPk: number, command: VisitCommand, dryRun = false): Promise<void> {
    await this.commands.execute(new ExecuteVisitCommand(experimentPk, command, dryRun));
  }

  private async unknownUsers(team: readonly number[]): Promise<number[]> {
    const found = new Set((await this.users.byIds(team)).map((u) => u.id));
    return team.filter((id) => !found.has(id));
  }

  /** createVisit: the PI or a co-proposer, the proposal accepted with its decision submitted (as the ESI). */
  async create(
    session: SessionUser,
    input: { experimentPk: number; team: number[]; teamLeadUserId: number | null },
  ): Promise<VisitModel> {
    const valid = await validateInput(createVisitSchema, input);
    const experiment = await this.experiments.get(valid.experimentPk);
    if (!experiment) throw notFound(M.experimentNotFound);
    const proposal = await this.proposals.proposal(experiment.proposalPk);
    const proposalReady =
      !!proposal &&
      proposal.finalStatus === ProposalEndStatus.ACCEPTED &&
      proposal.managementDecisionSubmitted;
    const command = (visitId: number): VisitCommand => ({
      type: 'CreateVisit',
      visitId,
      experimentPk: experiment.experimentPk,
      proposalPk: experiment.proposalPk,
      proposalReady,
      actor,
      team: valid.team,
      teamLeadUserId: valid.teamLeadUserId,
      unknownUsers,
    });
    const actor = await this.actor(session, experiment.proposalPk);
    const unknownUsers = await this.unknownUsers(valid.team);
    await this.run(experiment.experimentPk, command(0), true); // a refusal spends no id
    const visitId = await this.ids.next('visit_id_seq');
    await this.run(experiment.experimentPk, command(visitId));
    return this.existing(visitId);
  }

  async update(
    session: SessionUser,
    input: { visitId: number; team: number[]; teamLeadUserId: number | null },
  ): Promise<VisitModel> {
    const valid = await validateInput(updateVisitSchema, input);
    const visit = await this.existing(valid.visitId);
    await this.run(visit.experimentPk, {
      type: 'UpdateVisit',
      visitId: visit.id,
      actor: await this.actor(session, visit.proposalPk),
      team: valid.team,
      teamLeadUserId: valid.teamLeadUserId,
      unknownUsers: await this.unknownUsers(valid.team),
    });
    return this.existing(visit.id);
  }

  async delete(session: SessionUser | null, visitId: number): Promise<VisitModel> {
    const visit = await this.existing(visitId);
    await this.run(visit.experimentPk, {
      type: 'DeleteVisit',
      visitId,
      actor: await this.actor(session, visit.proposalPk),
    });
    return visit;
  }

  private async savedRegistration(visitId: number, userId: number): Promise<VisitRegistrationModel> {
    const saved = await this.repository.registration(visitId, userId);
    if (!saved) throw notFound(M.registrationNotFound);
    return saved;
  }

  /**
   * createVisitRegistration: the visitor's registration gets the questionary of the active visit registration
   * template ("There is no active visit registration template", logged, when none is); the same one again after.
   */
  async createRegistration(
    session: SessionUser,
    visitId: number,
    userId: number,
  ): Promise<VisitRegistrationModel> {
    const visit = await this.existing(visitId);
    const actor = await this.actor(session, visit.proposalPk);
    const templateId = await this.templates.activeTemplateId(TemplateGroupId.VISIT_REGISTRATION);
    const command = (registrationQuestionaryId: number | null): VisitCommand => ({
      type: 'CreateVisitRegistration',
      visitId,
      actor,
      userId,
      registrationQuestionaryId,
    });
    const current = await this.repository.registration(visitId, userId);
    if (current?.registrationQuestionaryId != null && actor.id === userId) return current;
    try {
      await this.run(visit.experimentPk, command(templateId === null ? null : 0), true);
    } catch (error) {
      if (error instanceof AppError && error.message === M.noActiveTemplate)
        this.logger.error(`${M.noActiveTemplate} (visit ${visitId}, user ${userId})`);
      throw error;
    }
    const questionaryId = await this.questionaries.create(templateId as number, session.id);
    await this.run(visit.experimentPk, command(questionaryId));
    return this.savedRegistration(visitId, userId);
  }

  /** updateVisitRegistration: the registrant's VISIT_BASIS dates, with the spec's messages. */
  async updateRegistration(
    session: SessionUser,
    input: { visitId: number; startsAt?: string | null; endsAt?: string | null },
  ): Promise<VisitRegistrationModel> {
    const valid = await validateInput(updateVisitRegistrationSchema(new Date()), input);
    const visit = await this.existing(valid.visitId);
    await this.run(visit.experimentPk, {
      type: 'UpdateVisitRegistration',
      visitId: visit.id,
      actor: await this.actor(session, visit.proposalPk),
      startsAt: new Date(valid.startsAt).toISOString(),
      endsAt: new Date(valid.endsAt).toISOString(),
    });
    return this.savedRegistration(visit.id, session.id);
  }

  async submitRegistration(session: SessionUser, visitId: number): Promise<VisitRegistrationModel> {
    const visit = await this.existing(visitId);
    const registration = await this.repository.registration(visitId, session.id);
    const questionaryId = registration?.registrationQuestionaryId ?? null;
    const questionaryComplete =
      questionaryId !== null &&
      Object.keys(await this.questionaries.submissionErrors(questionaryId)).length === 0;
    await this.run(visit.experimentPk, {
      type: 'SubmitVisitRegistration',
      visitId,
      actor: await this.actor(session, visit.proposalPk),
      questionaryComplete,
    });
    return this.savedRegistration(visitId, session.id);
  }

  /**
   * approve / request changes, one or several: one decision over every visit concerned and one append of all of
   * them (all or nothing: a refusal appends nothing and names the registration); what is already done decides
   * nothing, so a retry completes a cut-off request.
   */
  async review(
    session: SessionUser | null,
    input: { registrations: { visitId: number; userId: number }[] },
    decision: 'APPROVE' | 'REQUEST_CHANGES',
  ): Promise<VisitRegistrationModel[]> {
    const valid = await validateInput(visitRegistrationKeysSchema, input);
    const visits = new Map<number, { experimentPk: number; actor: VisitActor }>();
    for (const visitId of new Set(valid.registrations.map((r) => r.visitId))) {
      const visit = await this.repository.get(visitId);
      if (!visit) throw notFound(M.registrationNotFound);
      visits.set(visitId, {
        experimentPk: visit.experimentPk,
        actor: await this.actor(session, visit.proposalPk),
      });
    }
    await this.commands.execute(
      new ExecuteVisitCommands(
        valid.registrations.map(({ visitId, userId }) => ({
          experimentPk: visits.get(visitId)!.experimentPk,
          command: {
            type: 'ReviewVisitRegistrations',
            visitId,
            actor: visits.get(visitId)!.actor,
            userIds: [userId],
            decision,
          },
          label: registrationLabel(visitId, userId),
        })),
      ),
    );
    return Promise.all(valid.registrations.map((r) => this.savedRegistration(r.visitId, r.userId)));
  }

  async cancelRegistration(
    session: SessionUser | null,
    visitId: number,
    userId: number,
  ): Promise<VisitRegistrationModel> {
    const visit = await this.existing(visitId);
    await this.run(visit.experimentPk, {
      type: 'CancelVisitRegistration',
      visitId,
      actor: await this.actor(session, visit.proposalPk),
      userId,
    });
    return this.savedRegistration(visitId, userId);
  }

  async list(
    session: SessionUser | null,
    filter: { proposalPk?: number | null; experimentPk?: number | null },
  ): Promise<VisitModel[]> {
    if (!session || session.currentRole === Role.USER_OFFICER) return this.repository.list(filter, 'all');
    const proposalPks = (await this.proposals.ofUser(session.id)).map((p) => p.primaryKey);
    return this.repository.list(filter, { userId: session.id, proposalPks });
  }
}
