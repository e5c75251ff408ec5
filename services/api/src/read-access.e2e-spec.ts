import { GraphQLSchemaHost } from '@nestjs/graphql';
import { DEV_ACCOUNTS, proposalRuleMessages, Role } from '@user-office/contracts';
import ExcelJS from 'exceljs';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { UsersService } from './modules/users';
import { createUser, type TestUser } from '../test/support/fixtures';
import { createTestApp, type GraphqlResponse, type TestApp } from '../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database';
import { pgDemoTemplate } from '../test/support/test-templates';

/**
 * Read rules, found by the schema itself (issue 38): every query field of the schema and every download route of
 * the router is called by a user in each role (and a user of no role but USER) who is related to nothing, against
 * the demo's proposals (another applicant's, on an instrument, a panel and a technique of other staff) dressed with
 * a technical review, internal review, FAP review, meeting decision and scientist comment carrying unique texts.
 * No answer may carry one of those proposals' markers: titles, short codes, the unique texts, a primary key where a
 * field is a proposal's. A new query or route is covered without being listed here; arguments are made from the
 * schema's types (the foreign objects' ids where the argument's name says which object it names).
 */

const SECRET = 'Zq9';
const MAY_NOT_READ = proposalRuleMessages.mayNotRead; // every unique text starts with it; no seeded text does

interface Foreign {
  proposalPks: number[];
  /** proposalPk → its markers (title, short code, the texts put in its reviews) */
  markers: Map<number, string[]>;
  /** the markers of what an experiment safety reviewer may never read (reviews, comments) */
  secretMarkers: string[];
  /** the proposals whose ESI is submitted: a safety reviewer reads their safety part */
  safetyProposalPks: Set<number>;
  ids: Record<string, (number | string)[]>;
  /**
   * `questionary:<id>` and `experiment:<pk>` → the proposal they belong to: objects that carry no proposal key or
   * marker of their own (a questionary and its answers, a visit registration) are found by these ids
   */
  owners: Map<string, number>;
}

interface Caller {
  name: string;
  user: TestUser;
  role: Role;
}

interface Call {
  field: string;
  document: string;
  variables: Record<string, unknown>;
}

/** argument name (lower case, without a trailing s) → which foreign ids it takes */
const ID_ARGUMENTS: [RegExp, string][] = [
  [/^(proposalpk|primarykey|proposalpks)$/, 'proposal'],
  [/^technicalreviewid$/, 'technicalReview'],
  [/^internalreviewid$/, 'internalReview'],
  [/^reviewid$/, 'review'],
  [/^experimentpks?$/, 'experiment'],
  [/^experimentsafetypk$/, 'experimentSafety'],
  [/^visitid$/, 'visit'],
  [/^shipmentid$/, 'shipment'],
  [/^feedbackid$/, 'feedback'],
  [/^sampleids?$/, 'sample'],
  [/^genericTemplateid$/i, 'genericTemplate'],
  [/^questionaryids?$/, 'questionary'],
  [/^fapids?$/, 'fap'],
  [/^callids?$/, 'call'],
  [/^instrumentids?$/, 'instrument'],
  [/^techniqueids?$/, 'technique'],
  [/^userid$/, 'user'],
  [/^fileids?$/, 'file'],
  [/^commentid$/, 'scientistComment'],
  [/^changedobjectid$/, 'proposal'],
];

