import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { verified, verifyProjections } from '../../maintenance';
import { runUocImport } from '../../uoc-import';
import { AWKWARD, buildUocSource } from '../../../../../scripts/bench/uoc-source';
import type { UocImportReport } from './uoc-import';

const ROOT = resolve(__dirname, '../../../../..');
const PROPOSALS = 60;

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** the store's history as it matters: every stream's events in order, with their data and source (not positions) */
const history = (url: string) =>
  query<{ stream_id: string; stream_version: number; type: string; data: unknown; from: string }>(
    url,
    `SELECT stream_id, stream_version, type, data, metadata->>'importedFrom' AS from FROM events
      ORDER BY stream_id, stream_version`,
  );

describe('npm run import:uoc: a user-office-core database as events', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let killed: TestDatabase;
  let first: UocImportReport;

  beforeAll(async () => {
    [source, target, killed] = await Promise.all([
      createTestDatabase('uoc_src'),
      createTestDatabase('uoc_tgt'),
      createTestDatabase('uoc_kill'),
    ]);
    await buildUocSource(source.url, { proposals: PROPOSALS, answers: 6, awkward: true });
    await addKinds40a(source.url);
    await addLaterKinds40b(source.url);
    first = await runUocImport({
      sourceUrl: source.url,
      batchSize: 25,
      overrides: { databaseUrl: target.url },
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop(), killed?.drop()]);
  });

  test('refuses a database that is not user-office-core at the supported patch, importing nothing', async () => {
    const other = await createTestDatabase('uoc_bad');
    try {
      await query(
        other.url,
        `CREATE TABLE db_patches (patch_id text); INSERT INTO db_patches VALUES ('init.sql')`,
      );
      await expect(
        runUocImport({ sourceUrl: other.url, overrides: { databaseUrl: killed.url } }),
      ).rejects.toThrow(/lacks db patch 0206_DeleteFeatureEmailInviteLegacy\.sql/);
      // refused before the store is opened: not even its tables were made
      expect(await query(killed.url, `SELECT to_regclass('events') AS events`)).toEqual([{ events: null }]);
    } finally {
      await other.drop();
    }
  });

  test('every proposal with its answers, co-proposers, invite, status and review, at its original time', async () => {
    expect(first.proposals).toBe(PROPOSALS + 1);
    const proposals = await query<{ status_id: number; n: string }>(
      target.url,
      'SELECT status_id, count(*) AS n FROM proposals WHERE call_id = 1 GROUP BY status_id ORDER BY status_id',
    );
    // the staff table's totals per status are the source's (the deleted user's proposal included, in SCHEDULING)
    expect(proposals.map((r) => [r.status_id, Number(r.n)])).toEqual([
      [1, PROPOSAL_COUNT_ODD],
      [2, PROPOSALS / 2],
      [8, 1],
    ]);
    const p1 = await query<{
      type: string;
      created_at: Date;
      actor: string | null;
      data: Record<string, unknown>;
    }>(
      target.url,
      `SELECT type, created_at, metadata->>'actorId' AS actor, data FROM events WHERE stream_id = 'proposal-2'
        ORDER BY stream_version`,
    );
    expect(p1.map((e) => e.type)).toEqual(['ProposalCreated', 'ProposalSubmitted', 'ProposalStatusChanged']);
    expect(p1[0].created_at.toISOString()).toBe('2019-03-01T00:02:00.000Z');
    expect(p1[0].actor).toBe('2');
    expect(p1[0].data).toMatchObject({ proposalPk: 2, proposalId: '000002', callId: 1 });
    expect(p1[2].data).toMatchObject({
      statusId: 2,
      previousStatusId: 1,
      changedBy: 'workflow',
      connectionId: 2,
    });
    const answers = await query<{ data: { answers: { questionId: string; value: unknown }[] } }>(
      target.url,
      `SELECT data FROM events WHERE stream_id = 'questionary-1' AND type = 'TopicAnswered' ORDER BY stream_version`,
    );
    const values = Object.fromEntries(
      answers.flatMap((e) => e.data.answers.map((a) => [a.questionId, a.value])),
    );
    expect(values).toMatchObject({
      q_1: 'Answer 1 of 1',
      q_6: 'Answer 6 of 1',
      q_bool: true,
      q_rich: AWKWARD.rich,
    });
    const invite = await query<{ email: string }>(
      target.url,
      'SELECT email FROM proposal_invites WHERE proposal_pk = 1',
    );
    expect(invite).toEqual([{ email: 'friend@uoc.test' }]);
    const members = await query<{ user_id: number }>(
      target.url,
      'SELECT user_id FROM proposal_users WHERE proposal_pk = 5',
    );
    expect(members).toEqual([{ user_id: 3 }]);
    const review = await query<{ type: string }>(
      target.url,
      `SELECT type FROM events WHERE stream_id = 'proposal-assessment-2' ORDER BY stream_version`,
    );
    expect(review.map((r) => r.type)).toEqual([
      'ProposalInstrumentsAssigned',
      'TechnicalReviewSaved',
      'TechnicalReviewSubmitted',
    ]);
    const user = await query<{ oidc_sub: string }>(target.url, 'SELECT oidc_sub FROM users WHERE id = 2');
    expect(user).toEqual([{ oidc_sub: 'uoc-sub-pi' }]);
    // ids continue after UOC's
    const seq = await query<{ last_value: string }>(target.url, 'SELECT last_value FROM proposal_pk_seq');
    expect(Number(seq[0].last_value)).toBe(900001);
  });

  test('the awkward rows are in the report with their source row and reason, and the import went on', () => {
    for (const { kind, row, reason } of [
      AWKWARD.deletedUser,
      AWKWARD.removedQuestion,
      AWKWARD.missingDependency,
      AWKWARD.unknownType,
      AWKWARD.unreachableStatus,
    ]) {
      expect(
        first.problems.filter(
          (p) => p.kind === kind && p.sourceRow.includes(row) && p.reason.includes(reason),
        ),
      ).toHaveLength(1);
    }
  });

  // kinds/ (40a)
  test('settings, features, pages, predefined messages, units, techniques, availability time (40a)', async () => {
    const q = <T>(text: string) => query<T>(target.url, text);
    expect(await q(`SELECT settings_id, settings_value FROM settings ORDER BY 1`)).toEqual([
      { settings_id: 'TIMEZONE', settings_value: 'Europe/Stockholm' },
    ]);
    expect(await q(`SELECT feature_id, is_enabled FROM features ORDER BY 1`)).toEqual([
      { feature_id: 'RISK_ASSESSMENT', is_enabled: true },
      { feature_id: 'SHIPPING', is_enabled: false },
    ]);
    const pages = await q<{ page_id: string; content: string }>(
      `SELECT page_id, content FROM page_content ORDER BY 1`,
    );
    expect(pages).toEqual([
      { page_id: 'HELPPAGE', content: '<p>Ask the user office</p>' },
      { page_id: 'HOMEPAGE', content: '<p>Welcome to <b>UOC</b></p>' },
    ]);
    expect(
      await q(`SELECT id, title, message, key, last_modified_by FROM predefined_messages ORDER BY id`),
    ).toEqual([
      { id: 7, title: 'Thanks', message: 'Thank you for your proposal', key: 'user', last_modified_by: 1 },
    ]);
    expect(await q(`SELECT id, symbol, si_conversion_formula FROM units WHERE id = 'centimeter'`)).toEqual([
      { id: 'centimeter', symbol: 'cm', si_conversion_formula: 'x / 100' },
    ]);
    expect(await q(`SELECT id, name, short_code FROM techniques`)).toEqual([
      { id: 3, name: 'Diffraction', short_code: 'DIFF' },
    ]);
    expect(await q(`SELECT technique_id, user_id FROM technique_scientists`)).toEqual([
      { technique_id: 3, user_id: 4 },
    ]);
    expect(await q(`SELECT technique_id, instrument_id FROM technique_instruments`)).toEqual([
      { technique_id: 3, instrument_id: 1 },
    ]);
    expect(await q(`SELECT proposal_pk, technique_id FROM proposal_techniques`)).toEqual([
      { proposal_pk: 3, technique_id: 3 },
    ]);
    expect(await q(`SELECT call_id, instrument_id, availability_time FROM instrument_calls`)).toEqual([
      { call_id: 1, instrument_id: 1, availability_time: 120 },
    ]);
    const seqs = await q<{ t: string; p: string }>(
      `SELECT (SELECT last_value FROM technique_id_seq) AS t, (SELECT last_value FROM predefined_message_id_seq) AS p`,
    );
    expect(seqs.map((r) => [Number(r.t), Number(r.p)])).toEqual([[3, 8]]); // past every UOC id, the ones not imported too
  });

  test('internal reviews, scientist comments, samples, sub-templates, files, PDF templates (40a)', async () => {
    const q = <T>(text: string) => query<T>(target.url, text);
    const review = await q<{ created_at: Date }>(
      `SELECT id, technical_review_id, title, reviewer_id, assigned_by, created_at FROM internal_reviews`,
    );
    expect(review).toMatchObject([
      { id: 5, technical_review_id: 2, title: 'A second look', reviewer_id: 4, assigned_by: 1 },
    ]);
    expect(review[0].created_at.toISOString()).toBe('2019-05-01T00:00:00.000Z');
    expect(await q(`SELECT comment_id, proposal_pk, comment FROM proposal_scientist_comments`)).toEqual([
      { comment_id: 6, proposal_pk: 2, comment: '<p>Promising</p>' },
    ]);
    expect(
      await q(
        `SELECT sample_id, title, proposal_pk, questionary_id, safety_status, safety_comment FROM samples`,
      ),
    ).toEqual([
      {
        sample_id: 8,
        title: 'Sample A',
        proposal_pk: 2,
        questionary_id: 900101,
        safety_status: 'ELEVATED_RISK',
        safety_comment: 'Handle with care',
      },
    ]);
    expect(
      await q(`SELECT generic_template_id, title, proposal_pk, question_id FROM generic_templates`),
    ).toEqual([{ generic_template_id: 9, title: 'Sub A', proposal_pk: 2, question_id: 'q_subs' }]);
    expect(
      await q(
        `SELECT questionary_id, question_id, value FROM questionary_answers WHERE questionary_id BETWEEN 900100 AND 900199 ORDER BY 1`,
      ),
    ).toEqual([
      { questionary_id: 900101, question_id: 'q_mass', value: '5 g' },
      { questionary_id: 900102, question_id: 'q_sub_name', value: 'Part one' },
    ]);
    const files = await q<{
      file_id: string;
      original_file_name: string;
      size_in_bytes: string;
      content: string;
    }>(
      `SELECT f.file_id, f.original_file_name, f.size_in_bytes, convert_from(c.content, 'UTF8') AS content
         FROM files f JOIN file_contents c ON c.file_id = f.file_id WHERE f.file_id = '${FILE_40A}'`,
    );
    expect(files).toEqual([
      { file_id: FILE_40A, original_file_name: 'notes.txt', size_in_bytes: '11', content: 'hello world' },
    ]);
    // a large content comes across a chunk at a time, whole
    expect(
      await q(`SELECT count(*)::int AS parts, sum(octet_length(c.content))::int AS size,
          md5(string_agg(c.content, ''::bytea ORDER BY c.part)) = md5(convert_to(repeat('0123456789', 262144), 'UTF8')) AS same,
          (SELECT mime_type FROM files WHERE file_id = '${FILE_40A_LARGE}') AS mime
        FROM file_contents c WHERE c.file_id = '${FILE_40A_LARGE}'`),
    ).toEqual([{ parts: 3, size: 2621440, same: true, mime: 'application/octet-stream' }]);
    expect(await q(`SELECT template_id, template_data FROM pdf_templates`)).toEqual([
      { template_id: 4, template_data: '<h1>{{ proposal.title }}</h1> v2' },
    ]);
    expect(
      await q(
        `SELECT (SELECT last_value FROM sample_id_seq) AS s, (SELECT last_value FROM generic_template_id_seq) AS g`,
      ),
    ).toEqual([{ s: '9', g: '10' }]);
    // old_files: the row of a file still in files came across with it (no problem), the other is listed
    expect(first.problems.filter((p) => p.kind === 'old_files')).toHaveLength(1);
    expect(first.kinds.old_files).toEqual({ read: 2, events: 0 });
    for (const [kind, row, reason] of AWKWARD_40A)
      expect(
        first.problems.filter(
          (p) => p.kind === kind && p.sourceRow.includes(row) && p.reason.includes(reason),
        ),
      ).toHaveLength(1);
  });

  test('the read models these kinds feed are their events (projections:verify) (40a)', async () => {
    const results = await verifyProjections(
      [
        'settings',
        'page_content',
        'predefined_messages',
        'units',
        'instruments',
        'technical_reviews',
        'internal_reviews',
        'proposal_scientist_comments',
        'samples',
        'generic-templates',
        'files',
        'templates',
        'questionaries',
      ],
      { databaseUrl: target.url },
    );
    expect(results.filter((r) => !verified(r)).map((r) => r.name)).toEqual([]);
  }, 60_000);

  test('(40b) FAPs: panels, members, assignments, reviews with grades, ranking, decisions, FAP time', async () => {
    const faps = await query<{ id: number; code: string; active: boolean; files: string | null }>(
      target.url,
      'SELECT id, code, active, files FROM faps ORDER BY id',
    );
    expect(faps).toEqual([
      { id: 1, code: 'FAP-A', active: true, files: null },
      { id: 2, code: 'FAP-B', active: false, files: '["file-1"]' },
    ]);
    // the call's panels (call_has_faps) are on its CallCreated; the one the source lacks is in the report
    const call = await query<{ fap_ids: number[]; event: number[] }>(
      target.url,
      `SELECT data->'fapIds' AS fap_ids, (SELECT data->'fapIds' FROM events WHERE stream_id = 'call-1'
         AND type = 'CallCreated') AS event FROM calls WHERE call_id = 1`,
    );
    expect(call).toEqual([{ fap_ids: [1, 2], event: [1, 2] }]);
    const members = await query<{ user_id: number; role: string }>(
      target.url,
      'SELECT user_id, role FROM fap_members WHERE fap_id = 1 ORDER BY role, user_id',
    );
    expect(members.map((m) => `${m.role}:${m.user_id}`)).toEqual([
      'FAP_CHAIR:1',
      'FAP_REVIEWER:3',
      'FAP_REVIEWER:4',
      'FAP_SECRETARY:3',
    ]);
    const assigned = await query<{ proposal_pk: number; instrument_id: number; date_assigned: Date }>(
      target.url,
      'SELECT proposal_pk, instrument_id, date_assigned FROM fap_proposals WHERE fap_id = 1 ORDER BY proposal_pk',
    );
    expect(assigned.map((a) => [a.proposal_pk, a.instrument_id, a.date_assigned.toISOString()])).toEqual([
      [2, 1, '2019-05-01T00:00:00.000Z'],
      [4, 1, '2019-05-01T00:00:00.000Z'],
    ]);
    const reviews = await query<{
      review_id: number;
      user_id: number;
      grade: number | null;
      status: string;
      rank: number | null;
    }>(target.url, 'SELECT review_id, user_id, grade, status, rank FROM fap_reviews ORDER BY review_id');
    expect(reviews).toEqual([
      { review_id: 1, user_id: 4, grade: 1.5, status: 'SUBMITTED', rank: 1 },
      { review_id: 2, user_id: 3, grade: null, status: 'DRAFT', rank: null },
      { review_id: 3, user_id: 4, grade: null, status: 'DRAFT', rank: null },
    ]);
    const decision = await query<Record<string, unknown>>(
      target.url,
      `SELECT recommendation, comment_for_user, rank_order, submitted, submitted_by FROM fap_meeting_decisions
        WHERE proposal_pk = 2`,
    );
    expect(decision).toEqual([
      {
        recommendation: 'ACCEPTED',
        comment_for_user: 'Congratulations',
        rank_order: 1,
        submitted: true,
        submitted_by: 1,
      },
    ]);
    const time = await query<{ fap_time_allocation: number }>(
      target.url,
      'SELECT fap_time_allocation FROM fap_time_allocations WHERE proposal_pk = 2 AND fap_id = 1',
    );
    expect(time).toEqual([{ fap_time_allocation: 5 }]);
    const submitted = await query<{ submitted: boolean }>(
      target.url,
      'SELECT submitted FROM fap_instrument_submissions WHERE fap_id = 1 AND call_id = 1 AND instrument_id = 1',
    );
    expect(submitted).toEqual([{ submitted: true }]);
    // the reviewer's grade at its original time, by the reviewer
    const saved = await query<{ created_at: Date; actor: string }>(
      target.url,
      `SELECT created_at, metadata->>'actorId' AS actor FROM events WHERE stream_id = 'fap-proposal-2'
        AND type = 'FapReviewSaved' AND data->>'reviewId' = '1'`,
    );
    expect(saved.map((e) => [e.created_at.toISOString(), e.actor])).toEqual([
      ['2019-05-10T00:00:00.000Z', '4'],
    ]);
    const seq = await query<{ last_value: string }>(target.url, 'SELECT last_value FROM fap_review_id_seq');
    expect(Number(seq[0].last_value)).toBe(3);
  });

  test('(40b) experiments with their safety input, visits, shipments and feedback, with their answers', async () => {
    const experiments = await query<Record<string, unknown>>(
      target.url,
      `SELECT experiment_pk, experiment_id, proposal_pk, status, local_contact_id, scheduled_event_id, workflow_id,
              workflow_status_id FROM experiments ORDER BY experiment_pk`,
    );
    expect(experiments).toEqual([
      {
        experiment_pk: 1,
        experiment_id: 'E-0001',
        proposal_pk: 2,
        status: 'ACTIVE',
        local_contact_id: 4,
        scheduled_event_id: '501',
        workflow_id: 2,
        workflow_status_id: 21,
      },
      {
        experiment_pk: 2,
        experiment_id: 'E-0002',
        proposal_pk: 4,
        status: 'COMPLETED',
        local_contact_id: null,
        scheduled_event_id: '502',
        workflow_id: 2,
        workflow_status_id: 20,
      },
    ]);
    const safety = await query<Record<string, unknown>>(
      target.url,
      `SELECT experiment_pk, esi_questionary_id, scientist_decision, reviewer_decision, reviewer_by,
              submitted_at IS NOT NULL AS submitted FROM experiment_safety`,
    );
    expect(safety).toEqual([
      {
        experiment_pk: 1,
        esi_questionary_id: 950002,
        scientist_decision: 'ACCEPTED',
        reviewer_decision: 'ACCEPTED',
        reviewer_by: 1,
        submitted: true,
      },
    ]);
    const samples = await query<{ sample_id: number }>(
      target.url,
      'SELECT sample_id FROM experiment_samples',
    );
    expect(samples).toEqual([{ sample_id: 1 }]);
    const registrations = await query<{
      user_id: number;
      status: string;
      registration_questionary_id: number | null;
    }>(
      target.url,
      'SELECT user_id, status, registration_questionary_id FROM visit_registrations WHERE visit_id = 1 ORDER BY user_id',
    );
    expect(registrations).toEqual([
      { user_id: 2, status: 'APPROVED', registration_questionary_id: 950004 },
      { user_id: 3, status: 'DRAFTED', registration_questionary_id: null },
    ]);
    const shipments = await query<{ title: string; status: string }>(
      target.url,
      'SELECT title, status FROM shipments WHERE shipment_id = 1',
    );
    expect(shipments).toEqual([{ title: 'Crystals, box 1', status: 'SUBMITTED' }]);
    const feedback = await query<{ feedback_id: number; status: string }>(
      target.url,
      'SELECT feedback_id, status FROM feedbacks ORDER BY feedback_id',
    );
    expect(feedback).toEqual([{ feedback_id: 1, status: 'SUBMITTED' }]);
    const answers = await query<{ questionary_id: number; value: unknown }>(
      target.url,
      `SELECT questionary_id, value FROM questionary_answers WHERE questionary_id BETWEEN 950001 AND 950007
        ORDER BY questionary_id`,
    );
    expect(answers.map((a) => [a.questionary_id, a.value])).toEqual([
      [950001, 'Great beam'],
      [950002, 'ESI answer'],
      [950004, 'Arriving by train'],
      [950005, 'Dry ice'],
      [950007, 'Notes of the FAP review'],
    ]);
    for (const [seq, max] of [
      ['experiment_pk_seq', 3],
      ['visit_id_seq', 1],
      ['shipment_id_seq', 1],
      ['feedback_id_seq', 2],
    ] as const) {
      const v = await query<{ last_value: string }>(target.url, `SELECT last_value FROM ${seq}`);
      expect([seq, Number(v[0].last_value)]).toEqual([seq, max]);
    }
  });

  test("(40b) the status-actions log, and UOC's other event_logs rows as legacy history", async () => {
    const logs = await query<{
      log_id: number;
      successful: boolean;
      action_type: string;
      proposals: { primaryKey: number }[];
    }>(
      target.url,
      'SELECT log_id, successful, action_type, proposals FROM status_actions_logs ORDER BY log_id',
    );
    expect(
      logs.map((l) => [l.log_id, l.successful, l.action_type, l.proposals.map((p) => p.primaryKey)]),
    ).toEqual([
      [1, true, 'EMAIL', [2]],
      [2, false, 'RABBITMQ', [2, 4]],
    ]);
    const legacy = await query<{
      id: string;
      changed_by: number | null;
      event_tstamp: Date;
      proposal_pk: number | null;
      description: string;
    }>(
      target.url,
      `SELECT changed_object_id AS id, changed_by, event_tstamp, proposal_pk, description FROM event_logs
        WHERE event_type = 'LegacyEventLogged' ORDER BY event_tstamp`,
    );
    expect(
      legacy.map((l) => [l.id, l.changed_by, l.event_tstamp.toISOString(), l.proposal_pk, l.description]),
    ).toEqual([
      ['2', 2, '2019-03-01T00:02:00.000Z', 2, 'UOC PROPOSAL_CREATED: Proposal created'],
      ['3', 1, '2019-04-01T00:00:00.000Z', null, 'UOC USER_UPDATED (user 3)'],
      ['1', null, '2019-04-02T00:00:00.000Z', null, 'UOC CALL_UPDATED: Call updated'],
    ]);
    // the proposal's row is in its history's stream (the history reads legacy-event-log-proposal-<pk>)
    const streams = await query<{ stream_id: string }>(
      target.url,
      `SELECT stream_id FROM events WHERE type = 'LegacyEventLogged' ORDER BY stream_id`,
    );
    expect(streams.map((r) => r.stream_id)).toEqual([
      'legacy-event-log-3',
      'legacy-event-log-4',
      'legacy-event-log-proposal-2',
    ]);
    // UOC's impersonating user: the event's impersonator (shown as impersonatedBy), and in the legacy row's data
    const impersonated = await query<{ from: string; type: string; by: string | null; data: string | null }>(
      target.url,
      `SELECT metadata->>'importedFrom' AS from, type, metadata->>'impersonatorId' AS by,
              data->>'impersonatingUserId' AS data
         FROM events WHERE metadata->>'importedFrom' IN ('uoc:event_logs/1', 'uoc:event_logs/2', 'uoc:event_logs/3',
           'uoc:event_logs/4') ORDER BY 1`,
    );
    expect(impersonated.map((r) => [r.from, r.type, r.by, r.data])).toEqual([
      ['uoc:event_logs/1', 'ProposalStatusChanged', '1', null],
      ['uoc:event_logs/2', 'LegacyEventLogged', '1', '1'],
      ['uoc:event_logs/3', 'LegacyEventLogged', null, null],
      ['uoc:event_logs/4', 'LegacyEventLogged', null, '98'],
    ]);
    const shown = await query<{ impersonated_by: number | null }>(
      target.url,
      `SELECT impersonated_by FROM event_logs WHERE event_type = 'LegacyEventLogged' ORDER BY event_tstamp`,
    );
    expect(shown.map((r) => r.impersonated_by)).toEqual([1, null, null]);
  });

  test('(40b) each later kind keeps a checkpoint, complete after the first pass', async () => {
    const cps = await query<{ kind: string; complete: boolean; last_key: string }>(
      target.url,
      `SELECT kind, complete, last_key FROM uoc_import_checkpoints WHERE kind LIKE 'kinds/%' ORDER BY kind`,
    );
    expect(cps.map((c) => [c.kind, c.complete, Number(c.last_key)])).toEqual([
      ['kinds/event_logs', true, 4],
      ['kinds/experiments', true, 3],
      ['kinds/fap_proposals', true, 777777],
      ['kinds/feedback', true, 2],
      ['kinds/shipments', true, 1],
      ['kinds/status_actions_logs', true, 3],
      ['kinds/visits', true, 1],
    ]);
  });

  test('(40b) the awkward rows of the later kinds are in the report', () => {
    for (const { kind, row, reason } of AWKWARD_40B)
      expect(
        first.problems.filter(
          (p) => p.kind === kind && p.sourceRow.includes(row) && p.reason.includes(reason),
        ),
      ).toHaveLength(1);
  });

  test('(40b) every read model rebuilt from the imported events equals the one the import wrote', async () => {
    const results = await verifyProjections([], { databaseUrl: target.url });
    expect(results.filter((r) => !verified(r)).map((r) => r.name)).toEqual([]);
  }, 60_000);

  test('a second run imports nothing and says so', async () => {
    const before = await history(target.url);
    const again = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    expect(again.nothingNew).toBe(true);
    expect(again.events).toBe(0);
    expect(await history(target.url)).toEqual(before);
  }, 30_000);

  test('a run killed with SIGKILL midway, run again, holds every record exactly once', async () => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', 'scripts/import-uoc.ts', '--source', source.url, '--batch', '10'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: killed.url, UOC_IMPORT_PAUSE_MS: '200', NODE_OPTIONS: '' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.on('exit', r));
    // killed once a few batches are committed
    for (let i = 0; i < 400; i++) {
      const cp = await query<{ last_key: string }>(
        killed.url,
        `SELECT last_key FROM uoc_import_checkpoints WHERE kind = 'proposals'`,
      ).catch(() => []);
      if (cp.length > 0 && Number(cp[0].last_key) >= 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    await exited;
    const partial = await query<{ n: string }>(killed.url, 'SELECT count(*) AS n FROM proposals');
    expect(Number(partial[0].n)).toBeGreaterThan(0);
    expect(Number(partial[0].n)).toBeLessThan(PROPOSALS);
    const resumed = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: killed.url } });
    expect(resumed.events).toBeGreaterThan(0);
    expect(await history(killed.url)).toEqual(await history(target.url));
  }, 60_000);

  test('killed with SIGKILL at several points of the later kinds, run again, every record is there exactly once', async () => {
    const store = await createTestDatabase('uoc_kill_later');
    try {
      // each run killed once the kind has checkpointed its first batch (one row a batch: every kind stops midway);
      // where marked, the checkpoint is then taken back, as if the run had died between the write and the checkpoint
      const points: { kind: string; uncheckpointed: boolean }[] = [
        { kind: 'samples', uncheckpointed: true },
        { kind: 'kinds/fap_proposals', uncheckpointed: false },
        { kind: 'kinds/experiments', uncheckpointed: true },
        { kind: 'kinds/feedback', uncheckpointed: false },
        { kind: 'kinds/event_logs', uncheckpointed: true },
      ];
      for (const { kind, uncheckpointed } of points) {
        const child = spawn(
          process.execPath,
          ['-r', '@swc-node/register', 'scripts/import-uoc.ts', '--source', source.url],
          {
            cwd: ROOT,
            env: {
              ...process.env,
              DATABASE_URL: store.url,
              UOC_IMPORT_PAUSE_MS: '500',
              UOC_IMPORT_PAUSE_KIND: kind,
              UOC_IMPORT_KIND_BATCH: '1',
              NODE_OPTIONS: '',
            },
            stdio: 'ignore',
          },
        );
        let exitCode: number | null = null;
        const exited = new Promise((r) =>
          child.on('exit', (code) => {
            exitCode = code;
            r(code);
          }),
        );
        let at: { last_key: string; complete: boolean } | undefined;
        for (let i = 0; i < 600 && exitCode === null; i++) {
          [at] = await query<{ last_key: string; complete: boolean }>(
            store.url,
            'SELECT last_key, complete FROM uoc_import_checkpoints WHERE kind = $1',
            [kind],
          ).catch(() => []);
          if (at) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        child.kill('SIGKILL');
        await exited;
        // killed midway through the kind (a run is ~6 s, most of it starting up), not after it
        expect({ kind, complete: at?.complete }).toEqual({ kind, complete: false });
        if (uncheckpointed)
          await query(store.url, 'DELETE FROM uoc_import_checkpoints WHERE kind = $1', [kind]);
      }
      const resumed = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: store.url } });
      expect(resumed.events).toBeGreaterThan(0);
      // the report lists every row that could not come across, those the killed runs read included
      const listed = (r: UocImportReport) =>
        r.problems.map((p) => `${p.kind}|${p.sourceRow}|${p.reason}`).sort();
      expect(listed(resumed)).toEqual(listed(first));
      // every event of the clean import, once (same ids), in the same streams, with the same data
      const ids = (url: string) =>
        query<{ event_id: string }>(url, 'SELECT event_id FROM events ORDER BY event_id');
      expect(await ids(store.url)).toEqual(await ids(target.url));
      expect(await history(store.url)).toEqual(await history(target.url));
      const cps = await query<{ kind: string }>(
        store.url,
        'SELECT kind FROM uoc_import_checkpoints WHERE NOT complete ORDER BY kind',
      );
      expect(cps).toEqual([]);
      // and the read models these events feed hold the same rows (a record twice would show here too)
      const counts = (url: string) =>
        query(
          url,
          `SELECT (SELECT count(*) FROM proposals) AS proposals, (SELECT count(*) FROM samples) AS samples,
                  (SELECT count(*) FROM experiments) AS experiments, (SELECT count(*) FROM visits) AS visits,
                  (SELECT count(*) FROM shipments) AS shipments, (SELECT count(*) FROM feedbacks) AS feedbacks,
                  (SELECT count(*) FROM fap_reviews) AS fap_reviews, (SELECT count(*) FROM questionaries) AS questionaries`,
        );
      expect(await counts(store.url)).toEqual(await counts(target.url));
    } finally {
      await store.drop();
    }
  }, 180_000);

  // kinds/ (40a): last, as it changes the source (the killed run's history is compared with this store's before)
  test('a later run appends what changed in the source since, and then nothing (40a)', async () => {
    await query(
      source.url,
      `UPDATE settings SET settings_value = 'Europe/Paris' WHERE settings_id = 'TIMEZONE';
       UPDATE features SET is_enabled = true WHERE feature_id = 'SHIPPING';
       UPDATE pagetext SET content = '<p>Help is here</p>' WHERE pagetext_id = 2;
       UPDATE predefined_messages SET message = 'Thanks!' WHERE predefined_message_id = 7;
       UPDATE units SET symbol = 'cm.' WHERE unit_id = 'centimeter';
       UPDATE call_has_instruments SET availability_time = 90 WHERE instrument_id = 1;
       UPDATE internal_reviews SET comment = '<p>Fine, really</p>' WHERE internal_review_id = 5;
       UPDATE proposal_internal_comments SET comment = 'Very promising' WHERE comment_id = 6;
       DELETE FROM call_has_faps WHERE call_id = 1 AND fap_id = 2;`,
    );
    const again = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    expect(again.events).toBe(9);
    // the call's panels changed alone: a CallUpdated with the new set
    const callUpdates = await query<{ data: { fapIds: number[]; shortCode: string } }>(
      target.url,
      `SELECT data FROM events WHERE stream_id = 'call-1' AND type = 'CallUpdated' ORDER BY stream_version`,
    );
    expect(callUpdates.map((e) => e.data.fapIds)).toEqual([[1]]);
    const q = <T>(text: string) => query<T>(target.url, text);
    expect(
      await q(`SELECT
        (SELECT settings_value FROM settings WHERE settings_id = 'TIMEZONE') AS tz,
        (SELECT is_enabled FROM features WHERE feature_id = 'SHIPPING') AS shipping,
        (SELECT content FROM page_content WHERE page_id = 'HELPPAGE') AS help,
        (SELECT message FROM predefined_messages WHERE id = 7) AS message,
        (SELECT symbol FROM units WHERE id = 'centimeter') AS symbol,
        (SELECT availability_time FROM instrument_calls WHERE instrument_id = 1) AS time,
        (SELECT comment FROM internal_reviews WHERE id = 5) AS review,
        (SELECT comment FROM proposal_scientist_comments WHERE comment_id = 6) AS comment,
        (SELECT data->'fapIds' FROM calls WHERE call_id = 1) AS call_faps`),
    ).toEqual([
      {
        tz: 'Europe/Paris',
        shipping: true,
        help: '<p>Help is here</p>',
        message: 'Thanks!',
        symbol: 'cm.',
        time: 90,
        review: '<p>Fine, really</p>',
        comment: 'Very promising',
        call_faps: [1],
      },
    ]);
    const third = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    expect(third.nothingNew).toBe(true);
  }, 60_000);

  test("a later run appends a proposal's, user's, call's, experiment's, shipment's and FAP's changes as update events", async () => {
    const before = await history(target.url);
    const [{ head }] = await query<{ head: string }>(
      target.url,
      'SELECT coalesce(max(position), 0)::text AS head FROM events',
    );
    await query(
      source.url,
      `UPDATE proposals SET title = 'A better title', abstract = 'A better abstract', updated_at = '2020-01-05Z'
        WHERE proposal_pk = 3;
       INSERT INTO proposal_user VALUES (5, 4);
       ALTER TABLE users ADD COLUMN updated_at timestamptz;
       UPDATE users SET firstname = 'Carla', email = 'carla@uoc.test', updated_at = '2020-01-06Z' WHERE user_id = 3;
       UPDATE users SET lastname = 'Proposer-Smith' WHERE user_id = 2;
       INSERT INTO role_user VALUES (2, 4);
       UPDATE call SET end_call = '2019-07-31Z', title = 'Call 2019 (extended)' WHERE call_id = 1;
       UPDATE experiments SET ends_at = '2019-10-04T08:00Z', status = 'COMPLETED', updated_at = '2020-01-07Z'
        WHERE experiment_pk = 1;
       UPDATE shipments SET title = 'Crystals, box 1 of 2' WHERE shipment_id = 1;
       UPDATE faps SET description = 'Panel A (physics)', number_ratings_required = 3 WHERE fap_id = 1;`,
    );
    const again = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    const after = await history(target.url);
    // the history before is untouched: the new events come after it, each the module's own update event
    expect(
      after.filter((e) =>
        before.some((b) => b.stream_id === e.stream_id && b.stream_version === e.stream_version),
      ),
    ).toEqual(before);
    const added = after
      .filter(
        (e) => !before.some((b) => b.stream_id === e.stream_id && b.stream_version === e.stream_version),
      )
      .map((e) => [e.stream_id, e.type, e.from]);
    expect(added.sort()).toEqual(
      [
        ['call-1', 'CallUpdated', 'uoc:call/1'],
        ['experiment-1', 'ExperimentUpdated', 'uoc:experiments/1'],
        ['fap-1', 'FapUpdated', 'uoc:faps/1'],
        ['shipment-1', 'ShipmentUpdated', 'uoc:shipments/1'],
        ['proposal-3', 'ProposalUpdated', 'uoc:proposals/3'],
        ['proposal-5', 'ProposalUpdated', 'uoc:proposals/5'],
        ['user-2', 'UserUpdated', 'uoc:users/2'],
        ['user-3', 'UserUpdated', 'uoc:users/3'],
        ['user-4', 'UserRolesUpdated', 'uoc:users/4'],
      ].sort(),
    );
    expect(again.events).toBe(9);
    // this run's update events: a stream may hold an earlier one (call-1 the panels' CallUpdated of the 40a run),
    // which an order by stream alone would return before or after this one as the heap happens to lie
    const events = await query<{ stream_id: string; created_at: Date; data: Record<string, unknown> }>(
      target.url,
      `SELECT stream_id, created_at, data FROM events
        WHERE position > $1 AND type IN ('ProposalUpdated', 'UserUpdated', 'UserRolesUpdated', 'CallUpdated',
          'ExperimentUpdated', 'ShipmentUpdated', 'FapUpdated') ORDER BY stream_id, stream_version`,
      [head],
    );
    const of = (stream: string) => {
      const found = events.filter((e) => e.stream_id === stream);
      expect(found).toHaveLength(1);
      return found[0];
    };
    // the source's modification time where the row has one
    expect(of('proposal-3').created_at.toISOString()).toBe('2020-01-05T00:00:00.000Z');
    expect(of('proposal-3').data).toEqual({
      proposalPk: 3,
      title: 'A better title',
      abstract: 'A better abstract',
      proposerId: 2,
      userIds: [],
    });
    expect(of('proposal-5').data).toMatchObject({ userIds: [3, 4] });
    expect(of('user-3').created_at.toISOString()).toBe('2020-01-06T00:00:00.000Z');
    expect(of('user-3').data).toEqual({ id: 3, changes: { firstname: 'Carla', email: 'carla@uoc.test' } });
    expect(of('user-2').data).toEqual({ id: 2, changes: { lastname: 'Proposer-Smith' } });
    expect(of('user-4').data).toEqual({ id: 4, roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'] });
    expect(of('call-1').data).toMatchObject({
      callId: 1,
      title: 'Call 2019 (extended)',
      endCall: '2019-07-31T00:00:00.000Z',
      startCall: '2019-01-01T00:00:00.000Z',
      // the panels as the 40a run left them: a changed call keeps them
      fapIds: [1],
    });
    // the call's updates in order: the panels' of the 40a run, then this run's changed title and end
    const callUpdates = await query<{ data: { title: string; fapIds: number[] } }>(
      target.url,
      `SELECT data FROM events WHERE stream_id = 'call-1' AND type = 'CallUpdated' ORDER BY stream_version`,
    );
    expect(callUpdates.map((e) => [e.data.title, e.data.fapIds])).toEqual([
      ['Call 2019', [1]],
      ['Call 2019 (extended)', [1]],
    ]);
    expect(of('experiment-1').created_at.toISOString()).toBe('2020-01-07T00:00:00.000Z');
    expect(of('experiment-1').data).toMatchObject({
      experimentPk: 1,
      endsAt: '2019-10-04T08:00:00.000Z',
      status: 'COMPLETED',
      previousStatus: 'ACTIVE',
    });
    expect(of('shipment-1').data).toEqual({ shipmentId: 1, title: 'Crystals, box 1 of 2' });
    expect(of('fap-1').data).toMatchObject({
      id: 1,
      description: 'Panel A (physics)',
      numberRatingsRequired: 3,
    });
    // the read models the portal and the console read show the new values
    const q = <T>(text: string) => query<T>(target.url, text);
    expect(
      await q(`SELECT
        (SELECT title FROM proposals WHERE proposal_pk = 3) AS title,
        (SELECT abstract FROM proposals WHERE proposal_pk = 3) AS abstract,
        (SELECT title FROM proposal_views WHERE proposal_pk = 3) AS view_title,
        (SELECT pi_lastname FROM proposal_views WHERE proposal_pk = 3) AS pi_lastname,
        (SELECT array_agg(user_id ORDER BY user_id) FROM proposal_users WHERE proposal_pk = 5) AS members,
        (SELECT firstname || ' ' || email FROM users WHERE id = 3) AS user3,
        (SELECT roles FROM users WHERE id = 4) AS roles,
        (SELECT data->>'title' FROM calls WHERE call_id = 1) AS call_title,
        (SELECT end_call FROM calls WHERE call_id = 1) AS end_call,
        (SELECT data->'fapIds' FROM calls WHERE call_id = 1) AS call_faps,
        (SELECT status || ' ' || ends_at FROM experiments WHERE experiment_pk = 1) AS experiment,
        (SELECT title FROM shipments WHERE shipment_id = 1) AS shipment,
        (SELECT description FROM faps WHERE id = 1) AS fap`),
    ).toEqual([
      {
        title: 'A better title',
        abstract: 'A better abstract',
        view_title: 'A better title',
        pi_lastname: 'Proposer-Smith',
        members: [3, 4],
        user3: 'Carla carla@uoc.test',
        roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
        call_title: 'Call 2019 (extended)',
        end_call: new Date('2019-07-31T00:00:00.000Z'),
        call_faps: [1],
        experiment: 'COMPLETED 2019-10-04 08:00:00+00',
        shipment: 'Crystals, box 1 of 2',
        fap: 'Panel A (physics)',
      },
    ]);
    const results = await verifyProjections([], { databaseUrl: target.url });
    expect(results.filter((r) => !verified(r)).map((r) => r.name)).toEqual([]);
    const third = await runUocImport({ sourceUrl: source.url, overrides: { databaseUrl: target.url } });
    expect(third.nothingNew).toBe(true);
    expect(await history(target.url)).toEqual(after);
  }, 90_000);
});

