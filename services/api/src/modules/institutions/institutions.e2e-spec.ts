import { COUNTRIES, institutionMessages, Role } from '@user-office/contracts';
import {
  ANY_USER,
  EVERYONE,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
  type Caller,
} from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const FIELDS = 'id name country { id value } rorId';
const CREATE = `mutation($name: String!, $country: Int!, $rorId: String) {
  createInstitution(name: $name, country: $country, rorId: $rorId) { ${FIELDS} }
}`;
const UPDATE = `mutation($id: Int!, $name: String!, $country: Int!, $rorId: String) {
  updateInstitution(id: $id, name: $name, country: $country, rorId: $rorId) { ${FIELDS} }
}`;
const DELETE = `mutation($id: Int!) { deleteInstitution(id: $id) { ${FIELDS} } }`;
const MERGE = `mutation($from: Int!, $into: Int!, $newTitle: String!) {
  mergeInstitutions(institutionIdFrom: $from, institutionIdInto: $into, newTitle: $newTitle) { ${FIELDS} }
}`;
const LIST = `query($filter: InstitutionsFilter) { getInstitutions(filter: $filter) { ${FIELDS} } }`;
const ONE = `query($id: Int!) { getInstitution(institutionId: $id) { ${FIELDS} } }`;
const COUNTRIES_QUERY = '{ getCountries { id value } }';
const EVENT_LOGS = `query($id: String) {
  getEventLogs(changedObjectId: $id) { eventType changedBy changedById changedObjectId description }
}`;

interface Institution {
  id: number;
  name: string;
  country: { id: number; value: string } | null;
  rorId: string | null;
}

const country = (value: string) => {
  const found = COUNTRIES.find((c) => c.value === value);
  if (!found) throw new Error(`no country ${value}`);
  return found;
};
const OFFICER_ONLY: readonly Caller[] = [Role.USER_OFFICER];
const SWEDEN = country('Sweden');
const DENMARK = country('Denmark');