/** GET routes that serve nothing of a proposal: health checks, metrics, the GraphQL endpoint, the demo's options */
const NO_PROPOSAL_ROUTES: RegExp[] = [/^\/(health|ready|metrics)$/, /^\/graphql$/, /^\/demo\//];

const idKind = (name: string): string | undefined =>
  ID_ARGUMENTS.find(([pattern]) => pattern.test(name.toLowerCase()))?.[1];

/** the fields a `Type` selects, to `depth` levels of objects (fields with required arguments left out) */
function selection(type: GraphQLOutputType, depth: number, seen: string[] = []): string {
  const named = getNamedType(type) as GraphQLNamedType;
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named)) {
    const schemaTypes = isUnionType(named) ? named.getTypes() : [];
    const parts = schemaTypes.map((t) => `... on ${t.name} ${selection(t, depth, seen)}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  if (!isObjectType(named)) return '';
  const fields = Object.values(named.getFields()).filter((f) =>
    f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined),
  );
  const parts = ['__typename'];
  for (const f of fields) {
    const inner = getNamedType(f.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(f.name);
    else if (depth > 0 && !seen.includes(inner.name)) {
      const sub = selection(f.type, depth - 1, [...seen, named.name]);
      if (sub) parts.push(`${f.name} ${sub}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

const FALLBACK: Record<string, unknown> = {
  Int: 1,
  Float: 1,
  String: 'x',
  Boolean: false,
  ID: '1',
  DateTime: new Date().toISOString(),
  JSON: '{}',
};

/** a value for an input type: `pick` gives the foreign id of a kind (the n-th variant); required fields filled */
function valueFor(
  name: string,
  type: GraphQLInputType,
  pick: (kind: string, asList: boolean) => unknown,
  required: boolean,
  depth = 0,
): unknown {
  const nonNull = isNonNullType(type);
  const inner = nonNull ? type.ofType : type;
  const asList = isListType(inner);
  const named = getNamedType(type);
  const kind = idKind(name);
  if (kind && (isScalarType(named) || isListType(inner))) {
    const id = pick(kind, asList);
    if (id !== undefined) return named.name === 'String' && !asList ? String(id) : id;
  }
  if (!required && !nonNull) return undefined;
  let value: unknown;
  if (isEnumType(named)) value = named.getValues()[0].value;
  else if (isScalarType(named)) value = FALLBACK[named.name] ?? 'x';
  else if (isInputObjectType(named) && depth < 4) {
    const object: Record<string, unknown> = {};
    for (const f of Object.values(named.getFields())) {
      const v = valueFor(f.name, f.type, pick, false, depth + 1);
      if (v !== undefined) object[f.name] = v;
    }
    value = object;
  }
  return asList ? (value === undefined ? [] : [value]) : value;
}

const typeString = (a: GraphQLArgument) => a.type.toString();

/** the calls of one query field: without optional arguments, then with the foreign ids (one call per id) */
function callsOf(field: GraphQLField<unknown, unknown>, foreign: Foreign): Call[] {
  const sel = selection(field.type, 3);
  const document = (args: GraphQLArgument[]) =>
    args.length === 0
      ? `{ ${field.name} ${sel} }`
      : `query(${args.map((a) => `$${a.name}: ${typeString(a)}`).join(', ')}) { ${field.name}(${args
          .map((a) => `${a.name}: $${a.name}`)
          .join(', ')}) ${sel} }`;
  const calls: Call[] = [];
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const kinds = new Set<string>();
  const collect = (name: string, type: GraphQLInputType, depth = 0) => {
    const kind = idKind(name);
    if (kind) kinds.add(kind);
    const named = getNamedType(type);
    if (isInputObjectType(named) && depth < 3)
      for (const f of Object.values(named.getFields())) collect(f.name, f.type, depth + 1);
  };
  for (const a of field.args) collect(a.name, a.type);
  const variants = Math.max(1, ...[...kinds].map((k) => foreign.ids[k]?.length ?? 0));
  for (let n = 0; n < Math.min(variants, 4); n++) {
    const pick = (kind: string, asList: boolean) => {
      const ids = foreign.ids[kind];
      if (!ids || ids.length === 0) return undefined;
      return asList ? ids : ids[n % ids.length];
    };
    const variables: Record<string, unknown> = {};
    for (const a of field.args) {
      const v = valueFor(a.name, a.type, pick, required.includes(a));
      if (v !== undefined) variables[a.name] = v;
    }
    const used = field.args.filter((a) => variables[a.name] !== undefined);
    calls.push({ field: field.name, document: document(used), variables });
  }
  if (required.length === 0 && field.args.length > 0)
    calls.push({ field: field.name, document: document([]), variables: {} });
  return calls;
}

/** the keys naming an object a foreign proposal owns (`Foreign.owners`) */
const OWNED_KEYS: Record<string, string> = {
  questionaryId: 'questionary',
  esiQuestionaryId: 'questionary',
  experimentPk: 'experiment',
};

/**
 * the foreign markers found in a value: strings containing a marker, proposal keys holding a foreign pk, keys
 * naming a questionary or an experiment of a foreign proposal (`owned`: `questionary:<id>`, `experiment:<pk>`)
 */
function leaks(
  value: unknown,
  markers: readonly string[],
  pks: ReadonlySet<number>,
  owned: ReadonlySet<string> = new Set(),
  path = '',
): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') {
    const hit = markers.find((m) => value.includes(m));
    return hit ? [`${path}: "${hit}"`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, markers, pks, owned, `${path}[${i}]`));
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const proposalLike = typeof object.__typename === 'string' && /Proposal/.test(object.__typename);
    return Object.entries(object).flatMap(([key, v]) => {
      const here = `${path}.${key}`;
      if (
        typeof v === 'number' &&
        pks.has(v) &&
        (key === 'proposalPk' || (key === 'primaryKey' && proposalLike))
      )
        return [`${here}: ${v}`];
      if (typeof v === 'number' && OWNED_KEYS[key] && owned.has(`${OWNED_KEYS[key]}:${v}`))
        return [`${here}: ${v} (${OWNED_KEYS[key]} of a foreign proposal)`];
      return leaks(v, markers, pks, owned, here);
    });
  }
  return [];
}

/** runs `tasks` `width` at a time */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