const PROPOSAL_COUNT_ODD = PROPOSALS / 2;

// kinds/ (40a): a row of each of these kinds in the source, and the awkward ones
const FILE_40A = '0b3c6f2e-6b0a-4c47-9d4e-1f1f1f1f1f1f';
/** 2.5 MiB: three parts of the content store */
const FILE_40A_LARGE = '0b3c6f2e-6b0a-4c47-9d4e-2f2f2f2f2f2f';
const AWKWARD_40A: [kind: string, row: string, reason: string][] = [
  ['settings', 'settings_id=NO_SUCH_SETTING', 'no such setting'],
  ['settings', 'settings_id=IDLE_TIMEOUT', 'refused'],
  ['features', 'feature_id=TAGS', 'no such feature'],
  ['pagetext', 'pagetext_id=1', 'sanitised'],
  ['pagetext', 'pagetext_id=42', 'no page'],
  ['predefined_messages', 'predefined_message_id=8', 'unknown key'],
  ['units', 'unit_id=broken', 'no SI conversion formula'],
  ['technique_has_scientists', 'user_id=99', 'does not exist'],
  ['technique_has_proposals', 'proposal_id=77777', 'not imported'],
  ['call_has_instruments', 'instrument_id=55', 'instrument does not exist'],
  ['internal_reviews', 'internal_review_id=6', 'technical review 999 was not imported'],
  ['proposal_internal_comments', 'comment_id=7', 'another comment'],
  ['samples', 'sample_id=9', 'questionary 900109 does not exist'],
  ['generic_templates', 'generic_template_id=10', 'on no question'],
  ['files', 'file_id=0b3c6f2e-6b0a-4c47-9d4e-000000000002', 'content is missing'],
  ['files', 'file_id=0b3c6f2e-6b0a-4c47-9d4e-000000000003', 'content is missing'],
  ['old_files', 'file_id=2 file_uuid=0b3c6f2e-6b0a-4c47-9d4e-0000000000aa', 'no longer in files'],
  ['proposal_pdf_templates', 'proposal_pdf_template_id=3', 'not imported as a PDF template'],
  ['experiment_safety_pdf_templates', 'experiment_safety_pdf_template_id=1', 'no such template group'],
];