describe.each<TestStore>(moduleStores())('institutions end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 41 });
  });
  afterAll(() => t.close());

  const create = async (
    name: string,
    countryId = SWEDEN.id,
    rorId: string | null = null,
    token = officer,
  ) => {
    const res = await t.gql<{ createInstitution: Institution }>(
      CREATE,
      { name, country: countryId, rorId },
      token,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createInstitution;
  };
  const list = async (name?: string) => {
    const res = await t.gql<{ getInstitutions: Institution[] }>(
      LIST,
      name === undefined ? {} : { filter: { name } },
      t.token(APPLICANT),
    );
    expect(res.errors).toBeUndefined();
    return res.data!.getInstitutions;
  };
  const one = async (id: number) => {
    const res = await t.gql<{ getInstitution: Institution | null }>(ONE, { id }, t.token(APPLICANT));
    expect(res.errors).toBeUndefined();
    return res.data!.getInstitution;
  };
  /** the institution events logged for an object id, oldest first */
  const logs = async (id: number) => {
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const res = await t.gql<{ getEventLogs: Record<string, unknown>[] }>(
      EVENT_LOGS,
      { id: String(id) },
      officer,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.getEventLogs.filter((l) => String(l.eventType).startsWith('Institution'));
  };
  const by = (eventType: string, changedById: number, changedObjectId: number, description: string) =>
    expect.objectContaining({
      eventType,
      changedById,
      changedBy: expect.stringMatching(/\S/),
      changedObjectId: String(changedObjectId),
      description,
    });

  it('serves the ISO 3166 countries to anyone, in alphabetical order with stable ids', async () => {
    const res = await t.gql<{ getCountries: { id: number; value: string }[] }>(COUNTRIES_QUERY);
    expect(res.errors).toBeUndefined();
    const countries = res.data!.getCountries;
    expect(countries).toHaveLength(249);
    expect(countries[0]).toEqual({ id: 1, value: 'Afghanistan' });
    expect(countries.map((c) => c.id)).toEqual(countries.map((_, i) => i + 1));
    expect(countries).toContainEqual(SWEDEN);
  });

  it('creates, lists, updates, merges and deletes institutions; the event log shows who did each', async () => {
    const lund = await create('  Lund University ', SWEDEN.id, 'https://ror.org/012a77v79');
    expect(lund).toEqual({
      id: expect.any(Number),
      name: 'Lund University',
      country: SWEDEN,
      rorId: '012a77v79',
    });
    const lunds = await create('Lunds universitet');
    const dtu = await create('Technical University of Denmark', DENMARK.id, '04qtj9h94');

    expect(await list()).toEqual([lund, lunds, dtu]);
    expect((await list('LUND')).map((i) => i.name)).toEqual(['Lund University', 'Lunds universitet']);
    expect((await list('denmark')).map((i) => i.id)).toEqual([dtu.id]);
    expect(await list('nowhere')).toEqual([]);
    expect(await one(lund.id)).toEqual(lund);

    const editor = t.token({ id: 42 });
    const updated = await t.gql<{ updateInstitution: Institution }>(
      UPDATE,
      { id: dtu.id, name: 'DTU', country: DENMARK.id, rorId: null },
      editor,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateInstitution).toEqual({ ...dtu, name: 'DTU', rorId: null });
    expect(await one(dtu.id)).toEqual({ ...dtu, name: 'DTU', rorId: null });

    const merger = t.token({ id: 43 });
    const merged = await t.gql<{ mergeInstitutions: Institution }>(
      MERGE,
      { from: lunds.id, into: lund.id, newTitle: 'Lunds universitet' },
      merger,
    );
    expect(merged.errors).toBeUndefined();
    expect(merged.data!.mergeInstitutions).toEqual({ ...lund, name: 'Lunds universitet' });
    expect((await list('lund')).map((i) => [i.id, i.name])).toEqual([[lund.id, 'Lunds universitet']]);
    expect(await one(lunds.id)).toBeNull();

    const deleter = t.token({ id: 44 });
    const deleted = await t.gql<{ deleteInstitution: Institution }>(DELETE, { id: dtu.id }, deleter);
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.deleteInstitution).toEqual({ ...dtu, name: 'DTU', rorId: null });
    expect(await one(dtu.id)).toBeNull();
    expect((await list()).map((i) => i.id)).toEqual([lund.id]);

    expect(await logs(lund.id)).toEqual([
      by('InstitutionCreated', 41, lund.id, 'Institution "Lund University" created'),
      by(
        'InstitutionsMerged',
        43,
        lund.id,
        `Institution ${lunds.id} merged into institution ${lund.id}, now named "Lunds universitet"`,
      ),
    ]);
    expect(await logs(lunds.id)).toEqual([
      by('InstitutionCreated', 41, lunds.id, 'Institution "Lunds universitet" created'),
      by(
        'InstitutionMergedAway',
        43,
        lunds.id,
        `Institution ${lunds.id} merged into institution ${lund.id} and closed`,
      ),
    ]);
    expect(await logs(dtu.id)).toEqual([
      by('InstitutionCreated', 41, dtu.id, 'Institution "Technical University of Denmark" created'),
      by('InstitutionUpdated', 42, dtu.id, 'Institution "DTU" updated'),
      by('InstitutionDeleted', 44, dtu.id, `Institution ${dtu.id} deleted`),
    ]);
  });

  it('lets a deleted institution’s name be used again, and appends nothing for an update that changes nothing', async () => {
    const first = await create('Kemicentrum');
    await t.gql(DELETE, { id: first.id }, officer);
    const again = await create('KEMICENTRUM', DENMARK.id);
    expect(again.id).not.toBe(first.id);

    const before = await head();
    const same = await t.gql<{ updateInstitution: Institution }>(
      UPDATE,
      { id: again.id, name: 'KEMICENTRUM', country: DENMARK.id, rorId: '' },
      officer,
    );
    expect(same.errors).toBeUndefined();
    expect(same.data!.updateInstitution).toEqual(again);
    expect(await head()).toBe(before);
  });

  describe('bad input: the rule broken, and nothing appended', () => {
    const ids = { a: 0, b: 0, c: 0, gone: 0 };
    beforeAll(async () => {
      ids.a = (await create('Alpha Institute')).id;
      ids.b = (await create('Beta Institute')).id;
      ids.c = (await create('Gamma Institute')).id;
      ids.gone = (await create('Gone Institute')).id;
      await t.gql(DELETE, { id: ids.gone }, officer);
    });

    type Vars = () => Record<string, unknown>;
    const M = institutionMessages;
    const invalid = (what: string, document: string, vars: Vars, message: string, field: string) => ({
      what,
      document,
      vars,
      code: 'BAD_USER_INPUT',
      message,
      field,
    });
    const missing = (what: string, document: string, vars: Vars) => ({
      what,
      document,
      vars,
      code: 'NOT_FOUND',
      message: M.notFound,
      field: null,
    });
    const se = SWEDEN.id;
    const cases = [
      invalid('a blank name', CREATE, () => ({ name: '   ', country: se }), M.nameRequired, 'name'),
      invalid('a long name', CREATE, () => ({ name: 'x'.repeat(256), country: se }), M.nameMax, 'name'),
      invalid(
        'an unknown country',
        CREATE,
        () => ({ name: 'Delta', country: 0 }),
        M.unknownCountry,
        'country',
      ),
      invalid(
        'a bad ROR id',
        CREATE,
        () => ({ name: 'D', country: se, rorId: 'ror-1' }),
        M.rorIdInvalid,
        'rorId',
      ),
      invalid(
        'a URL of another site as ROR id',
        CREATE,
        () => ({ name: 'Delta', country: se, rorId: 'https://example.org/012a77v79' }),
        M.rorIdInvalid,
        'rorId',
      ),
      invalid('a name taken', CREATE, () => ({ name: ' alpha INSTITUTE', country: se }), M.nameTaken, 'name'),
      invalid(
        'an update to a name taken',
        UPDATE,
        () => ({ id: ids.a, name: 'beta institute', country: se }),
        M.nameTaken,
        'name',
      ),
      invalid(
        'an update to an unknown country',
        UPDATE,
        () => ({ id: ids.a, name: 'Alpha Institute', country: 9999 }),
        M.unknownCountry,
        'country',
      ),
      missing('an update of an unknown institution', UPDATE, () => ({ id: 987654, name: 'N', country: se })),
      missing('an update of a deleted institution', UPDATE, () => ({ id: ids.gone, name: 'B', country: se })),
      missing('a delete of an unknown institution', DELETE, () => ({ id: 987654 })),
      missing('a delete of a deleted institution', DELETE, () => ({ id: ids.gone })),
      invalid(
        'a merge into itself',
        MERGE,
        () => ({ from: ids.a, into: ids.a, newTitle: 'Alpha' }),
        M.mergeIntoItself,
        'institutionIdInto',
      ),
      invalid(
        'a merge without a new title',
        MERGE,
        () => ({ from: ids.a, into: ids.b, newTitle: ' ' }),
        M.newTitleRequired,
        'newTitle',
      ),
      invalid(
        'a merge to the name of a third institution',
        MERGE,
        () => ({ from: ids.a, into: ids.b, newTitle: 'GAMMA institute' }),
        M.nameTaken,
        'newTitle',
      ),
      missing('a merge from an unknown institution', MERGE, () => ({
        from: 987654,
        into: ids.b,
        newTitle: 'B',
      })),
      missing('a merge from a deleted institution', MERGE, () => ({
        from: ids.gone,
        into: ids.b,
        newTitle: 'B',
      })),
      missing('a merge into a deleted institution', MERGE, () => ({
        from: ids.a,
        into: ids.gone,
        newTitle: 'A',
      })),
    ];

    it.each(cases)('$what', async ({ document, vars, code, message, field }) => {
      const before = await head();
      const res = await t.gql(document, vars(), officer);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
      if (field) expect(res.errors?.[0].extensions?.fieldErrors).toHaveProperty([field], message);
      expect(await head()).toBe(before);
    });

    it('leaves the institutions as they were', async () => {
      expect((await list('institute')).map((i) => i.name)).toEqual([
        'Alpha Institute',
        'Beta Institute',
        'Gamma Institute',
      ]);
    });
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      { operation: 'getCountries', document: COUNTRIES_QUERY, allowed: EVERYONE },
      { operation: 'getInstitutions', document: LIST, allowed: ANY_USER },
      { operation: 'getInstitution', document: ONE, variables: { id: 1 }, allowed: ANY_USER },
      {
        operation: 'createInstitution',
        document: CREATE,
        variables: { name: '', country: SWEDEN.id },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateInstitution',
        document: UPDATE,
        variables: { id: 987654, name: 'x', country: SWEDEN.id },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'deleteInstitution',
        document: DELETE,
        variables: { id: 987654 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'mergeInstitutions',
        document: MERGE,
        variables: { from: 987654, into: 987654, newTitle: 'x' },
        allowed: OFFICER_ONLY,
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
