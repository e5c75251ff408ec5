import { AppError } from '../../../platform/errors/app-error';
import { apiAccessTokenDecider, type ApiAccessTokenCommand } from './api-access-token.decide';

const HASH = 'a'.repeat(64);
const created = {
  type: 'ApiAccessTokenCreated',
  data: { id: 7, name: 'Scheduler', tokenHash: HASH, accessPermissions: ['getCalls', 'getProposal'] },
};

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(apiAccessTokenDecider.evolve, apiAccessTokenDecider.initialState);

const when = (command: ApiAccessTokenCommand, history: { type: string; data: unknown }[] = []) =>
  apiAccessTokenDecider.decide(command, given(history));

const errorOf = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
};

describe('API access token decider', () => {
  it('creates a token with its hash and its permissions, sorted and once each', () => {
    const events = when({
      type: 'CreateApiAccessToken',
      id: 7,
      name: 'Scheduler',
      tokenHash: HASH,
      accessPermissions: ['getProposal', 'getCalls', 'getProposal'],
    });
    expect(events).toEqual([created]);
  });

  it('refuses to create a token whose stream already exists', () => {
    const error = errorOf(() =>
      when(
        { type: 'CreateApiAccessToken', id: 7, name: 'x', tokenHash: HASH, accessPermissions: ['getCalls'] },
        [created],
      ),
    );
    expect(error.code).toBe('CONFLICT');
  });

  it('updates name and permissions, without the hash', () => {
    const events = when(
      { type: 'UpdateApiAccessToken', id: 7, name: 'Scheduler v2', accessPermissions: ['getCalls'] },
      [created],
    );
    expect(events).toEqual([
      {
        type: 'ApiAccessTokenUpdated',
        data: { id: 7, name: 'Scheduler v2', accessPermissions: ['getCalls'] },
      },
    ]);
  });

  it('decides nothing when an update changes nothing (permissions in any order)', () => {
    expect(
      when(
        {
          type: 'UpdateApiAccessToken',
          id: 7,
          name: 'Scheduler',
          accessPermissions: ['getProposal', 'getCalls'],
        },
        [created],
      ),
    ).toEqual([]);
  });

  it('deletes a token once; a deleted or unknown token is not found', () => {
    expect(when({ type: 'DeleteApiAccessToken', id: 7 }, [created])).toEqual([
      { type: 'ApiAccessTokenDeleted', data: { id: 7 } },
    ]);
    const deleted = [created, { type: 'ApiAccessTokenDeleted', data: { id: 7 } }];
    for (const [command, history] of [
      [{ type: 'DeleteApiAccessToken', id: 7 }, deleted],
      [{ type: 'UpdateApiAccessToken', id: 7, name: 'x', accessPermissions: ['getCalls'] }, deleted],
      [{ type: 'DeleteApiAccessToken', id: 8 }, []],
      [{ type: 'UpdateApiAccessToken', id: 8, name: 'x', accessPermissions: ['getCalls'] }, []],
    ] as const) {
      const error = errorOf(() => when(command, [...history]));
      expect([error.code, error.message]).toEqual(['NOT_FOUND', 'API access token not found']);
    }
  });

  it('folds the latest name and permissions', () => {
    const state = given([
      created,
      { type: 'ApiAccessTokenUpdated', data: { id: 7, name: 'Renamed', accessPermissions: ['getCalls'] } },
    ]);
    expect(state).toEqual({ status: 'active', id: 7, name: 'Renamed', accessPermissions: ['getCalls'] });
  });
});