async function addKinds40a(url: string): Promise<void> {
  await query(
    url,
    `
    INSERT INTO settings VALUES ('TIMEZONE', 'Europe/Stockholm', 'IANA time zone'), ('DATE_FORMAT', '', 'unset'),
      ('NO_SUCH_SETTING', 'x', 'a setting of a later UOC'), ('IDLE_TIMEOUT', 'soon', 'not a number');
    INSERT INTO features VALUES ('SHIPPING', false), ('RISK_ASSESSMENT', true), ('SCHEDULER', true), ('TAGS', true);
    INSERT INTO pagetext VALUES (1, '<p>Welcome to <b>UOC</b><script>alert(1)</script></p>'),
      (2, '<p>Ask the user office</p>'), (42, 'a page of a later UOC');
    INSERT INTO predefined_messages VALUES (7, 'Thanks', 'user', 'Thank you for your proposal', '2019-06-01Z', 1),
      (8, 'Odd', 'SOMEONE', 'A key this product does not know', '2019-06-01Z', 1);
    INSERT INTO units VALUES ('centimeter', 'centimeter', 'length', 'cm', 'x / 100'), ('broken', 'broken', 'length', 'b', null);
    INSERT INTO techniques VALUES (3, 'Diffraction', 'DIFF', 'X-ray diffraction');
    INSERT INTO technique_has_scientists VALUES (3, 4), (3, 99);
    INSERT INTO technique_has_instruments VALUES (3, 1);
    INSERT INTO technique_has_proposals VALUES (3, 3), (3, 77777);
    INSERT INTO call_has_instruments VALUES (1, 1, 120, null), (1, 55, 10, null);
    INSERT INTO internal_reviews VALUES (5, 'A second look', '<p>Fine</p>', '[]', 4, 2, '2019-05-01Z', 1),
      (6, 'Of nothing', null, null, 4, 999, '2019-05-01Z', 1);
    INSERT INTO proposal_internal_comments VALUES (6, 2, '<p>Promising</p>', '2019-05-02Z'),
      (7, 2, 'A second one', '2019-05-03Z');
    INSERT INTO questions VALUES
      ('q_mass', 'TEXT_INPUT', 'Mass', '{}', '2019-01-01Z', 'mass', 2),
      ('q_sub_name', 'TEXT_INPUT', 'Name', '{}', '2019-01-01Z', 'sub_name', 7);
    INSERT INTO templates VALUES (2, 'Sample declaration', '', false, 'SAMPLE'),
      (3, 'Sub template', '', false, 'GENERIC_TEMPLATE'), (4, 'Proposal PDF', '', false, 'PROPOSAL_PDF');
    INSERT INTO topics VALUES (10, 'Sample', true, 0, 2), (11, 'Part', true, 0, 3), (12, 'PDF', true, 0, 4);
    INSERT INTO templates_has_questions VALUES ('q_mass', 2, 10, 0, '{}', 'AND'), ('q_sub_name', 3, 11, 0, '{}', 'AND');
    INSERT INTO questionaries VALUES (900101, 2, '2019-05-01Z', 2), (900102, 3, '2019-05-01Z', 2);
    INSERT INTO answers VALUES (200000001, 900101, 'q_mass', '{"value": "5 g"}', '2019-05-01Z'),
      (200000002, 900102, 'q_sub_name', '{"value": "Part one"}', '2019-05-01Z');
    INSERT INTO samples VALUES (8, 'Sample A', 2, 900101, 2, '2019-05-01Z', 'Handle with care', 2, 'q_samples', false),
      (9, 'Lost', 2, 900109, 0, '2019-05-01Z', null, 2, 'q_samples', false);
    INSERT INTO generic_templates VALUES (9, 'Sub A', 2, 900102, 2, '2019-05-01Z', 'q_subs'),
      (10, 'Nowhere', 2, 900102, 2, '2019-05-01Z', null);
    INSERT INTO files VALUES ('${FILE_40A}', 'notes.txt', 11, 'text/plain', lo_from_bytea(0, 'hello world'), '2019-05-01Z'),
      ('${FILE_40A_LARGE}', 'big.bin', 2621440, null, lo_from_bytea(0, convert_to(repeat('0123456789', 262144), 'UTF8')), '2019-05-01Z'),
      ('0b3c6f2e-6b0a-4c47-9d4e-000000000002', 'gone.pdf', 10, 'application/pdf', null, '2019-05-01Z'),
      ('0b3c6f2e-6b0a-4c47-9d4e-000000000003', 'gone2.pdf', 10, 'application/pdf', 987654321, '2019-05-01Z');
    INSERT INTO old_files VALUES (1, '${FILE_40A}', 'notes.txt', 4242),
      (2, '0b3c6f2e-6b0a-4c47-9d4e-0000000000aa', 'deleted.doc', null);
    INSERT INTO proposal_pdf_templates VALUES
      (1, 4, '<h1>{{ proposal.title }}</h1>', 'h', 'f', 's', '{}', 1, '2019-05-01Z'),
      (2, 4, '<h1>{{ proposal.title }}</h1> v2', 'h', 'f', 's', '{}', 1, '2019-05-02Z'),
      (3, 1, 'not a PDF template', 'h', 'f', 's', '{}', 1, '2019-05-02Z');
    INSERT INTO experiment_safety_pdf_templates VALUES (1, 1);
  `,
  );
}

