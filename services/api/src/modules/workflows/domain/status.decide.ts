import {
  statusCreatedEvent,
  statusDeletedEvent,
  statusUpdatedEvent,
  workflowMessages,
  type StatusCreatedData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';
import { evolveStatus, initialStatusState, isLiveStatus, type StatusState } from './status.state';

const M = workflowMessages;

/** The commands on one `status-<id>` stream; the input is already valid (contracts' schemas). */
export type StatusCommand =
  /** `shortCodeTaken`: a live status of the same entity type has this short code (from the read model) */
  | { type: 'CreateStatus'; status: StatusCreatedData; shortCodeTaken: boolean }
  | { type: 'UpdateStatus'; name?: string; description?: string }
  /** `usedInWorkflows`: names of the workflows using it; `inUse`: other uses (e.g. "3 proposals") */
  | { type: 'DeleteStatus'; usedInWorkflows: string[]; inUse: string[] };

/** Pure: the events a status command leads to; throws the rule broken. */
export function decideStatus(command: StatusCommand, state: StatusState): NewEvent[] {
  if (command.type === 'CreateStatus') {
    if (state.status !== 'none') throw badInput('A status with this id exists');
    const { status } = command;
    if (command.shortCodeTaken)
      throw badInput(M.shortCodeTaken(status.entityType), { shortCode: M.shortCodeTaken(status.entityType) });
    return [statusCreatedEvent.create({ ...status })];
  }
  if (!isLiveStatus(state)) throw notFound(M.statusNotFound);
  const current = state.data;
  switch (command.type) {
    case 'UpdateStatus': {
      const name = command.name ?? current.name;
      const description = command.description ?? current.description;
      if (name === current.name && description === current.description) return [];
      return [
        statusUpdatedEvent.create({
          statusId: current.statusId,
          shortCode: current.shortCode,
          name,
          description,
        }),
      ];
    }
    case 'DeleteStatus': {
      if (current.isDefault) throw badInput(M.defaultStatusNotDeletable);
      if (command.usedInWorkflows.length > 0)
        throw badInput(M.statusInUse(command.usedInWorkflows.map((n) => JSON.stringify(n)).join(', ')));
      if (command.inUse.length > 0) throw badInput(M.statusInUseBy(command.inUse.join(', ')));
      return [statusDeletedEvent.create({ statusId: current.statusId, shortCode: current.shortCode })];
    }
  }
}

export const statusDecider: Decider<StatusState, StatusCommand> = {
  initialState: initialStatusState,
  evolve: evolveStatus,
  decide: decideStatus,
};
