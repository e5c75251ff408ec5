import { Role, type UserCreatedData } from '@user-office/contracts';
import { userDecider } from './user.decide';

const created: UserCreatedData = {
  id: 7,
  user_title: null,
  username: null,
  firstname: 'Ada',
  lastname: 'Lovelace',
  preferredname: null,
  gender: null,
  birthdate: null,
  institutionId: null,
  department: null,
  position: null,
  email: 'ada@example.org',
  telephone: null,
  country: null,
  oidcSub: 'sub-7',
  placeholder: false,
  roles: [Role.USER],
  source: 'login',
};
const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(userDecider.evolve, userDecider.initialState);
const existing = () => given([{ type: 'UserCreated', data: created }]);

describe('user decider', () => {
  it('creates a user, and an invited one with its invitation', () => {
    expect(userDecider.decide({ type: 'CreateUser', user: created }, given([]))).toEqual([
      { type: 'UserCreated', data: created },
    ]);
    const invited = userDecider.decide(
      {
        type: 'CreateUser',
        user: { ...created, placeholder: true, source: 'invite' },
        inviteRole: Role.USER,
        invitedBy: 2,
      },
      given([]),
    );
    expect(invited.map((e) => e.type)).toEqual(['UserCreated', 'UserInvitedByEmail']);
  });

  it('refuses to create a user twice or without roles', () => {
    expect(() => userDecider.decide({ type: 'CreateUser', user: created }, existing())).toThrow(
      'This user already exists',
    );
    expect(() =>
      userDecider.decide({ type: 'CreateUser', user: { ...created, roles: [] } }, given([])),
    ).toThrow('A user needs at least one role');
  });

  it('records only the fields that change', () => {
    expect(
      userDecider.decide(
        { type: 'UpdateUser', changes: { firstname: 'Ada', department: 'Maths' } },
        existing(),
      ),
    ).toEqual([{ type: 'UserUpdated', data: { id: 7, changes: { department: 'Maths' } } }]);
    expect(userDecider.decide({ type: 'UpdateUser', changes: { firstname: 'Ada' } }, existing())).toEqual([]);
  });

  it('sets roles, refusing none, ignoring no change', () => {
    expect(
      userDecider.decide({ type: 'SetUserRoles', roles: [Role.USER, Role.USER_OFFICER] }, existing()),
    ).toEqual([{ type: 'UserRolesUpdated', data: { id: 7, roles: [Role.USER, Role.USER_OFFICER] } }]);
    expect(() => userDecider.decide({ type: 'SetUserRoles', roles: [] }, existing())).toThrow(
      'A user needs at least one role',
    );
    expect(userDecider.decide({ type: 'SetUserRoles', roles: [Role.USER] }, existing())).toEqual([]);
  });

  it('finds no user once deleted', () => {
    const deleted = given([
      { type: 'UserCreated', data: created },
      { type: 'UserDeleted', data: { id: 7 } },
    ]);
    expect(() => userDecider.decide({ type: 'UpdateUser', changes: { firstname: 'X' } }, deleted)).toThrow(
      'User not found',
    );
    expect(() => userDecider.decide({ type: 'DeleteUser' }, given([]))).toThrow('User not found');
  });

  it('clears the placeholder flag once', () => {
    const placeholder = given([{ type: 'UserCreated', data: { ...created, placeholder: true } }]);
    expect(userDecider.decide({ type: 'ClearPlaceholder' }, placeholder)).toEqual([
      { type: 'UserPlaceholderCleared', data: { id: 7 } },
    ]);
    expect(userDecider.decide({ type: 'ClearPlaceholder' }, existing())).toEqual([]);
  });
});