// (40b) the later kinds: FAPs, experiments with their safety input, visits, shipments, feedback -----------------

/** the awkward rows of the 40b kinds, as the report names them */
const AWKWARD_40B = [
  { kind: 'fap_reviewers', row: 'fap_id=1 user_id=99', reason: 'does not exist' },
  { kind: 'call_has_faps', row: 'call_id=1 fap_id=66', reason: 'the FAP does not exist' },
  { kind: 'fap_proposals', row: 'proposal_pk=777777', reason: 'was not imported' },
  { kind: 'fap_reviews', row: 'review_id=2', reason: 'is not a number' },
  { kind: 'experiments', row: 'experiment_pk=3', reason: 'proposal 888888 was not imported' },
  { kind: 'visits_has_users', row: 'visit_id=1 user_id=99', reason: 'deleted user' },
  { kind: 'feedbacks', row: 'feedback_id=2', reason: 'already gave feedback 1' },
  { kind: 'status_actions_logs', row: 'status_actions_log_id=3', reason: 'its action 9 does not exist' },
  { kind: 'status_actions_log_has_proposals', row: 'proposal_pk=777777', reason: 'was not imported' },
  { kind: 'event_logs', row: 'id=4', reason: 'its user 99 does not exist' },
  { kind: 'event_logs', row: 'id=4', reason: 'its impersonating user 98 does not exist' },
  {
    kind: 'fap_reviews',
    row: 'reassigned/date_reassigned/email_sent set on 2 rows (review_id 1, 2)',
    reason: 'no reassignment or e-mail-sent flag',
  },
  { kind: 'questions', row: 'question_id=exp_safety_review_basis', reason: 'unknown question type' },
  { kind: 'questions', row: 'question_id=q_esr', reason: 'unknown question category 12' },
  { kind: 'questions', row: 'question_id=q_espdf', reason: 'unknown question category 13' },
  { kind: 'templates', row: 'template_id=21', reason: 'EXPERIMENT_SAFETY_REVIEW_TEMPLATE is not supported' },
  { kind: 'templates', row: 'template_id=22', reason: 'EXPERIMENT_SAFETY_PDF is not supported' },
  {
    kind: 'experiment_safety',
    row: 'experiment_safety_pk=1 safety_review_questionary_id=950008',
    reason: 'safety review questionary',
  },
  { kind: 'feedback_requests', row: 'feedback_request_id=1 experiment_pk=1', reason: 'not carried' },
  { kind: 'feedback_requests', row: 'feedback_request_id=2 experiment_pk=1', reason: 'not carried' },
];

