import { callMessages, Role } from '@user-office/contracts';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import {
  CREATE_CALL,
  callInput,
  createProposalTemplate,
  defaultProposalWorkflowId,
} from '../../../test/support/fixtures';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { CallMilestonesScheduler } from './call-milestones.scheduler';
import { DEFAULT_SUBMISSION_MESSAGE } from './read-models/calls/get-calls.resolver';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const CALL_FIELDS =
  'id shortCode isActive isActiveInternal callEnded callReviewEnded callFapReviewEnded endCall endCallInternal title proposalCount';
const GET_CALLS = `query($filter: CallsFilter) { getCalls(filter: $filter) { ${CALL_FIELDS} } }`;
const GET_CALL = `query($callId: Int!) { getCall(callId: $callId) { ${CALL_FIELDS} } }`;
const MINIMAL = `query($filter: CallsFilter) { getCallsMinimal(filter: $filter) { id shortCode } }`;
const DETAILS = `query($callId: Int!) { getCallSubmissionDetails(callId: $callId) { callId submissionMessage isActive } }`;
const UPDATE = `mutation($input: UpdateCallInput!) { updateCall(updateCallInput: $input) { ${CALL_FIELDS} } }`;
const DELETE = `mutation($callId: Int!) { deleteCall(callId: $callId) { id } }`;
const TEMPLATE_COUNTS = `query($id: Int!) { getTemplate(templateId: $id) { callCount } }`;

const DAY = 24 * 3600 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface Call {
  id: number;
  shortCode: string;
  isActive: boolean;
  isActiveInternal: boolean;
  callEnded: boolean;
  callReviewEnded: boolean;
  callFapReviewEnded: boolean;
  endCall: string;
  endCallInternal: string;
  title: string | null;
  proposalCount: number;
}

