import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import jwt from 'jsonwebtoken';
import { APPLICANT, createTestApp, type TestApp } from '../../test/support/test-app';
import { collectOperationPolicies } from './auth/operation-policies';
import type { EventStore } from './event-store/event-store.port';
import { EVENT_STORE } from './tokens';

describe('platform over HTTP (PostgreSQL, BullMQ on Redis)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres', queue: 'redis' });
  });
  afterAll(() => t.close());

  it('answers /health, /ready (store, projections, queue) and /metrics', async () => {
    expect((await t.http().get('/health')).body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { store: 'ok', projections: 'ok', queue: 'ok' } });
    await t.gql('{ getSettings { id } }');
    const metrics = await t.http().get('/metrics');
    expect(metrics.status).toBe(200);
    for (const name of [
      'uo_http_request_duration_seconds',
      'uo_events_appended_total',
      'uo_projection_lag_events',
      'uo_job_outcomes_total',
    ]) {
      expect(metrics.text).toContain(name);
    }
    expect(metrics.text).toMatch(/uo_projection_lag_events\{projection="event_logs"\} \d+/);
  });

  it('declares an access policy on every query and mutation (deny by default)', () => {
    const schema = t.app.get(GraphQLSchemaHost).schema;
    const policies = collectOperationPolicies(
      t.app.get(DiscoveryService),
      t.app.get(MetadataScanner),
      t.app.get(Reflector),
    );
    const rootFields = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((name) => `Query.${name}`),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((name) => `Mutation.${name}`),
    ];
    expect(rootFields.length).toBeGreaterThan(0);
    const byName = new Map(policies.map((p) => [`${p.type}.${p.name}`, p.policy]));
    const missing = rootFields.filter((field) => !byName.get(field));
    expect(missing).toEqual([]);
  });

  it('rejects anonymous, wrong-role, expired and forged tokens with the right codes', async () => {
    const anonymous = await t.gql('{ getEventLogs { id } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const applicant = await t.gql('{ getEventLogs { id } }', {}, t.token(APPLICANT));
    expect(applicant.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const expired = jwt.sign(
      {
        roles: ['USER_OFFICER'],
        currentRole: 'USER_OFFICER',
        isInternalUser: true,
        impersonatingUserId: null,
      },
      'test-secret',
      { subject: '1', expiresIn: -10 },
    );
    const late = await t.gql('{ getEventLogs { id } }', {}, expired);
    expect(late.errors?.[0]).toMatchObject({
      message: 'Your session has expired, you will need to log in again.',
      extensions: { code: 'UNAUTHENTICATED', reason: 'TOKEN_EXPIRED' },
    });

    const forged = jwt.sign({ roles: ['USER_OFFICER'], currentRole: 'USER_OFFICER' }, 'not-our-secret', {
      subject: '1',
    });
    const bad = await t.gql('{ getSettings { id } }', {}, forged);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_INVALID' });

    const open = await t.gql<{ getSettings: unknown[] }>('{ getSettings { id } }');
    expect(open.errors).toBeUndefined();
    expect(open.data?.getSettings.length).toBeGreaterThan(10);
  });

  it('echoes the correlation id and records it, with the actor, in the metadata of the events caused', async () => {
    const res = await t
      .http()
      .post('/graphql')
      .set('authorization', `Bearer ${t.token({ id: 11 })}`)
      .set('x-correlation-id', 'corr-e2e-1')
      .send({
        query:
          'mutation { updateSettings(input: { settingsId: ORGANISATION_NAME, settingsValue: "ESS" }) { id } }',
      });
    expect(res.headers['x-correlation-id']).toBe('corr-e2e-1');
    expect(res.body.errors).toBeUndefined();
    const events = await t.app.get<EventStore>(EVENT_STORE).readStream('settings-facility');
    expect(events.at(-1)?.metadata).toMatchObject({
      actorId: 11,
      impersonatorId: null,
      correlationId: 'corr-e2e-1',
    });
  });

  it('answers an unknown operation with a validation error', async () => {
    const res = await t.gql('{ noSuchQuery }');
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('query depth and cost limits (PGlite, in-process queue)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store: 'pglite', config: { maxQueryComplexity: 3, maxQueryDepth: 0 } });
  });

  it('rejects an operation nested deeper than the configured depth', async () => {
    const res = await t.gql('{ getFeatures { id } }');
    expect(res.errors?.[0].message).toMatch(/exceeds maximum operation depth of 0/);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  afterAll(() => t.close());

  it('rejects an operation above the configured cost before it runs', async () => {
    const res = await t.gql('{ a: __typename b: __typename c: __typename d: __typename }');
    expect(res.errors?.[0].message).toBe('Query is too complex: 4. Maximum allowed complexity: 3');
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await t.gql('{ a: __typename }')).errors).toBeUndefined();
  });
});