/** one row (at least) of each 40b kind in the source, and the awkward ones of AWKWARD_40B */
async function addLaterKinds40b(url: string): Promise<void> {
  await query(
    url,
    `INSERT INTO statuses VALUES (20, 'EXP_SAFETY', 'Safety review', true, 'EXP_SAFETY', 'EXPERIMENT'),
       (21, 'EXP_APPROVED', 'Approved', true, 'EXP_APPROVED', 'EXPERIMENT');
     INSERT INTO workflows VALUES (2, 'Experiment workflow', 'Experiments', 'EXPERIMENT');
     INSERT INTO workflow_connections VALUES
       (3, 2, 20, 21, null, 0, 'experimentWorkflowConnections_0', null),
       (4, 2, 21, null, 20, 1, 'experimentWorkflowConnections_0', null);
     UPDATE call SET experiment_workflow_id = 2;
     INSERT INTO questions VALUES ('q_fb', 'TEXT_INPUT', 'How was it?', '{}', '2019-01-01Z', 'how_was_it', 8);
     INSERT INTO templates VALUES (20, 'Feedback', 'Feedback form', false, 'FEEDBACK');
     INSERT INTO topics VALUES (3, 'Feedback', true, 0, 20);
     INSERT INTO templates_has_questions VALUES ('q_fb', 20, 3, 0, '{}', 'AND');
     INSERT INTO questionaries VALUES (950001, 20, '2019-11-01Z', 2), (950002, 1, '2019-09-01Z', 2),
       (950003, 1, '2019-09-01Z', 2), (950004, 1, '2019-09-02Z', 2), (950005, 1, '2019-09-03Z', 2),
       (950006, 20, '2019-11-02Z', 2), (950007, 1, '2019-05-03Z', 4);
     INSERT INTO answers VALUES (210000001, 950001, 'q_fb', '{"value": "Great beam"}', '2019-11-01Z'),
       (210000002, 950002, 'q_1', '{"value": "ESI answer"}', '2019-09-01Z'),
       (210000003, 950004, 'q_1', '{"value": "Arriving by train"}', '2019-09-02Z'),
       (210000004, 950005, 'q_1', '{"value": "Dry ice"}', '2019-09-03Z'),
       (210000005, 950007, 'q_1', '{"value": "Notes of the FAP review"}', '2019-05-04Z');
     INSERT INTO faps (fap_id, code, description, number_ratings_required, active, grade_guide, custom_grade_guide, files)
       VALUES (1, 'FAP-A', 'Panel A', 2, true, 'Grade 1 (best) to 5', true, null),
              (2, 'FAP-B', 'Panel B', 1, false, null, null, '["file-1"]');
     INSERT INTO call_has_faps (call_id, fap_id) VALUES (1, 1), (1, 2), (1, 66);
     INSERT INTO fap_chairs (fap_id, user_id) VALUES (1, 1);
     INSERT INTO fap_secretaries (fap_id, user_id) VALUES (1, 3);
     INSERT INTO fap_reviewers (fap_id, user_id) VALUES (1, 4), (1, 3), (1, 99);
     INSERT INTO fap_proposals (proposal_pk, fap_id, date_assigned, call_id, fap_time_allocation, instrument_id,
       fap_meeting_instrument_submitted)
       VALUES (2, 1, '2019-05-01Z', 1, 5, 1, true), (4, 1, '2019-05-01Z', 1, null, 1, true),
              (777777, 1, '2019-05-01Z', 1, null, 1, false);
     INSERT INTO fap_reviews (review_id, user_id, proposal_pk, comment, grade, status, created_at, updated_at, fap_id,
       questionary_id, date_assigned, rank)
       VALUES (1, 4, 2, 'Excellent science', '1.5', 1, '2019-05-02Z', '2019-05-10Z', 1, null, '2019-05-02Z', 1),
              (2, 3, 2, 'Fine', 'excellent', 0, '2019-05-02Z', '2019-05-11Z', 1, null, '2019-05-02Z', null),
              (3, 4, 4, null, null, 0, '2019-05-03Z', '2019-05-03Z', 1, 950007, '2019-05-03Z', null);
     INSERT INTO fap_meeting_decisions (proposal_pk, comment_for_management, comment_for_user, rank_order,
       recommendation, submitted, submitted_by, instrument_id, fap_id)
       VALUES (2, 'Top of the list', 'Congratulations', 1, 1, true, 1, 1, 1);
     INSERT INTO experiments (experiment_pk, experiment_id, starts_at, ends_at, scheduled_event_id, proposal_pk, status,
       local_contact_id, instrument_id, created_at, updated_at)
       VALUES (1, 'E-0001', '2019-10-01T08:00Z', '2019-10-03T08:00Z', 501, 2, 'ACTIVE', 4, 1, '2019-08-01Z', '2019-08-02Z'),
              (2, 'E-0002', '2019-10-05T08:00Z', '2019-10-06T08:00Z', 502, 4, 'COMPLETED', null, 1, '2019-08-01Z', '2019-08-01Z'),
              (3, 'E-0003', '2019-10-07T08:00Z', '2019-10-08T08:00Z', 503, 888888, 'ACTIVE', null, 1, '2019-08-01Z', '2019-08-01Z');
     INSERT INTO experiment_safety (experiment_safety_pk, experiment_pk, esi_questionary_id, esi_questionary_submitted_at,
       created_by, safety_review_questionary_id, reviewed_by, created_at, updated_at, instrument_scientist_decision,
       instrument_scientist_decision_comment, experiment_safety_reviewer_decision,
       experiment_safety_reviewer_decision_comment, status_id)
       VALUES (1, 1, 950002, '2019-09-05Z', 2, null, 1, '2019-09-01Z', '2019-09-20Z', 1, 'Fine by me', 1, 'Safe', 21);
     INSERT INTO experiment_has_samples (experiment_pk, sample_id, is_esi_submitted, sample_esi_questionary_id,
       created_at, updated_at) VALUES (1, 1, true, 950003, '2019-09-01Z', '2019-09-04Z');
     INSERT INTO visits (visit_id, proposal_pk, creator_id, created_at, team_lead_user_id, experiment_pk)
       VALUES (1, 2, 2, '2019-09-02Z', 2, 1);
     INSERT INTO visits_has_users (visit_id, user_id, registration_questionary_id, starts_at, ends_at, status)
       VALUES (1, 2, 950004, '2019-10-01T07:00Z', '2019-10-03T18:00Z', 'APPROVED'), (1, 3, null, null, null, 'DRAFTED'),
              (1, 99, null, null, null, 'SUBMITTED');
     INSERT INTO shipments (shipment_id, title, proposal_pk, status, questionary_id, creator_id, created_at, experiment_pk)
       VALUES (1, 'Crystals, box 1', 2, 'SUBMITTED', 950005, 2, '2019-09-03Z', 1);
     INSERT INTO shipments_has_samples (shipment_id, sample_id) VALUES (1, 1);
     INSERT INTO feedbacks (feedback_id, status, questionary_id, creator_id, created_at, submitted_at, experiment_pk)
       VALUES (1, 'SUBMITTED', 950001, 2, '2019-11-01Z', '2019-11-03Z', 1),
              (2, 'DRAFT', 950006, 2, '2019-11-02Z', null, 1);
     INSERT INTO status_actions (status_action_id, type) VALUES (1, 'EMAIL'), (2, 'RABBITMQ');
     INSERT INTO status_actions_logs (status_actions_log_id, connection_id, action_id, email_status_action_recipient,
       status_actions_successful, status_actions_message, status_actions_tstamp)
       VALUES (1, 2, 1, 'pi@uoc.test', true, 'Email sent', '2019-03-03T00:01:00Z'),
              (2, 2, 2, null, false, 'Broker unreachable', '2019-03-03T00:02:00Z'),
              (3, 2, 9, null, true, 'An action since deleted', '2019-03-03T00:03:00Z');
     INSERT INTO status_actions_log_has_proposals (status_actions_log_id, proposal_pk)
       VALUES (1, 2), (1, 777777), (2, 2), (2, 4);
     INSERT INTO event_logs (id, changed_by, event_type, row_data, event_tstamp, changed_object_id, description,
       impersonating_user_id)
       VALUES (2, 2, 'PROPOSAL_CREATED', '{"primaryKey": 2}', '2019-03-01T00:02:00Z', '2', 'Proposal created', 1),
              (3, 1, 'USER_UPDATED', '{"id": 3}', '2019-04-01Z', '3', '', null),
              (4, 99, 'CALL_UPDATED', null, '2019-04-02Z', '1', 'Call updated', 98);
     UPDATE event_logs SET impersonating_user_id = 1 WHERE id = 1;
     -- UOC's experiment safety review (patch 0187, category 12) and experiment-safety PDF (0192, category 13) groups
     INSERT INTO questions VALUES ('exp_safety_review_basis', 'EXPERIMENT_SAFETY_REVIEW_BASIS',
         'Experiment Safety review basic information', '{}', '2019-01-01Z', 'exp_safety_review_basis', 12),
       ('q_esr', 'TEXT_INPUT', 'Hazards seen', '{}', '2019-01-01Z', 'hazards_seen', 12),
       ('q_espdf', 'TEXT_INPUT', 'PDF note', '{}', '2019-01-01Z', 'pdf_note', 13);
     INSERT INTO templates VALUES (21, 'default experiment safety review template', 'Safety review', false,
         'EXPERIMENT_SAFETY_REVIEW_TEMPLATE'), (22, 'Safety PDF', 'Experiment safety PDF', false, 'EXPERIMENT_SAFETY_PDF');
     INSERT INTO topics VALUES (4, 'New experiment safety review', true, 0, 21);
     INSERT INTO templates_has_questions VALUES ('exp_safety_review_basis', 21, 4, 0, '{}', 'AND'),
       ('q_esr', 21, 4, 1, '{}', 'AND');
     INSERT INTO questionaries VALUES (950008, 21, '2019-09-10Z', 1);
     INSERT INTO answers VALUES (210000006, 950008, 'q_esr', '{"value": "None"}', '2019-09-10Z');
     UPDATE experiment_safety SET safety_review_questionary_id = 950008 WHERE experiment_safety_pk = 1;
     UPDATE fap_reviews SET reassigned = true, date_reassigned = '2019-05-05Z' WHERE review_id = 2;
     UPDATE fap_reviews SET email_sent = true WHERE review_id = 1;
     INSERT INTO feedback_requests (feedback_request_id, experiment_pk, created_at)
       VALUES (1, 1, '2019-10-10Z'), (2, 1, '2019-10-24Z');`,
  );
}
