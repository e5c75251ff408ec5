import {
  accessPermissionsJson,
  createApiAccessTokenSchema,
  grantedOperations,
  parseAccessPermissions,
} from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { assertKnownOperations } from './assert-known-operations';

describe('access permissions (the contracts schema and the server check)', () => {
  it('reads the user office JSON: an object of booleans; the granted names sorted', () => {
    const permissions = parseAccessPermissions('{"getProposal":true,"getCalls":true,"createCall":false}');
    expect(grantedOperations(permissions!)).toEqual(['getCalls', 'getProposal']);
    expect(accessPermissionsJson(['getProposal', 'getCalls'])).toBe('{"getCalls":true,"getProposal":true}');
    for (const bad of ['', 'x', '[]', 'null', '"getCalls"', '{"getCalls":1}']) {
      expect(parseAccessPermissions(bad)).toBeNull();
    }
  });

  it('checks names against the operations a form passes in its context', async () => {
    const input = { name: 'n', accessPermissions: '{"getCalls":true,"nope":false}' };
    await expect(createApiAccessTokenSchema.validate(input)).resolves.toBeTruthy();
    await expect(
      createApiAccessTokenSchema.validate(input, { context: { operations: ['getCalls'] } }),
    ).rejects.toThrow('Unknown operation: nope');
  });

  it('refuses, on the server, a permission that names no operation of the schema', () => {
    expect(() => assertKnownOperations({ getCalls: true }, ['getCalls'])).not.toThrow();
    try {
      assertKnownOperations({ getCalls: true, dropAll: false }, ['getCalls']);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Unknown operation: dropAll',
        fieldErrors: { accessPermissions: 'Unknown operation: dropAll' },
      });
    }
  });
});