describe.each<TestStore>(moduleStores())('calls end to end (%s)', (store) => {
  let t: TestApp;
  let officer: string;
  let head: () => Promise<number>;
  let templateId: number;
  let workflowId: number;

  beforeAll(async () => {
    t = await createTestApp({ store });
    officer = t.token({ id: 41 });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    templateId = (await createProposalTemplate(t, officer)).templateId;
    workflowId = await defaultProposalWorkflowId(t);
  });
  afterAll(() => t.close());

  const gql = async <T>(query: string, variables: Record<string, unknown> = {}, token = officer) => {
    const res = await t.gql<T>(query, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const create = async (overrides: Record<string, unknown> = {}) =>
    (
      await gql<{ createCall: Call & { templateId: number } }>(CREATE_CALL, {
        input: callInput(templateId, workflowId, overrides),
      })
    ).createCall;
  const refused = async (
    query: string,
    variables: Record<string, unknown>,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => {
    const before = await head();
    const res = await t.gql(query, variables, officer);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await head()).toBe(before);
  };

  it('creates an open call that users see, with its submission details', async () => {
    const call = await create({ title: 'Spring cycle' });
    expect(call).toMatchObject({ isActive: true, isActiveInternal: true, templateId, proposalCount: 0 });
    const open = (
      await gql<{ getCalls: Call[] }>(GET_CALLS, { filter: { isActive: true } }, t.token(APPLICANT))
    ).getCalls;
    expect(open.map((c) => c.id)).toContain(call.id);
    const minimal = (
      await gql<{ getCallsMinimal: { id: number }[] }>(
        MINIMAL,
        { filter: { isEnded: false } },
        t.token(APPLICANT),
      )
    ).getCallsMinimal;
    expect(minimal.map((c) => c.id)).toContain(call.id);
    expect(
      (await gql<{ getCallSubmissionDetails: { submissionMessage: string } }>(DETAILS, { callId: call.id }))
        .getCallSubmissionDetails,
    ).toMatchObject({ callId: call.id, submissionMessage: DEFAULT_SUBMISSION_MESSAGE, isActive: true });
    const own = await create({ submissionMessage: 'Thanks, see you at the beamline.' });
    expect(
      (await gql<{ getCallSubmissionDetails: { submissionMessage: string } }>(DETAILS, { callId: own.id }))
        .getCallSubmissionDetails.submissionMessage,
    ).toBe('Thanks, see you at the beamline.');
    expect(
      (await gql<{ getTemplate: { callCount: number } }>(TEMPLATE_COUNTS, { id: templateId })).getTemplate
        .callCount,
    ).toBeGreaterThanOrEqual(2);
  });

  it('refuses a call without the required fields of §5, with dates out of order, or with wrong references', async () => {
    const input = (overrides: Record<string, unknown>) => ({
      input: callInput(templateId, workflowId, overrides),
    });
    await refused(CREATE_CALL, input({ shortCode: ' ' }), callMessages.shortCodeRequired);
    await refused(CREATE_CALL, input({ cycleComment: '' }), callMessages.required('Cycle comment'));
    await refused(
      CREATE_CALL,
      input({ startCall: 'not a date' }),
      callMessages.invalidDate('Start of the call'),
    );
    await refused(
      CREATE_CALL,
      input({ endCall: iso(-5) }),
      callMessages.notBefore('End of the call', 'its start'),
    );
    await refused(
      CREATE_CALL,
      input({ templateId: 999999 }),
      callMessages.templateNotFound('Proposal template'),
    );
    await refused(CREATE_CALL, input({ proposalWorkflowId: 999999 }), callMessages.workflowNotFound);
    await refused(
      CREATE_CALL,
      input({ referenceNumberFormat: '{digits:99}' }),
      callMessages.referenceNumberFormat,
    );
    const taken = await create();
    await refused(
      CREATE_CALL,
      input({ shortCode: taken.shortCode.toLowerCase() }),
      callMessages.shortCodeTaken,
    );
  });

  it("takes an EXPERIMENT workflow as the call's experimentWorkflowId, and nothing else", async () => {
    const input = (overrides: Record<string, unknown>) => ({
      input: callInput(templateId, workflowId, overrides),
    });
    await refused(CREATE_CALL, input({ experimentWorkflowId: 999999 }), callMessages.workflowNotFound);
    // the proposal workflow is not an experiment workflow
    await refused(
      CREATE_CALL,
      input({ experimentWorkflowId: workflowId }),
      callMessages.experimentWorkflowWrongType,
    );
    const experimentWorkflowId = (
      await gql<{ createWorkflow: { id: number } }>(
        'mutation { createWorkflow(name: "Beamtime", description: "d", entityType: EXPERIMENT) { id } }',
      )
    ).createWorkflow.id;
    const FIELDS = `id experimentWorkflowId`;
    const made = (
      await gql<{ createCall: { id: number; experimentWorkflowId: number | null } }>(
        `mutation($input: CreateCallInput!) { createCall(createCallInput: $input) { ${FIELDS} } }`,
        input({ experimentWorkflowId }),
      )
    ).createCall;
    expect(made.experimentWorkflowId).toBe(experimentWorkflowId);
    const unchanged = input({}).input;
    await refused(
      `mutation($input: UpdateCallInput!) { updateCall(updateCallInput: $input) { ${FIELDS} } }`,
      { input: { ...unchanged, id: made.id, experimentWorkflowId: workflowId } },
      callMessages.experimentWorkflowWrongType,
    );
    expect(
      (
        await gql<{ getCall: { experimentWorkflowId: number | null } }>(
          `query($callId: Int!) { getCall(callId: $callId) { ${FIELDS} } }`,
          { callId: made.id },
        )
      ).getCall.experimentWorkflowId,
    ).toBe(experimentWorkflowId);
    // left out on an update: the default experiment workflow again
    const cleared = (
      await gql<{ updateCall: { experimentWorkflowId: number | null } }>(
        `mutation($input: UpdateCallInput!) { updateCall(updateCallInput: $input) { ${FIELDS} } }`,
        { input: { ...unchanged, id: made.id } },
      )
    ).updateCall;
    expect(cleared.experimentWorkflowId).toBeNull();
  });

  it('tells open from ended calls, reaches milestones once, and reopens when extended', async () => {
    const ended = await create({
      startCall: iso(-20),
      endCall: iso(-10),
      endCallInternal: iso(-1),
      startReview: iso(-9),
      endReview: iso(-2),
    });
    expect(ended).toMatchObject({ isActive: false, isActiveInternal: false });
    expect((await gql<{ getCall: Call }>(GET_CALL, { callId: ended.id })).getCall.callEnded).toBe(false);
    const internal = await create({ startCall: iso(-20), endCall: iso(-1), endCallInternal: iso(5) });
    expect(internal).toMatchObject({ isActive: false, isActiveInternal: true });
    const endedList = (
      await gql<{ getCalls: Call[] }>(GET_CALLS, { filter: { isEnded: true } })
    ).getCalls.map((c) => c.id);
    expect(endedList).toEqual(expect.arrayContaining([ended.id, internal.id]));

    const scheduler = t.app.get(CallMilestonesScheduler);
    expect(await scheduler.tick()).toEqual(expect.arrayContaining([ended.id, internal.id]));
    const events = t.app.get<EventStore>(EVENT_STORE);
    const types = async (id: number) => (await events.readStream(`call-${id}`)).map((e) => e.type);
    expect(await types(ended.id)).toEqual([
      'CallCreated',
      'CallEnded',
      'CallEndedInternal',
      'CallReviewEnded',
    ]);
    expect(await types(internal.id)).toEqual(['CallCreated', 'CallEnded']);
    const before = await head();
    expect(await scheduler.tick()).toEqual([]);
    expect(await head()).toBe(before);
    expect((await gql<{ getCall: Call }>(GET_CALL, { callId: ended.id })).getCall).toMatchObject({
      callEnded: true,
      callReviewEnded: true,
    });

    // extended: open again, and ends again later
    const extended = callInput(templateId, workflowId, {
      shortCode: ended.shortCode,
      startCall: iso(-20),
      endCall: iso(3),
      startReview: iso(4),
      endReview: iso(9),
      title: 'Extended',
    });
    const reopened = (
      await gql<{ updateCall: Call }>(UPDATE, {
        input: { id: ended.id, ...extended, callFapReviewEnded: true },
      })
    ).updateCall;
    expect(reopened).toMatchObject({
      isActive: true,
      callEnded: false,
      callReviewEnded: false,
      callFapReviewEnded: true,
      title: 'Extended',
    });
  });

  describe('its review panels (faps)', () => {
    const CALL_FAPS = `query($callId: Int!) { getCall(callId: $callId) { id title faps { id code } } }`;
    const CREATE_FAP = `mutation($code: String!) { createFap(code: $code, description: "Panel", numberRatingsRequired: 2, active: true) { id } }`;
    let fapA: number;
    let fapB: number;
    const fap = async (code: string) =>
      (await gql<{ createFap: { id: number } }>(CREATE_FAP, { code: `${code}-${Date.now()}` })).createFap.id;
    const fapsOf = async (callId: number, token = officer) =>
      (await gql<{ getCall: { faps: { id: number }[] } }>(CALL_FAPS, { callId }, token)).getCall.faps.map(
        (f) => f.id,
      );
    const update = (callId: number, overrides: Record<string, unknown>) =>
      gql(UPDATE, { input: { id: callId, ...callInput(templateId, workflowId, overrides) } });

    beforeAll(async () => {
      fapA = await fap('CALL-FAP-A');
      fapB = await fap('CALL-FAP-B');
    });

    it('names them on create (each once), changes them on update, keeps them when an update leaves them out', async () => {
      const call = await create({ faps: [fapB, fapA, fapB] });
      expect(await fapsOf(call.id)).toEqual([fapA, fapB]);
      // the same fields each time (callInput's dates follow the clock)
      const fields = callInput(templateId, workflowId, { shortCode: `FAPS-${Date.now()}` });
      await update(call.id, { ...fields, faps: [fapB] });
      expect(await fapsOf(call.id)).toEqual([fapB]);
      // an update without faps (an older client) keeps them
      await update(call.id, { ...fields, title: 'Renamed' });
      expect(await fapsOf(call.id)).toEqual([fapB]);
      // the same panels again: nothing to append
      const before = await head();
      await update(call.id, { ...fields, title: 'Renamed', faps: [fapB] });
      expect(await head()).toBe(before);
      await update(call.id, { ...fields, title: 'Renamed', faps: [] });
      expect(await fapsOf(call.id)).toEqual([]);
      // a call created without faps has none
      expect(await fapsOf((await create()).id)).toEqual([]);
    });

    it('refuses a FAP that does not exist (or was deleted), appending nothing', async () => {
      const deleted = await fap('CALL-FAP-GONE');
      await gql(`mutation($id: Int!) { deleteFap(id: $id) { id } }`, { id: deleted });
      for (const missing of [987_654, deleted])
        await refused(
          CREATE_CALL,
          { input: callInput(templateId, workflowId, { faps: [fapA, missing] }) },
          callMessages.fapNotFound(missing),
        );
      const call = await create({ faps: [fapA] });
      await refused(
        UPDATE,
        { input: { id: call.id, ...callInput(templateId, workflowId, { faps: [fapB, 987_654] }) } },
        callMessages.fapNotFound(987_654),
      );
      const res = await t.gql(
        UPDATE,
        { input: { id: call.id, ...callInput(templateId, workflowId, { faps: [987_654] }) } },
        officer,
      );
      expect(res.errors?.[0].extensions).toMatchObject({
        fieldErrors: { faps: callMessages.fapNotFound(987_654) },
      });
      expect(await fapsOf(call.id)).toEqual([fapA]);
    });

    it('shows them to officers and FAP staff, and none to an applicant or an instrument scientist', async () => {
      const call = await create({ faps: [fapA, fapB] });
      for (const role of [Role.FAP_CHAIR, Role.FAP_SECRETARY, Role.FAP_REVIEWER])
        expect(await fapsOf(call.id, t.token({ id: 43, roles: [role], currentRole: role }))).toEqual([
          fapA,
          fapB,
        ]);
      const scientist = t.token({
        id: 44,
        roles: [Role.INSTRUMENT_SCIENTIST],
        currentRole: Role.INSTRUMENT_SCIENTIST,
      });
      for (const token of [t.token(APPLICANT), scientist]) expect(await fapsOf(call.id, token)).toEqual([]);
      const list = (
        await gql<{ getCalls: { id: number; faps: { id: number }[] }[] }>(
          `query($filter: CallsFilter) { getCalls(filter: $filter) { id faps { id } } }`,
          { filter: { callIds: [call.id] } },
          t.token(APPLICANT),
        )
      ).getCalls;
      expect(list).toEqual([{ id: call.id, faps: [] }]);
    });
  });

  it('deletes a call without proposals', async () => {
    const call = await create();
    expect((await gql<{ deleteCall: { id: number } }>(DELETE, { callId: call.id })).deleteCall.id).toBe(
      call.id,
    );
    expect(
      (await t.gql<{ getCall: Call | null }>(GET_CALL, { callId: call.id }, officer)).data?.getCall,
    ).toBeNull();
    await refused(DELETE, { callId: call.id }, callMessages.notFound, 'NOT_FOUND');
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const OFFICER_ONLY = [Role.USER_OFFICER];
    const cases: AccessCase[] = [
      { operation: 'getCalls', document: GET_CALLS, allowed: ANY_USER },
      { operation: 'getCallsMinimal', document: MINIMAL, allowed: ANY_USER },
      { operation: 'getCall', document: GET_CALL, variables: { callId: 0 }, allowed: ANY_USER },
      {
        operation: 'getCallSubmissionDetails',
        document: DETAILS,
        variables: { callId: 0 },
        allowed: ANY_USER,
      },
      {
        operation: 'createCall',
        document: CREATE_CALL,
        variables: { input: callInput(0, 0, { shortCode: '' }) },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateCall',
        document: UPDATE,
        variables: { input: { id: 0, ...callInput(0, 0) } },
        allowed: OFFICER_ONLY,
      },
      { operation: 'deleteCall', document: DELETE, variables: { callId: 0 }, allowed: OFFICER_ONLY },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
