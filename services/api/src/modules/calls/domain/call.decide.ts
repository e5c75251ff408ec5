import {
  CALL_CREATED,
  CALL_DELETED,
  CALL_ENDED,
  CALL_ENDED_INTERNAL,
  CALL_FAP_REVIEW_ENDED,
  CALL_REVIEW_ENDED,
  CALL_UPDATED,
  callCreatedEvent,
  callDeletedEvent,
  callEndedEvent,
  callEndedInternalEvent,
  callFapReviewEndedEvent,
  callMessages,
  callReviewEndedEvent,
  callUpdatedEvent,
  type CallData,
  type CallEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';

/**
 * One call folded from `call-<id>`. Each milestone remembers the date it was reached for: moving the date later
 * (an officer extends the call) makes the milestone due again when the new date passes.
 */
export interface CallState {
  status: 'none' | 'active' | 'deleted';
  callId: number;
  call: CallData | null;
  endedFor: string | null;
  endedInternalFor: string | null;
  reviewEndedFor: string | null;
  fapReviewEndedFor: string | null;
}

export const initialCallState: CallState = {
  status: 'none',
  callId: 0,
  call: null,
  endedFor: null,
  endedInternalFor: null,
  reviewEndedFor: null,
  fapReviewEndedFor: null,
};

export function evolveCall(state: CallState, event: { type: string; data: unknown }): CallState {
  const e = event as CallEvent;
  switch (e.type) {
    case CALL_CREATED:
    case CALL_UPDATED: {
      const { callId, ...call } = e.data;
      // the events written before calls had panels carry no fapIds: none
      return { ...state, status: 'active', callId, call: { ...call, fapIds: call.fapIds ?? [] } };
    }
    case CALL_DELETED:
      return { ...state, status: 'deleted' };
    case CALL_ENDED:
      return { ...state, endedFor: e.data.at };
    case CALL_ENDED_INTERNAL:
      return { ...state, endedInternalFor: e.data.at };
    case CALL_REVIEW_ENDED:
      return { ...state, reviewEndedFor: e.data.at };
    case CALL_FAP_REVIEW_ENDED:
      return { ...state, fapReviewEndedFor: e.data.at };
    default:
      return state;
  }
}

export type CallCommand =
  /** `call.fapIds` absent: no panels */
  | { type: 'CreateCall'; callId: number; call: CallData }
  /** `callFapReviewEnded`: the officer ends the FAP review now; `call.fapIds` absent: the panels kept */
  | { type: 'UpdateCall'; call: CallData; callFapReviewEnded?: boolean; now: string }
  | { type: 'DeleteCall'; proposalCount: number }
  /** the milestones whose dates passed by `now` (the scheduled check) */
  | { type: 'ReachMilestones'; now: string };

const passed = (date: string | null, now: string): boolean =>
  date !== null && Date.parse(date) <= Date.parse(now);

function milestones(state: CallState, now: string): NewEvent[] {
  const call = state.call;
  if (!call) return [];
  const callId = state.callId;
  const events: NewEvent[] = [];
  const internalEnd = call.endCallInternal || call.endCall;
  if (passed(call.endCall, now) && state.endedFor !== call.endCall)
    events.push(callEndedEvent.create({ callId, at: call.endCall }));
  if (passed(internalEnd, now) && state.endedInternalFor !== internalEnd)
    events.push(callEndedInternalEvent.create({ callId, at: internalEnd }));
  if (passed(call.endReview, now) && state.reviewEndedFor !== call.endReview)
    events.push(callReviewEndedEvent.create({ callId, at: call.endReview }));
  if (
    passed(call.endFapReview, now) &&
    call.endFapReview !== null &&
    state.fapReviewEndedFor !== call.endFapReview
  )
    events.push(callFapReviewEndedEvent.create({ callId, at: call.endFapReview }));
  return events;
}

/**
 * The same fields, whatever their order (a call folded from the store's JSON has its keys in another order than
 * the one an update builds); an absent field as null.
 */
function sameCall(a: CallData, b: CallData): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].every(
    (k) => JSON.stringify(x[k] ?? null) === JSON.stringify(y[k] ?? null),
  );
}

/** Pure: the events a call command leads to; throws the rule broken. */
export function decideCall(command: CallCommand, state: CallState): NewEvent[] {
  if (command.type === 'CreateCall') {
    if (state.status !== 'none') throw badInput('A call with this id exists');
    return [
      callCreatedEvent.create({ callId: command.callId, ...command.call, fapIds: command.call.fapIds ?? [] }),
    ];
  }
  if (state.status !== 'active' || !state.call) throw notFound(callMessages.notFound);
  switch (command.type) {
    case 'UpdateCall': {
      const events: NewEvent[] = [];
      const call: CallData = { ...command.call, fapIds: command.call.fapIds ?? state.call.fapIds ?? [] };
      if (!sameCall(call, state.call))
        events.push(callUpdatedEvent.create({ callId: state.callId, ...call }));
      if (command.callFapReviewEnded && state.fapReviewEndedFor === null)
        events.push(callFapReviewEndedEvent.create({ callId: state.callId, at: command.now }));
      return events;
    }
    case 'DeleteCall':
      if (command.proposalCount > 0) throw badInput(callMessages.hasProposals(command.proposalCount));
      return [callDeletedEvent.create({ callId: state.callId })];
    case 'ReachMilestones':
      return milestones(state, command.now);
  }
}

export const callDecider: Decider<CallState, CallCommand> = {
  initialState: initialCallState,
  evolve: evolveCall,
  decide: decideCall,
};
