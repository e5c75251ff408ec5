import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const UPDATE_SETTING = `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { id settingsValue description } }`;
const UPDATE_FEATURES = `mutation($input: UpdateFeaturesInput!) { updateFeatures(input: $input) { id isEnabled } }`;
const EVENT_LOGS = `query($id: String, $type: String) {
  getEventLogs(changedObjectId: $id, eventType: $type) { id eventType changedBy changedById impersonatedById changedObjectId description rowData eventTStamp }
}`;

describe.each<TestStore>(moduleStores())('settings and features end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
  });
  afterAll(() => t.close());

  it('serves the embedded defaults to anyone', async () => {
    const res = await t.gql<{ getSettings: { id: string; settingsValue: string }[] }>(
      '{ getSettings { id settingsValue } }',
    );
    const byId = Object.fromEntries(res.data!.getSettings.map((s) => [s.id, s.settingsValue]));
    expect(byId).toMatchObject({ DATE_FORMAT: 'dd-MM-yyyy', IDLE_TIMEOUT: '3600000', GRADE_PRECISION: '1' });
  });

  it('lets an officer change a setting; the response and later reads show it; the log shows who', async () => {
    const officer = t.token({ id: 1 });
    const res = await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'DATE_FORMAT', settingsValue: 'yyyy-MM-dd' } },
      officer,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ updateSettings: { id: 'DATE_FORMAT', settingsValue: 'yyyy-MM-dd' } });

    const read = await t.gql<{ getSettings: { id: string; settingsValue: string }[] }>(
      '{ getSettings { id settingsValue } }',
    );
    expect(read.data!.getSettings.find((s) => s.id === 'DATE_FORMAT')?.settingsValue).toBe('yyyy-MM-dd');

    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { id: 'DATE_FORMAT' },
      officer,
    );
    expect(logs.errors).toBeUndefined();
    expect(logs.data!.getEventLogs).toEqual([
      expect.objectContaining({
        eventType: 'SettingUpdated',
        changedBy: 'User #1',
        changedById: 1,
        impersonatedById: null,
        changedObjectId: 'DATE_FORMAT',
        description: 'Setting DATE_FORMAT changed to "yyyy-MM-dd"',
      }),
    ]);
    expect(JSON.parse(logs.data!.getEventLogs[0].rowData as string)).toMatchObject({
      previousValue: 'dd-MM-yyyy',
    });
  });

  it('keeps awkward text intact through the event log', async () => {
    const name = 'Lab "Å" \\ {x,y} \'q\' ; NULL';
    const res = await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'ORGANISATION_NAME', settingsValue: name } },
      t.token(),
    );
    expect(res.errors).toBeUndefined();
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: { rowData: string; description: string }[] }>(
      EVENT_LOGS,
      { id: 'ORGANISATION_NAME' },
      t.token(),
    );
    const last = logs.data!.getEventLogs.at(-1)!;
    expect(JSON.parse(last.rowData).settingsValue).toBe(name);
    expect(last.description).toBe(`Setting ORGANISATION_NAME changed to ${JSON.stringify(name)}`);
  });

  it('switches features and records impersonation in the log', async () => {
    const impersonating = t.token({ id: 5, impersonatingUserId: 1 });
    const res = await t.gql(
      UPDATE_FEATURES,
      { input: { featureIds: ['FAP_REVIEW'], action: 'DISABLE' } },
      impersonating,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ updateFeatures: [{ id: 'FAP_REVIEW', isEnabled: false }] });
    const features = await t.gql<{ getFeatures: { id: string; isEnabled: boolean }[] }>(
      '{ getFeatures { id isEnabled } }',
    );
    expect(features.data!.getFeatures.find((f) => f.id === 'FAP_REVIEW')?.isEnabled).toBe(false);

    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { type: 'FeatureDisabled' },
      t.token(),
    );
    expect(logs.data!.getEventLogs).toEqual([
      expect.objectContaining({
        changedById: 5,
        impersonatedById: 1,
        changedObjectId: 'FAP_REVIEW',
        description: 'Feature FAP_REVIEW disabled',
      }),
    ]);
  });

  it('rejects bad input with the rule broken and fieldErrors, appending nothing', async () => {
    const before = await head();
    const res = await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'IDLE_TIMEOUT', settingsValue: 'soon' } },
      t.token(),
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.fieldErrors).toHaveProperty('settingsValue');
    expect(res.errors?.[0].message).toMatch(/IDLE_TIMEOUT/);
    const none = await t.gql(UPDATE_FEATURES, { input: { featureIds: [], action: 'ENABLE' } }, t.token());
    expect(none.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await head()).toBe(before);
  });

  it('appends nothing when a change changes nothing', async () => {
    await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'GRADE_PRECISION', settingsValue: '0.5' } },
      t.token(),
    );
    const before = await head();
    const again = await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'GRADE_PRECISION', settingsValue: '0.5' } },
      t.token(),
    );
    expect(again.errors).toBeUndefined();
    expect(await head()).toBe(before);
  });

  it('refuses changes from a non-officer', async () => {
    const res = await t.gql(
      UPDATE_SETTING,
      { input: { settingsId: 'DATE_FORMAT', settingsValue: 'x' } },
      t.token(APPLICANT),
    );
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(UPDATE_FEATURES, {
      input: { featureIds: ['SHIPPING'], action: 'DISABLE' },
    });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
