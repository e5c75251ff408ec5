import {
  VISIT_CREATED,
  VISIT_DELETED,
  VISIT_REGISTRATION_APPROVED,
  VISIT_REGISTRATION_CANCELLED,
  VISIT_REGISTRATION_CHANGES_REQUESTED,
  VISIT_REGISTRATION_QUESTIONARY_CREATED,
  VISIT_REGISTRATION_SUBMITTED,
  VISIT_REGISTRATION_UPDATED,
  VISIT_UPDATED,
  visitCreatedEvent,
  visitDeletedEvent,
  visitMessages,
  visitRegistrationApprovedEvent,
  visitRegistrationCancelledEvent,
  visitRegistrationChangesRequestedEvent,
  visitRegistrationQuestionaryCreatedEvent,
  VisitRegistrationStatus,
  visitRegistrationSubmittedEvent,
  visitRegistrationUpdatedEvent,
  visitRuleMessages,
  visitUpdatedEvent,
  type VisitEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = visitRuleMessages;
const S = VisitRegistrationStatus;

export interface RegistrationState {
  userId: number;
  status: VisitRegistrationStatus;
  registrationQuestionaryId: number | null;
  startsAt: string | null;
  endsAt: string | null;
}

/** The visit of one experiment and its registrations, folded from `visit-<experimentPk>`. */
export interface VisitState {
  visit: {
    visitId: number;
    experimentPk: number;
    proposalPk: number;
    team: readonly number[];
    teamLeadUserId: number;
  } | null;
  registrations: ReadonlyMap<number, RegistrationState>;
}

export const initialVisitState: VisitState = { visit: null, registrations: new Map() };

const drafted = (userId: number): RegistrationState => ({
  userId,
  status: S.DRAFTED,
  registrationQuestionaryId: null,
  startsAt: null,
  endsAt: null,
});

function withRegistration(state: VisitState, userId: number, change: Partial<RegistrationState>): VisitState {
  const current = state.registrations.get(userId);
  if (!current) return state;
  const registrations = new Map(state.registrations);
  registrations.set(userId, { ...current, ...change });
  return { ...state, registrations };
}

export function evolveVisit(state: VisitState, event: { type: string; data: unknown }): VisitState {
  const e = event as VisitEvent;
  switch (e.type) {
    case VISIT_CREATED: {
      const { visitId, experimentPk, proposalPk, team, teamLeadUserId } = e.data;
      return {
        visit: { visitId, experimentPk, proposalPk, team, teamLeadUserId },
        registrations: new Map(team.map((userId) => [userId, drafted(userId)])),
      };
    }
    case VISIT_UPDATED: {
      if (!state.visit) return state;
      const registrations = new Map<number, RegistrationState>();
      for (const userId of e.data.team)
        registrations.set(userId, state.registrations.get(userId) ?? drafted(userId));
      return {
        visit: { ...state.visit, team: e.data.team, teamLeadUserId: e.data.teamLeadUserId },
        registrations,
      };
    }
    case VISIT_DELETED:
      return initialVisitState;
    case VISIT_REGISTRATION_QUESTIONARY_CREATED:
      return withRegistration(state, e.data.userId, {
        registrationQuestionaryId: e.data.registrationQuestionaryId,
      });
    case VISIT_REGISTRATION_UPDATED:
      return withRegistration(state, e.data.userId, { startsAt: e.data.startsAt, endsAt: e.data.endsAt });
    case VISIT_REGISTRATION_SUBMITTED:
      return withRegistration(state, e.data.userId, { status: S.SUBMITTED });
    case VISIT_REGISTRATION_APPROVED:
      return withRegistration(state, e.data.userId, { status: S.APPROVED });
    case VISIT_REGISTRATION_CHANGES_REQUESTED:
      return withRegistration(state, e.data.userId, { status: S.CHANGE_REQUESTED });
    case VISIT_REGISTRATION_CANCELLED:
      return withRegistration(state, e.data.userId, {
        status: e.data.byFacility ? S.CANCELLED_BY_FACILITY : S.CANCELLED_BY_USER,
      });
    default:
      return state;
  }
}

/** Who acts on a visit, as the rules need it. */
export interface VisitActor {
  /** null: an API access token acting as the user office */
  id: number | null;
  isOfficer: boolean;
  /** the PI or a co-proposer of the experiment's proposal (USER role) */
  isMember: boolean;
}

interface TeamCommand {
  visitId: number;
  actor: VisitActor;
  team: readonly number[];
  teamLeadUserId: number;
  /** team members that are not users */
  unknownUsers: readonly number[];
}

export type VisitCommand =
  | (TeamCommand & {
      type: 'CreateVisit';
      experimentPk: number;
      proposalPk: number;
      /** the proposal is ACCEPTED and its management decision submitted */
      proposalReady: boolean;
    })
  | (TeamCommand & { type: 'UpdateVisit' })
  | { type: 'DeleteVisit'; visitId: number; actor: VisitActor }
  | {
      type: 'CreateVisitRegistration';
      visitId: number;
      actor: VisitActor;
      userId: number;
      /** the questionary of the active visit registration template (null: none is active) */
      registrationQuestionaryId: number | null;
    }
  | { type: 'UpdateVisitRegistration'; visitId: number; actor: VisitActor; startsAt: string; endsAt: string }
  | {
      type: 'SubmitVisitRegistration';
      visitId: number;
      actor: VisitActor;
      /** the registration questionary is complete (the questionaries module's check) */
      questionaryComplete: boolean;
    }
  | {
      type: 'ReviewVisitRegistrations';
      visitId: number;
      actor: VisitActor;
      userIds: readonly number[];
      decision: 'APPROVE' | 'REQUEST_CHANGES';
    }
  | { type: 'CancelVisitRegistration'; visitId: number; actor: VisitActor; userId: number };

function existing(state: VisitState, visitId: number): NonNullable<VisitState['visit']> {
  if (!state.visit || state.visit.visitId !== visitId) throw notFound(M.visitNotFound);
  return state.visit;
}

function checkTeam(command: TeamCommand): void {
  if (command.team.length === 0) throw badInput(visitMessages.visitorsRequired);
  if (!command.team.includes(command.teamLeadUserId)) throw badInput(visitMessages.teamLeadMustBeVisitor);
  if (command.unknownUsers.length > 0) throw badInput(M.userNotAvailable);
}

/** The caller's own registration, while they may still change it (DRAFTED or CHANGE_REQUESTED). */
function ownEditable(state: VisitState, visitId: number, actor: VisitActor): RegistrationState {
  existing(state, visitId);
  const registration = actor.id === null ? undefined : state.registrations.get(actor.id);
  if (!registration) throw forbidden(M.notVisitor);
  if (registration.status === S.SUBMITTED) throw badInput(M.locked);
  if (registration.status !== S.DRAFTED && registration.status !== S.CHANGE_REQUESTED)
    throw badInput(M.notEditable(registration.status));
  return registration;
}

const sameTeam = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((userId, i) => userId === b[i]);

export function decideVisit(command: VisitCommand, state: VisitState): NewEvent[] {
  switch (command.type) {
    case 'CreateVisit': {
      const { actor } = command;
      if (!actor.isMember) throw forbidden(M.onlyMembers);
      if (state.visit) throw badInput(M.exists);
      if (!command.proposalReady) throw badInput(M.notAccepted);
      checkTeam(command);
      return [
        visitCreatedEvent.create({
          visitId: command.visitId,
          experimentPk: command.experimentPk,
          proposalPk: command.proposalPk,
          team: command.team,
          teamLeadUserId: command.teamLeadUserId,
          creatorId: actor.id,
        }),
      ];
    }
    case 'UpdateVisit': {
      const visit = existing(state, command.visitId);
      if (!command.actor.isMember) throw forbidden(M.onlyMembers);
      checkTeam(command);
      if (sameTeam(visit.team, command.team) && visit.teamLeadUserId === command.teamLeadUserId) return [];
      return [
        visitUpdatedEvent.create({
          visitId: visit.visitId,
          experimentPk: visit.experimentPk,
          team: command.team,
          teamLeadUserId: command.teamLeadUserId,
        }),
      ];
    }
    case 'DeleteVisit': {
      const visit = existing(state, command.visitId);
      if (!command.actor.isMember && !command.actor.isOfficer) throw forbidden(M.onlyMembers);
      return [visitDeletedEvent.create({ visitId: visit.visitId, experimentPk: visit.experimentPk })];
    }
    case 'CreateVisitRegistration': {
      const visit = existing(state, command.visitId);
      if (command.actor.id !== command.userId) throw forbidden(M.onlyRegistrant);
      const registration = state.registrations.get(command.userId);
      if (!registration) throw forbidden(M.notVisitor);
      if (registration.registrationQuestionaryId !== null) return [];
      if (registration.status !== S.DRAFTED) throw badInput(M.notEditable(registration.status));
      if (command.registrationQuestionaryId === null) throw badInput(M.noActiveTemplate);
      return [
        visitRegistrationQuestionaryCreatedEvent.create({
          visitId: visit.visitId,
          experimentPk: visit.experimentPk,
          userId: command.userId,
          registrationQuestionaryId: command.registrationQuestionaryId,
        }),
      ];
    }
    case 'UpdateVisitRegistration': {
      const registration = ownEditable(state, command.visitId, command.actor);
      const visit = existing(state, command.visitId);
      if (registration.startsAt === command.startsAt && registration.endsAt === command.endsAt) return [];
      return [
        visitRegistrationUpdatedEvent.create({
          visitId: visit.visitId,
          experimentPk: visit.experimentPk,
          userId: registration.userId,
          startsAt: command.startsAt,
          endsAt: command.endsAt,
        }),
      ];
    }
    case 'SubmitVisitRegistration': {
      const registration = ownEditable(state, command.visitId, command.actor);
      const visit = existing(state, command.visitId);
      if (registration.registrationQuestionaryId === null) throw badInput(M.noQuestionary);
      if (registration.startsAt === null) throw badInput(visitMessages.startRequired);
      if (registration.endsAt === null) throw badInput(visitMessages.endRequired);
      if (!command.questionaryComplete) throw badInput(M.incomplete);
      return [
        visitRegistrationSubmittedEvent.create({
          visitId: visit.visitId,
          experimentPk: visit.experimentPk,
          userId: registration.userId,
        }),
      ];
    }
    case 'ReviewVisitRegistrations': {
      const visit = existing(state, command.visitId);
      if (!command.actor.isOfficer) throw forbidden();
      const target = command.decision === 'APPROVE' ? S.APPROVED : S.CHANGE_REQUESTED;
      const event =
        command.decision === 'APPROVE'
          ? visitRegistrationApprovedEvent
          : visitRegistrationChangesRequestedEvent;
      const events: NewEvent[] = [];
      for (const userId of new Set(command.userIds)) {
        const registration = state.registrations.get(userId);
        if (!registration) throw notFound(M.registrationNotFound);
        if (registration.status === target) continue; // a retry: already done
        if (registration.status !== S.SUBMITTED) throw badInput(M.notSubmitted);
        events.push(
          event.create({
            visitId: visit.visitId,
            experimentPk: visit.experimentPk,
            userId,
            reviewedBy: command.actor.id,
          }),
        );
      }
      return events;
    }
    case 'CancelVisitRegistration': {
      const visit = existing(state, command.visitId);
      const { actor } = command;
      const own = actor.id !== null && actor.id === command.userId;
      if (!own && !actor.isOfficer) throw forbidden(M.mayNotCancel);
      const registration = state.registrations.get(command.userId);
      if (!registration) throw notFound(M.registrationNotFound);
      if (![S.DRAFTED, S.SUBMITTED, S.CHANGE_REQUESTED].includes(registration.status))
        throw badInput(M.notCancellable);
      return [
        visitRegistrationCancelledEvent.create({
          visitId: visit.visitId,
          experimentPk: visit.experimentPk,
          userId: command.userId,
          byFacility: !own,
        }),
      ];
    }
  }
}

export const visitDecider: Decider<VisitState, VisitCommand> = {
  initialState: initialVisitState,
  evolve: evolveVisit,
  decide: decideVisit,
};