describe('read rules: no query field and no download route shows a proposal to a caller related to nothing', () => {
  let t: TestApp;
  let officer: string;
  let schema: GraphQLSchema;
  let foreign: Foreign;
  let callers: Caller[];
  let database: TestDatabase | undefined;

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await t.gql<T>(query, variables, officer);
    if (res.errors) throw new Error(`${query}: ${JSON.stringify(res.errors)}`);
    return res.data!;
  }

  beforeAll(async () => {
    // a clone of the run's demo template when there is one (the demo seeded once a run), else seeded here
    const demo = pgDemoTemplate();
    database = demo ? await createTestDatabase('read', { template: demo }) : undefined;
    t = await createTestApp({
      ...(database ? { database } : {}),
      config: {
        seedDemo: true,
        publicUrl: 'http://demo.invalid',
        maxQueryComplexity: 1_000_000,
        logLevel: 'error',
      },
    });
    officer = t.token();
    schema = t.app.get(GraphQLSchemaHost).schema;
    foreign = await dressTheDemo();
    const roles = Object.values(Role).filter((r) => r !== Role.USER_OFFICER);
    callers = await Promise.all(
      roles.map(async (role) => ({ name: role, role, user: await createUser(t, { role }) })),
    );
    // a scientist of another instrument and the members of another panel: related, but not to these proposals
    const other = callers.find((c) => c.role === Role.INSTRUMENT_SCIENTIST)!;
    const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
      `mutation($m: Int) { createInstrument(name: "Other", shortCode: "OTH", description: "d", managerUserId: $m) { id } }`,
      { m: other.user.id },
    );
    await gql(
      `mutation($i: Int!, $s: [Int!]!) { assignScientistsToInstrument(instrumentId: $i, scientistIds: $s) }`,
      {
        i: createInstrument.id,
        s: [other.user.id],
      },
    );
    const { createFap } = await gql<{ createFap: { id: number } }>(
      `mutation { createFap(code: "OTHER-FAP", description: "other", numberRatingsRequired: 2, active: true) { id } }`,
    );
    for (const role of [Role.FAP_CHAIR, Role.FAP_SECRETARY] as const) {
      const c = callers.find((x) => x.role === role)!;
      await gql(
        `mutation($i: AssignChairOrSecretaryToFapInput!) { assignChairOrSecretary(assignChairOrSecretaryToFapInput: $i) { id } }`,
        { i: { fapId: createFap.id, userId: c.user.id, roleId: role } },
      );
    }
    await gql(`mutation($m: [Int!]!, $f: Int!) { assignReviewersToFap(memberIds: $m, fapId: $f) { id } }`, {
      m: [callers.find((c) => c.role === Role.FAP_REVIEWER)!.user.id],
      f: createFap.id,
    });
    // the USER is the user related to nothing: no proposal, no visit, no shipment, no feedback of their own
    // a shared machine under load starts the app and seeds the demo in 30 s to several minutes
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** the demo's proposals with a unique text in every review and comment, and the ids of what hangs off them */
  async function dressTheDemo(): Promise<Foreign> {
    const { getProposalsCore } = await gql<{
      getProposalsCore: { proposalViews: { primaryKey: number; proposalId: string; title: string }[] };
    }>(`{ getProposalsCore { proposalViews { primaryKey proposalId title } } }`);
    const views = getProposalsCore.proposalViews;
    const markers = new Map<number, string[]>(views.map((v) => [v.primaryKey, [v.title, v.proposalId]]));
    const secretMarkers: string[] = [];
    const ids: Record<string, (number | string)[]> = {};
    const add = (kind: string, id: number | string | null | undefined) => {
      if (id === null || id === undefined) return;
      const list = (ids[kind] ??= []);
      if (!list.includes(id)) list.push(id);
    };
    const secret = (pk: number, what: string) => {
      const text = `${SECRET}-${what}-${pk}`;
      markers.get(pk)!.push(text);
      secretMarkers.push(text);
      return text;
    };
    /** a unique text any reader of the proposal may see (the decision's word to the proposers) */
    const readersText = (pk: number, what: string) => {
      const text = `${SECRET}-${what}-${pk}`;
      markers.get(pk)!.push(text);
      return text;
    };
    const safetyProposalPks = new Set<number>();
    const owners = new Map<string, number>();
    const own = (kind: 'questionary' | 'experiment', id: number | null | undefined, pk: number) => {
      if (id !== null && id !== undefined) owners.set(`${kind}:${id}`, pk);
    };
    // the proposals are dressed side by side (each its own streams)
    await Promise.all(
      views.map(async ({ primaryKey: pk }) => {
        add('proposal', pk);
        const { getProposal } = await gql<{
          getProposal: {
            questionaryId: number;
            proposerId: number;
            call: { id: number };
            instruments: { id: number }[];
            technicalReviews: { id: number; instrumentId: number; status: string | null }[];
            fapMeetingDecisions?: unknown;
          };
        }>(
          `query($pk: Int!) { getProposal(primaryKey: $pk) { questionaryId proposerId call { id } instruments { id }
          technicalReviews { id instrumentId status } } }`,
          { pk },
        );
        add('questionary', getProposal.questionaryId);
        own('questionary', getProposal.questionaryId, pk);
        add('call', getProposal.call.id);
        add('user', getProposal.proposerId);
        for (const i of getProposal.instruments) add('instrument', i.id);
        for (const r of getProposal.technicalReviews) {
          add('technicalReview', r.id);
          await gql(
            `mutation($pk: Int!, $i: Int!, $c: String, $p: String) { addTechnicalReview(proposalPk: $pk, instrumentId: $i,
            comment: $c, publicComment: $p, status: FEASIBLE, timeAllocation: 3, submitted: false) { id } }`,
            {
              pk,
              i: r.instrumentId,
              c: secret(pk, 'technical-comment'),
              p: secret(pk, 'public-comment-unsubmitted'),
            },
          );
          const { internalReviews } = await gql<{
            internalReviews: { id: number; reviewerId: number | null }[];
          }>(`query($t: Int!) { internalReviews(filter: { technicalReviewId: $t }) { id reviewerId } }`, {
            t: r.id,
          });
          for (const ir of internalReviews) {
            add('internalReview', ir.id);
            const name = secret(pk, 'internal-file');
            const uploaded = await t
              .http()
              .post('/files/upload')
              .set('authorization', `Bearer ${officer}`)
              .attach('file', Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`), {
                filename: `${name}.pdf`,
                contentType: 'application/pdf',
              });
            if (uploaded.status !== 200)
              throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
            const fileId = (uploaded.body as { fileId: string }).fileId;
            add('file', fileId);
            await gql(`mutation($i: UpdateInternalReviewInput!) { updateInternalReview(input: $i) { id } }`, {
              i: {
                id: ir.id,
                technicalReviewId: r.id,
                reviewerId: ir.reviewerId,
                title: secret(pk, 'internal-title'),
                comment: secret(pk, 'internal-comment'),
                files: JSON.stringify([fileId]),
              },
            });
          }
        }
        const { createProposalScientistComment } = await gql<{
          createProposalScientistComment: { commentId: number };
        }>(
          `mutation($pk: Int!, $c: String!) { createProposalScientistComment(proposalPk: $pk, comment: $c) { commentId } }`,
          {
            pk,
            c: secret(pk, 'scientist-comment'),
          },
        );
        add('scientistComment', createProposalScientistComment.commentId);
        await gql(
          `mutation($pk: Int!, $u: String, $m: String) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, commentForUser: $u,
          commentForManagement: $m) { primaryKey } }`,
          { pk, u: readersText(pk, 'comment-for-user'), m: secret(pk, 'comment-for-management') },
        );
        const { proposalReviews } = await gql<{
          proposalReviews: { id: number; fapID: number; userID: number }[];
        }>(`query($pk: Int!) { proposalReviews(proposalPk: $pk) { id fapID userID } }`, { pk });
        for (const r of proposalReviews) {
          add('review', r.id);
          add('fap', r.fapID);
          add('user', r.userID);
          await gql(
            `mutation($r: Int!, $f: Int!, $c: String) { updateReview(reviewID: $r, fapID: $f, comment: $c, grade: 3, status: DRAFT) { id } }`,
            { r: r.id, f: r.fapID, c: secret(pk, 'fap-review-comment') },
          );
        }
        const { getSamplesWithQuestionaryStatus } = await gql<{
          getSamplesWithQuestionaryStatus: { id: number; questionaryId: number; title: string }[];
        }>(
          `query($pk: Int!) { getSamplesWithQuestionaryStatus(filter: { proposalPk: $pk }) { id questionaryId title } }`,
          {
            pk,
          },
        );
        for (const s of getSamplesWithQuestionaryStatus) {
          add('sample', s.id);
          add('questionary', s.questionaryId);
          own('questionary', s.questionaryId, pk);
          markers.get(pk)!.push(s.title);
        }
      }),
    );
    const { experiments } = await gql<{
      experiments: {
        experiments: {
          experimentPk: number;
          proposalPk: number;
          status: string;
          experimentSafety: { experimentSafetyPk: number; esiQuestionaryId: number; status: string } | null;
        }[];
      };
    }>(
      `{ experiments(first: 100) { experiments { experimentPk proposalPk status experimentSafety { experimentSafetyPk esiQuestionaryId status } } } }`,
    );
    // the demo's completed experiment waits for feedback: its PI gives it, so the feedback reads have one to find
    for (const e of experiments.experiments.filter((x) => x.status === 'COMPLETED')) {
      const { getProposal } = await gql<{ getProposal: { proposerId: number } }>(
        `query($pk: Int!) { getProposal(primaryKey: $pk) { proposerId } }`,
        { pk: e.proposalPk },
      );
      const pi = t.token({ id: getProposal.proposerId, roles: [Role.USER], currentRole: Role.USER });
      const res = await t.gql(
        `mutation($e: Int!) { createFeedback(experimentPk: $e) { id } }`,
        { e: e.experimentPk },
        pi,
      );
      if (res.errors) throw new Error(`createFeedback: ${JSON.stringify(res.errors)}`);
    }
    for (const e of experiments.experiments) {
      add('experiment', e.experimentPk);
      own('experiment', e.experimentPk, e.proposalPk);
      if (e.experimentSafety) {
        add('experimentSafety', e.experimentSafety.experimentSafetyPk);
        add('questionary', e.experimentSafety.esiQuestionaryId);
        own('questionary', e.experimentSafety.esiQuestionaryId, e.proposalPk);
        if (e.experimentSafety.status !== 'DRAFT') safetyProposalPks.add(e.proposalPk);
      }
    }
    const { visits } = await gql<{ visits: { id: number }[] }>(`{ visits { id } }`);
    for (const v of visits) add('visit', v.id);
    const { shipments } = await gql<{
      shipments: { id: number; questionaryId: number; proposalPk: number }[];
    }>(`{ shipments { id questionaryId proposalPk } }`);
    for (const s of shipments) {
      add('shipment', s.id);
      add('questionary', s.questionaryId);
      own('questionary', s.questionaryId, s.proposalPk);
    }
    const { feedbacks } = await gql<{
      feedbacks: { id: number; questionaryId: number; proposalPk: number }[];
    }>(`{ feedbacks { id questionaryId proposalPk } }`);
    for (const f of feedbacks) {
      add('feedback', f.id);
      add('questionary', f.questionaryId);
      own('questionary', f.questionaryId, f.proposalPk);
    }
    const { getFaps } = await gql<{ getFaps: { faps: { id: number }[] } }>(`{ getFaps { faps { id } } }`);
    for (const f of getFaps.faps) add('fap', f.id);
    const { techniques } = await gql<{ techniques: { techniques: { id: number }[] } }>(
      `{ techniques { techniques { id } } }`,
    );
    for (const x of techniques.techniques) add('technique', x.id);
    return {
      proposalPks: views.map((v) => v.primaryKey),
      markers,
      secretMarkers,
      safetyProposalPks,
      ids,
      owners,
    };
  }

  /** what a caller may never see: a safety reviewer reads the safety part of proposals with a submitted ESI */
  function forbiddenMarkers(caller: Caller): { markers: string[]; pks: Set<number>; owned: Set<string> } {
    const pks = new Set(foreign.proposalPks);
    const markers: string[] = [];
    for (const [pk, list] of foreign.markers) {
      if (caller.role === Role.EXPERIMENT_SAFETY_REVIEWER && foreign.safetyProposalPks.has(pk)) {
        pks.delete(pk);
        markers.push(...list.filter((m) => foreign.secretMarkers.includes(m)));
      } else markers.push(...list);
    }
    const owned = new Set([...foreign.owners].filter(([, pk]) => pks.has(pk)).map(([key]) => key));
    return { markers, pks, owned };
  }

  /** every query field's calls, each distinct document and variables once */
  function allCalls(): Call[] {
    const query = schema.getQueryType()!;
    const seen = new Set<string>();
    return Object.values(query.getFields())
      .flatMap((f) => callsOf(f, foreign))
      .filter((c) => {
        const key = `${c.document}\n${JSON.stringify(c.variables)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }

  it('reaches the foreign data as an officer (the calls are not vacuous)', async () => {
    const calls = allCalls();
    if (process.env.READ_ACCESS_COUNTS)
      console.log(
        `${Object.keys(schema.getQueryType()!.getFields()).length} query fields, ${calls.length} calls a caller, ` +
          `${downloadRoutes().length} download routes: ${downloadRoutes().join(' ')}; all GET routes: ` +
          `${getRoutes().join(' ')}; foreign ids: ${Object.entries(foreign.ids)
            .map(([k, v]) => `${k} ${v.length}`)
            .join(', ')}`,
      );
    const { markers, pks, owned } = forbiddenMarkers({
      name: 'officer',
      role: Role.USER_OFFICER,
      user: { id: 1, token: officer },
    });
    const answers = await pool(
      calls.map((c) => async () => ({ c, res: await t.gql(c.document, c.variables, officer) })),
      6,
    );
    const reached = new Set(
      answers.filter(({ res }) => leaks(res.data, markers, pks, owned).length > 0).map(({ c }) => c.field),
    );
    if (process.env.READ_ACCESS_COUNTS)
      console.log(`reached as an officer: ${[...reached].sort().join(' ')}`);
    // the dressed demo has something of every kind that hangs off a proposal, so no list is checked empty
    const kinds = [
      'proposal',
      'questionary',
      'technicalReview',
      'internalReview',
      'review',
      'scientistComment',
      'sample',
      'experiment',
      'experimentSafety',
      'visit',
      'shipment',
      'feedback',
      'file',
    ];
    expect(kinds.filter((k) => (foreign.ids[k]?.length ?? 0) === 0)).toEqual([]);
    for (const field of [
      'getProposal',
      'getTechnicalReview',
      'technicalReviews',
      'reviews',
      'proposalReviews',
      'internalReviews',
      'experiments',
      'getProposalsCore',
    ])
      expect([...reached]).toContain(field);
    expect(reached.size).toBeGreaterThan(25);
  }, 300_000);

  it('answers no query field with a foreign proposal’s data, whoever calls', async () => {
    const calls = allCalls();
    const tasks = callers.flatMap((caller) => {
      const { markers, pks, owned } = forbiddenMarkers(caller);
      return calls.map((c) => async () => {
        const res: GraphqlResponse = await t.gql(c.document, c.variables, caller.user.token);
        const found = leaks(res, markers, pks, owned);
        return found.length > 0
          ? `${caller.name} ${c.field}(${JSON.stringify(c.variables)}): ${found.slice(0, 3).join(', ')}`
          : null;
      });
    });
    const holes = (await pool(tasks, 8)).filter((h): h is string => h !== null);
    expect(holes).toEqual([]);
  }, 300_000);

  it('answers a single read of a foreign object as the proposal itself: FORBIDDEN, a missing id alike', async () => {
    // single reads: the fields taking one id of an object hanging off a proposal and returning that object
    const query = schema.getQueryType()!;
    const singles = Object.values(query.getFields()).filter((f) => {
      const required = f.args.filter((a) => isNonNullType(a.type));
      return (
        required.length === 1 &&
        !isListType(isNonNullType(f.type) ? f.type.ofType : f.type) &&
        [
          'proposal',
          'technicalReview',
          'internalReview',
          'review',
          'experimentSafety',
          'visit',
          'shipment',
          'feedback',
          'sample',
          'questionary',
          'genericTemplate',
        ].includes(idKind(required[0].name) ?? '')
      );
    });
    expect(singles.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'getProposal',
        'getTechnicalReview',
        'getReview',
        'getQuestionary',
        'getFeedback',
      ]),
    );
    const outcome = (res: GraphqlResponse) =>
      res.errors?.length ? `${res.errors[0].extensions?.code}: ${res.errors[0].message}` : 'no error';
    const tasks = callers.flatMap((caller) =>
      singles.flatMap((f) => {
        const arg = f.args.find((a) => isNonNullType(a.type))!;
        const kind = idKind(arg.name)!;
        if (caller.role === Role.EXPERIMENT_SAFETY_REVIEWER && ['experimentSafety', 'sample'].includes(kind))
          return [];
        const sel = selection(f.type, 0);
        const doc = `query($id: ${typeString(arg)}) { ${f.name}(${arg.name}: $id) ${sel} }`;
        // a safety reviewer reads the proposals of a submitted ESI and their safety questionaries
        const ownerOf = (id: number | string) =>
          kind === 'proposal' ? Number(id) : foreign.owners.get(`${kind}:${id}`);
        const ids = (foreign.ids[kind] ?? []).filter((id) => {
          const owner = ownerOf(id);
          return !(
            caller.role === Role.EXPERIMENT_SAFETY_REVIEWER &&
            owner !== undefined &&
            foreign.safetyProposalPks.has(owner)
          );
        });
        return ids.slice(0, 2).map((id) => async () => {
          const [present, missing] = await Promise.all([
            t.gql(doc, { id }, caller.user.token),
            t.gql(doc, { id: typeof id === 'number' ? 987_654 : 'nope' }, caller.user.token),
          ]);
          const problems: string[] = [];
          // refused by the one rule, or by the operation's role policy before any record is looked at
          const refused =
            outcome(present) === `FORBIDDEN: ${MAY_NOT_READ}` ||
            outcome(present) === `FORBIDDEN: Your current role (${caller.role}) may not do this`;
          if (!refused) problems.push(`foreign: ${outcome(present)}`);
          if (outcome(missing) !== outcome(present)) problems.push(`missing: ${outcome(missing)}`);
          return problems.length ? `${caller.name} ${f.name}(${id}): ${problems.join('; ')}` : null;
        });
      }),
    );
    const wrong = (await pool(tasks, 8)).filter((h): h is string => h !== null);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('serves no download route of a foreign proposal to a caller related to nothing', async () => {
    const routes = downloadRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const tasks = callers.flatMap((caller) => {
      const { markers } = forbiddenMarkers(caller);
      return routes.flatMap((route) =>
        pathsOf(route).map((path) => async () => {
          const res = await t
            .http()
            .get(path)
            .set('authorization', `Bearer ${caller.user.token}`)
            .buffer(true)
            .parse((r, done) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () => done(null, Buffer.concat(chunks)));
            });
          if (res.status >= 400) return null;
          const body = res.body as Buffer;
          const type = String(res.headers['content-type'] ?? '');
          if (type.includes('spreadsheetml')) {
            const text = await spreadsheetText(body);
            const hit = markers.find((m) => text.includes(m));
            return hit ? `${caller.name} GET ${path}: "${hit}" in the spreadsheet` : null;
          }
          if (type.includes('pdf') || type.includes('zip'))
            return `${caller.name} GET ${path}: ${res.status} ${type}`;
          const hit = markers.find((m) => body.toString('utf8').includes(m));
          return hit ? `${caller.name} GET ${path}: "${hit}"` : null;
        }),
      );
    });
    const holes = (await pool(tasks, 4)).filter((h): h is string => h !== null);
    expect(holes).toEqual([]);
  }, 300_000);

  it('refuses a download of a foreign proposal as one of a proposal that does not exist', async () => {
    const refusal = async (path: string, token: string) => {
      const res = await t.http().get(path).set('authorization', `Bearer ${token}`).buffer(true);
      if (res.status < 400) return null;
      const body = res.body as { code?: string; message?: string };
      return `${res.status} ${body.code ?? ''}: ${body.message ?? String(res.text).slice(0, 80)}`;
    };
    // the routes of a proposal or of what hangs off it by its own id (a sample, a shipment, a sub-template); files,
    // named by unguessable ids, keep their own message, and panels and calls are no proposal's
    const ofProposals = downloadRoutes().filter((route) => {
      const kinds = (route.match(/:\w+/g) ?? []).map((p) => kindOf(route, p));
      return (
        kinds.length > 0 &&
        kinds.every((k) => ['proposal', 'sample', 'shipment', 'genericTemplate'].includes(k))
      );
    });
    expect(ofProposals).toEqual(expect.arrayContaining(['/download/xlsx/technique/:ids']));
    const tasks = callers.flatMap((caller) =>
      ofProposals.flatMap((route) => {
        const missing = pathsOf(route, { missing: true })[0];
        return pathsOf(route).map((path) => async () => {
          const foreignAnswer = await refusal(path, caller.user.token);
          // a foreign proposal the role reads (a safety reviewer's submitted ESI): nothing to compare
          if (foreignAnswer === null || path === missing) return null;
          const missingAnswer = await refusal(missing, caller.user.token);
          return missingAnswer === foreignAnswer
            ? null
            : `${caller.name} GET ${route}: foreign ${foreignAnswer}, missing ${missingAnswer ?? 'served'}`;
        });
      }),
    );
    const differ = (await pool(tasks, 4)).filter((h): h is string => h !== null);
    expect(differ).toEqual([]);
  }, 300_000);

  it('shows the staff who work on a proposal what §6 gives their role of it, and its members its public part', async () => {
    const users = t.app.get(UsersService);
    /** a demo account (the dev IdP's) in one of its roles */
    const account = async (username: string, role: Role): Promise<Caller> => {
      const a = DEV_ACCOUNTS.find((x) => x.username === username)!;
      const user = (await users.byOidcSub(a.sub)) ?? (await users.byEmail(a.email));
      if (!user) throw new Error(`no demo account ${username}`);
      const token = t.token({ id: user.id, roles: [role], currentRole: role, isInternalUser: false });
      return { name: username, role, user: { id: user.id, token } };
    };
    const [applicant, scientist, internal, chair, secretary, reviewer, safety] = await Promise.all([
      account('applicant', Role.USER),
      account('scientist', Role.INSTRUMENT_SCIENTIST),
      account('internal', Role.INTERNAL_REVIEWER),
      account('chair', Role.FAP_CHAIR),
      account('secretary', Role.FAP_SECRETARY),
      account('reviewer', Role.FAP_REVIEWER),
      account('safety', Role.EXPERIMENT_SAFETY_REVIEWER),
    ]);
    const text = (what: string, pk: number) => {
      const marker = `${SECRET}-${what}-${pk}`;
      foreign.markers.get(pk)!.push(marker);
      return marker;
    };
    // a second internal review, by another internal reviewer, of the technical review `internal` reviews
    const theirs = (
      await Promise.all(
        foreign.ids.technicalReview.map(async (id) => {
          const { internalReviews } = await gql<{
            internalReviews: { technicalReviewId: number; reviewerId: number | null }[];
          }>(
            `query($t: Int!) { internalReviews(filter: { technicalReviewId: $t }) { technicalReviewId reviewerId } }`,
            { t: id },
          );
          return internalReviews.filter((r) => r.reviewerId === internal.user.id);
        }),
      )
    ).flat();
    expect(theirs.length).toBeGreaterThan(0);
    const { getTechnicalReview } = await gql<{ getTechnicalReview: { proposalPk: number } }>(
      `query($t: Int!) { getTechnicalReview(technicalReviewId: $t) { proposalPk } }`,
      { t: theirs[0].technicalReviewId },
    );
    const other = await createUser(t, { role: Role.INTERNAL_REVIEWER });
    const otherTitle = text('other-internal-title', getTechnicalReview.proposalPk);
    await gql(`mutation($i: CreateInternalReviewInput!) { createInternalReview(input: $i) { id } }`, {
      i: {
        technicalReviewId: theirs[0].technicalReviewId,
        reviewerId: other.id,
        title: otherTitle,
        comment: text('other-internal-comment', getTechnicalReview.proposalPk),
      },
    });
    // one technical review of an applicant's proposal submitted: its public comment reaches the proposers, its
    // internal comment never
    const proposals = await Promise.all(
      foreign.proposalPks.map(async (pk) => {
        const { getProposal } = await gql<{
          getProposal: { proposerId: number; technicalReviews: { instrumentId: number }[] };
        }>(
          `query($pk: Int!) { getProposal(primaryKey: $pk) { proposerId technicalReviews { instrumentId } } }`,
          {
            pk,
          },
        );
        return { pk, ...getProposal };
      }),
    );
    const own = proposals.find((p) => p.proposerId === applicant.user.id && p.technicalReviews.length > 0)!;
    expect(own).toBeDefined();
    await gql(
      `mutation($pk: Int!, $i: Int!, $c: String, $p: String) { addTechnicalReview(proposalPk: $pk, instrumentId: $i,
      comment: $c, publicComment: $p, status: FEASIBLE, timeAllocation: 3, submitted: true) { id } }`,
      {
        pk: own.pk,
        i: own.technicalReviews[0].instrumentId,
        c: text('submitted-technical-comment', own.pk),
        p: text('submitted-public-comment', own.pk),
      },
    );

    const calls = allCalls();
    const all = [...foreign.markers.values()].flat().filter((m) => m.startsWith(`${SECRET}-`));
    /** the kinds of unique texts (`technical-comment`, …) a caller finds in any answer of any query field */
    const seen = async (caller: Caller): Promise<string[]> => {
      const kinds = new Set<string>();
      const answers = await pool(
        calls.map((c) => () => t.gql(c.document, c.variables, caller.user.token)),
        8,
      );
      for (const res of answers) {
        const json = JSON.stringify(res.data ?? null);
        for (const m of all) if (json.includes(m)) kinds.add(m.slice(SECRET.length + 1).replace(/-\d+$/, ''));
      }
      return [...kinds].sort();
    };
    const expectations: [Caller, { sees: string[]; never: string[] }][] = [
      // its members: the public comment of a submitted technical review and nothing of the staff's work
      [
        applicant,
        {
          sees: ['submitted-public-comment'],
          never: [
            'technical-comment',
            'submitted-technical-comment',
            'public-comment-unsubmitted',
            'internal-title',
            'internal-comment',
            'other-internal-title',
            'other-internal-comment',
            'scientist-comment',
            'comment-for-management',
            'fap-review-comment',
          ],
        },
      ],
      // the instrument's scientist: the technical reviews whole, the internal reviews, the scientist comments
      [
        scientist,
        {
          sees: ['technical-comment', 'internal-title', 'internal-comment', 'scientist-comment'],
          never: ['fap-review-comment'],
        },
      ],
      // an internal reviewer: the title and comment of their own internal review only
      [
        internal,
        {
          sees: ['internal-title', 'internal-comment'],
          never: [
            'other-internal-title',
            'other-internal-comment',
            'scientist-comment',
            'fap-review-comment',
          ],
        },
      ],
      // the panel's chair and secretary: technical review details with the internal comment, the panel's reviews
      ...[chair, secretary].map(
        (c) =>
          [
            c,
            {
              sees: ['technical-comment', 'fap-review-comment'],
              never: ['scientist-comment'],
            },
          ] as [Caller, { sees: string[]; never: string[] }],
      ),
      // a FAP reviewer: the reviews of the proposals they review; of a technical review not the internal comment
      [
        reviewer,
        {
          sees: ['fap-review-comment', 'public-comment-unsubmitted'],
          never: [
            'technical-comment',
            'submitted-technical-comment',
            'internal-title',
            'internal-comment',
            'other-internal-title',
            'other-internal-comment',
            'scientist-comment',
          ],
        },
      ],
      // a safety reviewer: nothing of the reviews and comments
      [
        safety,
        {
          sees: [],
          never: [
            'technical-comment',
            'submitted-technical-comment',
            'internal-title',
            'internal-comment',
            'scientist-comment',
            'comment-for-management',
            'fap-review-comment',
          ],
        },
      ],
    ];
    const wrong: string[] = [];
    for (const [caller, { sees, never }] of expectations) {
      const kinds = await seen(caller);
      const missing = sees.filter((k) => !kinds.includes(k));
      const leaked = never.filter((k) => kinds.includes(k));
      if (missing.length > 0) wrong.push(`${caller.name} does not see ${missing.join(', ')}`);
      if (leaked.length > 0) wrong.push(`${caller.name} sees ${leaked.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  /** every GET route of the router (Express 5's router) */
  function getRoutes(): string[] {
    const express = t.app.getHttpAdapter().getInstance() as {
      router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
      _router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const stack = (express.router ?? express._router)?.stack ?? [];
    return stack.filter((l) => l.route?.methods.get).map((l) => l.route!.path);
  }

  /**
   * the GET routes that may serve something of a proposal: every GET route of the router but those that serve
   * nothing of one (a new route is checked unless it is named here)
   */
  function downloadRoutes(): string[] {
    return getRoutes().filter((path) => !NO_PROPOSAL_ROUTES.some((r) => r.test(path)));
  }

  /** which object a route's parameter names (the path's words say which object an :id is) */
  function kindOf(route: string, param: string): string {
    const name = param.slice(1);
    const direct = idKind(name);
    if (direct) return direct;
    if (name === 'ids' || name === 'id') {
      const words: [RegExp, string][] = [
        [/sample/, 'sample'],
        [/shipment/, 'shipment'],
        [/generic-template/, 'genericTemplate'],
        [/technique/, 'proposal'],
        [/proposal|attachment/, 'proposal'],
        [/template-preview|pdf-template/, 'none'],
      ];
      return words.find(([w]) => w.test(route))?.[1] ?? 'proposal';
    }
    return 'none';
  }

  /**
   * a route's paths with the foreign ids put in its parameters; `missing`: one path with ids that exist nowhere
   * instead
   */
  function pathsOf(route: string, { missing = false }: { missing?: boolean } = {}): string[] {
    const params = route.match(/:\w+/g) ?? [];
    if (params.length === 0) return [route];
    const lists = params.map((p) => {
      const kind = kindOf(route, p);
      if (!missing || kind === 'none') return foreign.ids[kind] ?? [];
      return [kind === 'file' ? '00000000-0000-4000-8000-000000000000' : 987_654];
    });
    const n = Math.max(1, ...lists.map((l) => Math.min(l.length, 3)));
    return Array.from({ length: n }, (_, i) =>
      params.reduce((path, p, j) => {
        const list = lists[j];
        const value =
          p === ':ids' && list.length > 0 ? list.join(',') : list.length > 0 ? list[i % list.length] : 1;
        return path.replace(p, encodeURIComponent(String(value)));
      }, route),
    );
  }
});

async function spreadsheetText(body: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.text ?? '')))),
  );
  return texts.join('\n');
}
