import {
  FAP_CREATED,
  FAP_DELETED,
  FAP_INSTRUMENT_SUBMITTED,
  FAP_MEMBER_ASSIGNED,
  FAP_MEMBER_REMOVED,
  FAP_UPDATED,
  fapCreatedEvent,
  fapDeletedEvent,
  fapInstrumentSubmittedEvent,
  fapMemberAssignedEvent,
  fapMemberRemovedEvent,
  fapMessages,
  fapUpdatedEvent,
  type FapDetails,
  type FapEvent,
  type FapMemberRole,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, conflict, notFound } from '../../../platform/errors/app-error';

const M = fapMessages;

/** One panel, folded from `fap-<fapId>`. */
export interface FapState {
  fap: FapDetails | null;
  deleted: boolean;
  members: readonly { userId: number; role: FapMemberRole }[];
  /** `${callId}:${instrumentId}` of the instruments whose availability is submitted */
  submitted: readonly string[];
}

export const initialFapState: FapState = { fap: null, deleted: false, members: [], submitted: [] };

const key = (callId: number, instrumentId: number) => `${callId}:${instrumentId}`;

export function evolveFap(state: FapState, event: { type: string; data: unknown }): FapState {
  const e = event as FapEvent;
  switch (e.type) {
    case FAP_CREATED:
    case FAP_UPDATED:
      return { ...state, fap: e.data };
    case FAP_DELETED:
      return { ...state, deleted: true };
    case FAP_MEMBER_ASSIGNED:
      return { ...state, members: [...state.members, { userId: e.data.userId, role: e.data.role }] };
    case FAP_MEMBER_REMOVED:
      return {
        ...state,
        members: state.members.filter((m) => !(m.userId === e.data.userId && m.role === e.data.role)),
      };
    case FAP_INSTRUMENT_SUBMITTED: {
      const k = key(e.data.callId, e.data.instrumentId);
      const rest = state.submitted.filter((s) => s !== k);
      return { ...state, submitted: e.data.submitted ? [...rest, k] : rest };
    }
    default:
      return state;
  }
}

type Details = Omit<FapDetails, 'id'>;

/**
 * The commands on one panel. From elsewhere: `namesakes` (live panels with the same code, from the read model),
 * whether the users exist.
 */
export type FapCommand =
  | ({ type: 'CreateFap'; id: number; namesakes: readonly number[] } & Details)
  | ({ type: 'UpdateFap'; id: number; namesakes: readonly number[] } & Details)
  | { type: 'DeleteFap'; id: number }
  | {
      type: 'AssignMembers';
      id: number;
      role: FapMemberRole;
      userIds: readonly number[];
      unknownUserIds: readonly number[];
    }
  | { type: 'RemoveMember'; id: number; role: FapMemberRole; userId: number }
  | { type: 'SubmitInstrument'; id: number; callId: number; instrumentId: number; submitted: boolean };

function live(state: FapState): FapDetails {
  if (!state.fap || state.deleted) throw notFound(M.notFound);
  return state.fap;
}

function details(c: Details & { id: number }): FapDetails {
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    numberRatingsRequired: c.numberRatingsRequired,
    gradeGuide: c.gradeGuide,
    customGradeGuide: c.customGradeGuide,
    active: c.active,
    files: c.files,
  };
}

export function decideFap(command: FapCommand, state: FapState): NewEvent[] {
  switch (command.type) {
    case 'CreateFap': {
      if (state.fap) throw conflict(`FAP ${command.id} already exists`);
      if (command.namesakes.some((id) => id !== command.id))
        throw badInput(M.codeTaken(command.code), { code: M.codeTaken(command.code) });
      return [fapCreatedEvent.create(details(command))];
    }
    case 'UpdateFap': {
      const current = live(state);
      if (command.namesakes.some((id) => id !== command.id))
        throw badInput(M.codeTaken(command.code), { code: M.codeTaken(command.code) });
      const next = details(command);
      if ((Object.keys(next) as (keyof FapDetails)[]).every((k) => next[k] === current[k])) return [];
      return [fapUpdatedEvent.create(next)];
    }
    case 'DeleteFap':
      return [fapDeletedEvent.create({ id: live(state).id })];
    case 'AssignMembers': {
      live(state);
      if (command.unknownUserIds.length > 0) throw notFound(M.userNotFound(command.unknownUserIds[0]));
      return [...new Set(command.userIds)]
        .filter((userId) => !state.members.some((m) => m.userId === userId && m.role === command.role))
        .map((userId) => fapMemberAssignedEvent.create({ fapId: command.id, userId, role: command.role }));
    }
    case 'RemoveMember': {
      live(state);
      if (!state.members.some((m) => m.userId === command.userId && m.role === command.role)) return [];
      return [
        fapMemberRemovedEvent.create({ fapId: command.id, userId: command.userId, role: command.role }),
      ];
    }
    case 'SubmitInstrument': {
      live(state);
      const isSubmitted = state.submitted.includes(key(command.callId, command.instrumentId));
      if (isSubmitted === command.submitted) return [];
      return [
        fapInstrumentSubmittedEvent.create({
          fapId: command.id,
          callId: command.callId,
          instrumentId: command.instrumentId,
          submitted: command.submitted,
        }),
      ];
    }
  }
}

export const fapDecider: Decider<FapState, FapCommand> = {
  initialState: initialFapState,
  evolve: evolveFap,
  decide: decideFap,
};
