import type { Role } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

export const USER_STREAM = 'user';
export const userStreamId = (id: number) => `${USER_STREAM}-${id}`;

/** The profile fields of §3 User that users and officers edit. */
export interface UserProfile {
  user_title: string | null;
  username: string | null;
  firstname: string;
  lastname: string;
  preferredname: string | null;
  gender: string | null;
  birthdate: string | null;
  institutionId: number | null;
  department: string | null;
  position: string | null;
  email: string;
  telephone: string | null;
  country: number | null;
}

export interface UserCreatedData extends UserProfile {
  id: number;
  oidcSub: string | null;
  placeholder: boolean;
  roles: Role[];
  /** how the account came to be */
  source: 'login' | 'invite' | 'seed';
}
export interface UserUpdatedData {
  id: number;
  changes: Partial<UserProfile>;
}
export interface UserRolesUpdatedData {
  id: number;
  roles: Role[];
}
export interface UserIdData {
  id: number;
}
export interface UserOidcSubLinkedData {
  id: number;
  oidcSub: string;
}
export interface UserInvitedByEmailData {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
  invitedBy: number | null;
}

const fullName = (d: { firstname: string; lastname: string }) => `${d.firstname} ${d.lastname}`;
const id = (d: { id: number }) => String(d.id);

export const USER_CREATED = 'UserCreated';
export const USER_UPDATED = 'UserUpdated';
export const USER_ROLES_UPDATED = 'UserRolesUpdated';
export const USER_DELETED = 'UserDeleted';
export const USER_PLACEHOLDER_CLEARED = 'UserPlaceholderCleared';
export const USER_OIDC_SUB_LINKED = 'UserOidcSubLinked';
export const USER_INVITED_BY_EMAIL = 'UserInvitedByEmail';

export const USERS_EVENTS = [
  defineEvent<UserCreatedData>(USER_CREATED, {
    stream: USER_STREAM,
    description: (d) =>
      `User ${fullName(d)} (${d.email}) created${d.placeholder ? ' as a placeholder' : ''} by ${d.source}`,
    changedObjectId: id,
  }),
  defineEvent<UserUpdatedData>(USER_UPDATED, {
    stream: USER_STREAM,
    description: (d) => `User ${d.id} updated: ${Object.keys(d.changes).join(', ')}`,
    changedObjectId: id,
  }),
  defineEvent<UserRolesUpdatedData>(USER_ROLES_UPDATED, {
    stream: USER_STREAM,
    description: (d) => `Roles of user ${d.id} set to ${d.roles.join(', ')}`,
    changedObjectId: id,
  }),
  defineEvent<UserIdData>(USER_DELETED, {
    stream: USER_STREAM,
    description: (d) => `User ${d.id} deleted`,
    changedObjectId: id,
  }),
  defineEvent<UserIdData>(USER_PLACEHOLDER_CLEARED, {
    stream: USER_STREAM,
    description: (d) => `User ${d.id} is no longer a placeholder`,
    changedObjectId: id,
  }),
  defineEvent<UserOidcSubLinkedData>(USER_OIDC_SUB_LINKED, {
    stream: USER_STREAM,
    description: (d) => `User ${d.id} linked to an external login`,
    changedObjectId: id,
  }),
  defineEvent<UserInvitedByEmailData>(USER_INVITED_BY_EMAIL, {
    stream: USER_STREAM,
    description: (d) => `${fullName(d)} (${d.email}) invited by e-mail as ${d.role}`,
    changedObjectId: id,
  }),
];
registerEvents(...USERS_EVENTS);
