import {
  STATUS_CREATED,
  STATUS_DELETED,
  STATUS_UPDATED,
  WorkflowType,
  workflowMessages as M,
  type StatusCreatedData,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { statusDecider, type StatusCommand } from './status.decide';

const onHold: StatusCreatedData = {
  statusId: 23,
  shortCode: 'ON_HOLD',
  name: 'On hold',
  description: 'Waiting',
  entityType: WorkflowType.PROPOSAL,
  isDefault: false,
};
const draft: StatusCreatedData = {
  ...onHold,
  statusId: 1,
  shortCode: 'DRAFT',
  name: 'Draft',
  isDefault: true,
};

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(statusDecider.evolve, statusDecider.initialState);
const when = (events: { type: string; data: unknown }[], command: StatusCommand) =>
  statusDecider.decide(command, given(events));
const created = (data: StatusCreatedData) => ({ type: STATUS_CREATED, data });
const refusal = (events: { type: string; data: unknown }[], command: StatusCommand) => {
  try {
    when(events, command);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('status decider', () => {
  it('creates a status once per id, unless its short code is taken', () => {
    expect(when([], { type: 'CreateStatus', status: onHold, shortCodeTaken: false })).toEqual([
      { type: STATUS_CREATED, data: onHold },
    ]);
    expect(
      refusal([created(onHold)], { type: 'CreateStatus', status: onHold, shortCodeTaken: false }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'A status with this id exists',
    });
    expect(refusal([], { type: 'CreateStatus', status: onHold, shortCodeTaken: true })).toEqual({
      code: 'BAD_USER_INPUT',
      message: M.shortCodeTaken('PROPOSAL'),
    });
  });

  it('updates name and description, keeping the short code; no change appends nothing', () => {
    expect(when([created(onHold)], { type: 'UpdateStatus', name: 'Paused' })).toEqual([
      {
        type: STATUS_UPDATED,
        data: { statusId: 23, shortCode: 'ON_HOLD', name: 'Paused', description: 'Waiting' },
      },
    ]);
    expect(
      when([created(onHold)], { type: 'UpdateStatus', name: 'On hold', description: 'Waiting' }),
    ).toEqual([]);
    expect(refusal([], { type: 'UpdateStatus', name: 'x' })).toEqual({
      code: 'NOT_FOUND',
      message: M.statusNotFound,
    });
  });

  it('deletes a status nothing uses; refuses defaults and statuses in use', () => {
    expect(when([created(onHold)], { type: 'DeleteStatus', usedInWorkflows: [], inUse: [] })).toEqual([
      { type: STATUS_DELETED, data: { statusId: 23, shortCode: 'ON_HOLD' } },
    ]);
    expect(refusal([created(draft)], { type: 'DeleteStatus', usedInWorkflows: [], inUse: [] })).toEqual({
      code: 'BAD_USER_INPUT',
      message: M.defaultStatusNotDeletable,
    });
    expect(
      refusal([created(onHold)], { type: 'DeleteStatus', usedInWorkflows: ['Fast track'], inUse: [] })
        .message,
    ).toBe(M.statusInUse('"Fast track"'));
    expect(
      refusal([created(onHold)], { type: 'DeleteStatus', usedInWorkflows: [], inUse: ['4 proposals'] })
        .message,
    ).toBe(M.statusInUseBy('4 proposals'));
    const deleted = [created(onHold), { type: STATUS_DELETED, data: { statusId: 23, shortCode: 'ON_HOLD' } }];
    expect(refusal(deleted, { type: 'DeleteStatus', usedInWorkflows: [], inUse: [] }).code).toBe('NOT_FOUND');
    expect(refusal(deleted, { type: 'CreateStatus', status: onHold, shortCodeTaken: false }).code).toBe(
      'BAD_USER_INPUT',
    );
  });
});
