import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Role, UserCreatedData, UserProfile } from '@user-office/contracts';
import { badInput } from '../../platform/errors/app-error';
import { ExecuteUserCommand } from './commands/execute-user-command';
import type { UserCommand } from './domain/user.decide';
import { UsersRepository, type UserRecord } from './read-models/users/users.repository';

export const EMAIL_TAKEN = 'A user with this e-mail address already exists';

export interface NewUser extends Partial<UserProfile> {
  firstname: string;
  lastname: string;
  email: string;
  oidcSub: string | null;
  placeholder: boolean;
  roles: Role[];
  source: UserCreatedData['source'];
}

/** The users module's public face for other modules (login, pickers, names). */
@Injectable()
export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly commands: CommandBus,
  ) {}

  byId(id: number): Promise<UserRecord | null> {
    return this.repository.byId(id);
  }

  byOidcSub(sub: string): Promise<UserRecord | null> {
    return this.repository.byOidcSub(sub);
  }

  byIds(ids: readonly number[]): Promise<UserRecord[]> {
    return this.repository.byIds(ids);
  }

  byEmail(email: string): Promise<UserRecord | null> {
    return this.repository.byEmail(email);
  }

  /** The users holding the role (e.g. the experiment safety reviewers), by name, at most `limit`. */
  async withRole(role: Role, limit = 500): Promise<UserRecord[]> {
    return (await this.repository.search({ userRole: role, first: limit })).users;
  }

  async displayNames(ids: readonly number[]): Promise<Map<number, string>> {
    const users = await this.repository.byIds(ids);
    return new Map(users.map((u) => [u.id, `${u.preferredname || u.firstname} ${u.lastname}`]));
  }

  /** creates a user (an e-mail address belongs to one user); returns it as the read model shows it */
  async create(
    user: NewUser,
    invite?: { role: Role; invitedBy: number | null },
  ): Promise<{ user: UserRecord; eventIds: string[] }> {
    if (await this.repository.byEmail(user.email)) throw badInput(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const id = await this.repository.nextId();
    const data: UserCreatedData = {
      id,
      user_title: null,
      username: null,
      preferredname: null,
      gender: null,
      birthdate: null,
      institutionId: null,
      department: null,
      position: null,
      telephone: null,
      country: null,
      ...user,
      email: user.email.trim().toLowerCase(),
    };
    const { eventIds } = await this.execute(id, {
      type: 'CreateUser',
      user: data,
      inviteRole: invite?.role,
      invitedBy: invite?.invitedBy,
    });
    return { user: (await this.repository.byId(id)) as UserRecord, eventIds };
  }

  execute(userId: number, command: UserCommand): Promise<{ position: number | null; eventIds: string[] }> {
    return this.commands.execute(new ExecuteUserCommand(userId, command));
  }
}
