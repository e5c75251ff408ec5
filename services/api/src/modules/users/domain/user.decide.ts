import {
  USER_CREATED,
  USER_DELETED,
  USER_INVITED_BY_EMAIL,
  USER_OIDC_SUB_LINKED,
  USER_PLACEHOLDER_CLEARED,
  USER_ROLES_UPDATED,
  USER_UPDATED,
  type Role,
  type UserCreatedData,
  type UserProfile,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import { AppError, badInput, notFound } from '../../../platform/errors/app-error';
import type { NewEvent } from '../../../platform/event-store/event-store.port';

export const USER_NOT_FOUND = 'User not found';
export const ROLES_REQUIRED = 'A user needs at least one role';

export interface UserState {
  id: number;
  exists: boolean;
  deleted: boolean;
  placeholder: boolean;
  roles: Role[];
  oidcSub: string | null;
  profile: UserProfile | null;
}

export const initialUserState: UserState = {
  id: 0,
  exists: false,
  deleted: false,
  placeholder: false,
  roles: [],
  oidcSub: null,
  profile: null,
};

export type UserCommand =
  | { type: 'CreateUser'; user: UserCreatedData; invitedBy?: number | null; inviteRole?: Role }
  | { type: 'UpdateUser'; changes: Partial<UserProfile> }
  | { type: 'SetUserRoles'; roles: Role[] }
  | { type: 'DeleteUser' }
  | { type: 'ClearPlaceholder' }
  | { type: 'LinkOidcSub'; oidcSub: string };

export function evolveUser(state: UserState, event: { type: string; data: unknown }): UserState {
  switch (event.type) {
    case USER_CREATED: {
      const d = event.data as UserCreatedData;
      const { id, oidcSub, placeholder, roles, ...rest } = d;
      const profile: UserProfile = { ...rest };
      delete (profile as Partial<UserCreatedData>).source;
      return { id, exists: true, deleted: false, placeholder, roles, oidcSub, profile };
    }
    case USER_UPDATED: {
      const { changes } = event.data as { changes: Partial<UserProfile> };
      return { ...state, profile: { ...(state.profile as UserProfile), ...changes } };
    }
    case USER_ROLES_UPDATED:
      return { ...state, roles: (event.data as { roles: Role[] }).roles };
    case USER_DELETED:
      return { ...state, deleted: true };
    case USER_PLACEHOLDER_CLEARED:
      return { ...state, placeholder: false };
    case USER_OIDC_SUB_LINKED:
      return { ...state, oidcSub: (event.data as { oidcSub: string }).oidcSub };
    default:
      return state;
  }
}

/** Pure: the events a command on one user leads to. */
export function decideUser(command: UserCommand, state: UserState): NewEvent[] {
  if (command.type === 'CreateUser') {
    if (state.exists) throw new AppError('CONFLICT', 'This user already exists');
    if (command.user.roles.length === 0) throw badInput(ROLES_REQUIRED, { roles: ROLES_REQUIRED });
    const events: NewEvent[] = [{ type: USER_CREATED, data: command.user }];
    if (command.inviteRole) {
      events.push({
        type: USER_INVITED_BY_EMAIL,
        data: {
          id: command.user.id,
          email: command.user.email,
          firstname: command.user.firstname,
          lastname: command.user.lastname,
          role: command.inviteRole,
          invitedBy: command.invitedBy ?? null,
        },
      });
    }
    return events;
  }
  if (!state.exists || state.deleted || !state.profile) throw notFound(USER_NOT_FOUND);
  const { id } = state;
  switch (command.type) {
    case 'UpdateUser': {
      const profile = state.profile;
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => value !== undefined && profile[key as keyof UserProfile] !== value,
        ),
      ) as Partial<UserProfile>;
      return Object.keys(changes).length === 0 ? [] : [{ type: USER_UPDATED, data: { id, changes } }];
    }
    case 'SetUserRoles': {
      const roles = [...new Set(command.roles)];
      if (roles.length === 0) throw badInput(ROLES_REQUIRED, { roles: ROLES_REQUIRED });
      const same = roles.length === state.roles.length && roles.every((r) => state.roles.includes(r));
      return same ? [] : [{ type: USER_ROLES_UPDATED, data: { id, roles } }];
    }
    case 'DeleteUser':
      return [{ type: USER_DELETED, data: { id } }];
    case 'ClearPlaceholder':
      return state.placeholder ? [{ type: USER_PLACEHOLDER_CLEARED, data: { id } }] : [];
    case 'LinkOidcSub':
      return state.oidcSub === command.oidcSub
        ? []
        : [{ type: USER_OIDC_SUB_LINKED, data: { id, oidcSub: command.oidcSub } }];
  }
}

export const userDecider: Decider<UserState, UserCommand> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
