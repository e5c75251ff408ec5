import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { DEV_ACCOUNTS, type Role } from '@user-office/contracts';
import { graphql } from 'graphql';
import { TokenService } from '../../platform/auth/token.service';
import { RequestContext } from '../../platform/context/request-context';
import { Loaders } from '../../platform/graphql/loaders';
import { UsersService } from '../users';

/**
 * The demo's staff acting through the api itself: GraphQL operations run in the process against the served schema
 * with a session of a seeded account, so each step goes through the same validation, policies and commands as
 * that person's request (and the event log names them). Only in a process that serves GraphQL (`api`, `all`).
 */
@Injectable()
export class DemoGraphql {
  constructor(
    private readonly modules: ModuleRef,
    private readonly tokens: TokenService,
    private readonly users: UsersService,
  ) {}

  /** The user of a development account, by its username. */
  async userId(username: string): Promise<number> {
    const account = DEV_ACCOUNTS.find((a) => a.username === username);
    const user = account
      ? ((await this.users.byOidcSub(account.sub)) ?? (await this.users.byEmail(account.email)))
      : null;
    if (!user) throw new Error(`The demo account ${username} does not exist`);
    return user.id;
  }

  /** Runs an operation as the account in the role; its errors are thrown with their messages. */
  async as<T>(
    username: string,
    role: Role,
    source: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const id = await this.userId(username);
    const token = this.tokens.sign({
      id,
      roles: [role],
      currentRole: role,
      isInternalUser: true,
      impersonatingUserId: null,
    });
    const { schema } = this.modules.get(GraphQLSchemaHost, { strict: false });
    // a request of its own: the account is the actor of what it appends, and of nothing after
    const result = await RequestContext.run({}, () =>
      graphql({
        schema,
        source,
        variableValues: variables,
        contextValue: { req: { headers: { authorization: `Bearer ${token}` } }, loaders: new Loaders() },
      }),
    );
    if (result.errors?.length)
      throw new Error(`Demo step failed: ${result.errors.map((e) => e.message).join('; ')}`);
    return result.data as T;
  }
}
