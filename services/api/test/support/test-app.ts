import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { TokenService } from '../../src/platform/auth/token.service';
import type { SessionInput } from '../../src/platform/auth/session';
import type { AppConfig } from '../../src/platform/config/app-config';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testMongoDatabase } from './test-mongo';
import { clonePgliteTemplate, pgTemplate, testAppConfig } from './test-templates';

export interface GraphqlResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: {
    message: string;
    path?: string[];
    extensions?: { code?: string; fieldErrors?: Record<string, string>; reason?: string };
  }[];
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http(): ReturnType<typeof request>;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphqlResponse<T>>;
  token(session?: Partial<SessionInput>): string;
  projections: ProjectionsService;
  close(): Promise<void>;
}

export const OFFICER: SessionInput = {
  id: 1,
  roles: [Role.USER_OFFICER],
  currentRole: Role.USER_OFFICER,
  isInternalUser: true,
  impersonatingUserId: null,
};
export const APPLICANT: SessionInput = {
  id: 2,
  roles: [Role.USER],
  currentRole: Role.USER,
  isInternalUser: false,
  impersonatingUserId: null,
};

/**
 * The whole app for a test file: on a PostgreSQL database of its own (default) or a PGlite of its own, with the
 * in-process queue or BullMQ on Redis under its own prefix. The store is a clone of the run's seeded template
 * (migrated, default units, statuses and workflows created; see test-templates.ts) unless the test brings its
 * own `database` (or `dataDir`). Tokens are minted here (login is the next issue).
 */
export async function createTestApp(
  options: {
    store?: 'postgres' | 'pglite';
    queue?: 'redis' | 'in-process';
    config?: Partial<AppConfig>;
    /** a database the caller owns (kept on close) */
    database?: TestDatabase;
    /** the Mongo read models (READ_MODELS_MONGO_URL) in a MongoDB database of their own, dropped on close */
    mongo?: boolean;
  } = {},
): Promise<TestApp> {
  const store = options.store ?? 'postgres';
  let db: TestDatabase | null = options.database ?? null;
  if (!db && store === 'postgres') db = await createTestDatabase('app', { template: pgTemplate() });
  const ownsDatabase = !options.database;
  const pglite =
    store === 'pglite' && !options.config?.dataDir ? await clonePgliteTemplate('pglite-seeded') : null;
  const mongo = options.mongo ? testMongoDatabase('app') : null;
  let created: Awaited<ReturnType<typeof createApp>>;
  try {
    created = await createApp({
      ...testAppConfig(),
      databaseUrl: db?.url ?? null,
      dataDir: pglite?.dir ?? 'memory://',
      redisUrl: options.queue === 'redis' ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : null,
      readModelsMongoUrl: mongo?.url ?? null,
      ...options.config,
    });
  } catch (error) {
    if (ownsDatabase) await db?.drop();
    await pglite?.remove();
    await mongo?.drop();
    throw error;
  }
  const { app, config } = created;
  const tokens = app.get(TokenService);
  const server = app.getHttpServer() as Server;
  const gql = graphqlClient(server);
  return {
    app,
    config,
    http: () => request(server),
    gql,
    token: (session = {}) => tokens.sign({ ...OFFICER, ...session }),
    projections: app.get(ProjectionsService),
    close: async () => {
      await app.close();
      if (ownsDatabase) await db?.drop();
      await pglite?.remove();
      await mongo?.drop();
    },
  };
}

/**
 * POST /graphql over HTTP with fetch, whose connections are kept alive. The server listens on a free loopback port
 * at the first call unless it already listens (a browser test's product listens on its own port first): supertest
 * would listen, connect, and close the server again for every request, which cost an e2e file's thousand calls a
 * few seconds of CPU on both ends. Closing the app closes the idle connections (Node's server.close).
 */
function graphqlClient(server: Server) {
  let listening: Promise<void> | null = null;
  const url = async (): Promise<string> => {
    if (!server.listening)
      await (listening ??= new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  };
  return async <T>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphqlResponse<T>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(await url(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    // not JSON: an empty body, as supertest's of such an answer
    return (await res.json().catch(() => ({}))) as GraphqlResponse<T>;
  };
}
