/**
 * Makes k times the bench proposals from those seeded through events, in SQL: for each copy, every event of the
 * seeded proposals' and questionaries' streams is appended again under the next ids (new streams, positions after
 * the head, the payload's ids, reference, title and answers rewritten as the seeder would have written proposal
 * i + copy × n), and every read model those events build gets the rows its projection would write for them
 * (proposals, proposal views and their counts, members, questionaries, steps, answers, the call's proposal count;
 * the inline projections' checkpoints move to the new head). Async projections (event logs, reactions) are left
 * behind their checkpoints, as after any bulk of appends: a projector catches them up.
 *
 * `npm run projections:verify` on a multiplied database replays every read model from the events and compares it
 * with the copied rows (done on a small one: see the README's figures).
 */
import { Client } from 'pg';
import { WORDS, USERS, type BenchData } from './proposals-seed';
import { log } from './support';

/** the tables the bench's proposals write, with how their rows are copied */
const COPIED_TABLES = new Set([
  'events',
  'proposals',
  'proposal_views',
  'proposal_view_counts',
  'user_proposal_members',
  'questionaries',
  'questionary_steps',
  'questionary_answers',
]);

export async function multiplyProposals(databaseUrl: string, data: BenchData, k: number): Promise<void> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const range = await pg.query<{ p0: number; p1: number; q0: number; q1: number; n: string }>(
      `SELECT min(proposal_pk) p0, max(proposal_pk) p1, min(questionary_id) q0, max(questionary_id) q1, count(*) n
       FROM proposals WHERE call_id = $1`,
      [data.callId],
    );
    const { p0, p1, q0, q1 } = range.rows[0];
    const n = Number(range.rows[0].n);
    if (n !== data.proposals || p1 - p0 + 1 !== n || q1 - q0 + 1 !== n)
      throw new Error(`the bench proposals are not one block of ${data.proposals} ids: cannot multiply`);
    // the copies keep each proposal's PI, status and number answer: i and i + copy × n give the same ones
    for (const m of [USERS, 1000, data.statusIds.length])
      if (n % m !== 0) throw new Error(`multiplying needs a multiple of ${m} proposals (got ${n})`);
    const above = await pg.query<{ p: number | null; q: number | null }>(
      'SELECT (SELECT max(proposal_pk) FROM proposals) p, (SELECT max(questionary_id) FROM questionaries) q',
    );
    if (above.rows[0].p !== p1 || above.rows[0].q !== q1)
      throw new Error('proposals or questionaries were made after the bench ones: cannot multiply');
    // every table holding rows of these proposals must be one copied here
    const holders = await pg.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name IN ('proposal_pk', 'questionary_id')`,
    );
    for (const { table_name: table } of holders.rows) {
      if (COPIED_TABLES.has(table) || table === 'proposal_view_counts') continue;
      const column = (
        await pg.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
           AND column_name IN ('proposal_pk', 'questionary_id') LIMIT 1`,
          [table],
        )
      ).rows[0].column_name;
      const lo = column === 'proposal_pk' ? p0 : q0;
      const hi = column === 'proposal_pk' ? p1 : q1;
      const held = await pg.query(`SELECT 1 FROM "${table}" WHERE "${column}" BETWEEN $1 AND $2 LIMIT 1`, [
        lo,
        hi,
      ]);
      if (held.rowCount) throw new Error(`${table} holds rows of the bench proposals and is not copied`);
    }

    const words = `(ARRAY[${WORDS.map((w) => `'${w}'`).join(', ')}]::text[])`;
    const w = WORDS.length;
    // i: the proposal's index in the seeding; c: the copy (1 … k-1); j = i + c × n
    const title = (j: string) =>
      `${words}[(${j}) % ${w} + 1] || ' ' || ${words}[((${j}) * 7) % ${w} + 1] || ' ' || ${words}[((${j}) * 13) % ${w} + 1] || ' ' || (${j})`;
    const reference = (j: string) => `'BENCH-' || lpad((${j})::text, 7, '0')`;
    const params = [p0, q0, n, k];

    await pg.query('BEGIN');
    const headBefore = (await pg.query<{ p: string }>('SELECT max(position) AS p FROM events')).rows[0].p;
    const steps: [string, string][] = [
      [
        'events',
        `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, created_at)
         SELECT gen_random_uuid(), x.stream_id, e.stream_version, e.type, x.data, e.metadata, e.created_at
         FROM generate_series(1, $4::int - 1) c
         CROSS JOIN events e
         CROSS JOIN LATERAL (
           SELECT CASE WHEN e.stream_id LIKE 'proposal-%' THEN (e.data->>'proposalPk')::int - $1
                       ELSE (e.data->>'questionaryId')::int - $2 END AS i
         ) idx
         CROSS JOIN LATERAL (SELECT idx.i + c * $3::int AS j) jj
         CROSS JOIN LATERAL (
           SELECT
             CASE WHEN e.stream_id LIKE 'proposal-%' THEN 'proposal-' || ($1 + jj.j)
                  ELSE 'questionary-' || ($2 + jj.j) END AS stream_id,
             CASE e.type
               WHEN 'QuestionaryCreated' THEN e.data || jsonb_build_object('questionaryId', $2 + jj.j)
               WHEN 'TopicAnswered' THEN e.data || jsonb_build_object('questionaryId', $2 + jj.j, 'answers',
                 (SELECT jsonb_agg(CASE WHEN a->>'questionId' = '${data.textQuestion}'
                                        THEN a || jsonb_build_object('value', 'answer ' || jj.j) ELSE a END ORDER BY o)
                  FROM jsonb_array_elements(e.data->'answers') WITH ORDINALITY AS t(a, o)))
               WHEN 'ProposalCreated' THEN e.data || jsonb_build_object('proposalPk', $1 + jj.j,
                 'proposalId', CASE WHEN length(($1 + jj.j)::text) >= 6 THEN ($1 + jj.j)::text
                                    ELSE lpad(($1 + jj.j)::text, 6, '0') END, 'questionaryId', $2 + jj.j)
               WHEN 'ProposalUpdated' THEN e.data || jsonb_build_object('proposalPk', $1 + jj.j,
                 'title', ${title('jj.j')}, 'abstract', 'Abstract ' || jj.j)
               WHEN 'ProposalSubmitted' THEN e.data || jsonb_build_object('proposalPk', $1 + jj.j,
                 'proposalId', ${reference('jj.j')})
             END AS data
         ) x
         WHERE (e.stream_id LIKE 'proposal-%' AND (e.data->>'proposalPk')::int BETWEEN $1 AND $1 + $3::int - 1)
            OR (e.stream_id LIKE 'questionary-%' AND (e.data->>'questionaryId')::int BETWEEN $2 AND $2 + $3::int - 1)
         ORDER BY c, e.position`,
      ],
      [
        'proposal_view_counts',
        `UPDATE proposal_view_counts c SET n = c.n + b.n * ($4::int - 1)
         FROM (SELECT call_id, status_id, count(*)::int n FROM proposal_views
               WHERE proposal_pk BETWEEN $1 AND $1 + $3::int - 1 GROUP BY call_id, status_id) b
         WHERE c.call_id = b.call_id AND c.status_id = b.status_id AND $2::int IS NOT NULL`,
      ],
      [
        'proposal_views',
        `INSERT INTO proposal_views (proposal_pk, proposal_id, title, pi_id, pi_firstname, pi_lastname,
           pi_preferredname, pi_email, submitted, submitted_date, status_id, status_name, notified, call_id,
           call_short_code, allocation_time_unit, final_status, questionary_id, created)
         SELECT $1 + j, ${reference('j')}, ${title('j')}, pi_id, pi_firstname, pi_lastname, pi_preferredname,
           pi_email, submitted, submitted_date, status_id, status_name, notified, call_id, call_short_code,
           allocation_time_unit, final_status, $2 + j, created
         FROM generate_series(1, $4::int - 1) c
         CROSS JOIN proposal_views v
         CROSS JOIN LATERAL (SELECT v.proposal_pk - $1 + c * $3::int AS j) jj
         WHERE v.proposal_pk BETWEEN $1 AND $1 + $3::int - 1`,
      ],
      [
        'proposals',
        `INSERT INTO proposals
         SELECT (jsonb_populate_record(p, jsonb_build_object('proposal_pk', $1 + j, 'proposal_id', ${reference('j')},
           'title', ${title('j')}, 'abstract', 'Abstract ' || j, 'questionary_id', $2 + j))).*
         FROM generate_series(1, $4::int - 1) c
         CROSS JOIN proposals p
         CROSS JOIN LATERAL (SELECT p.proposal_pk - $1 + c * $3::int AS j) jj
         WHERE p.proposal_pk BETWEEN $1 AND $1 + $3::int - 1`,
      ],
      [
        'user_proposal_members',
        `INSERT INTO user_proposal_members (proposal_pk, user_id)
         SELECT m.proposal_pk + c * $3::int, m.user_id FROM generate_series(1, $4::int - 1) c
         CROSS JOIN user_proposal_members m WHERE m.proposal_pk BETWEEN $1 AND $1 + $3::int - 1 AND $2::int IS NOT NULL`,
      ],
      [
        'questionaries',
        `INSERT INTO questionaries
         SELECT (jsonb_populate_record(q, jsonb_build_object('questionary_id', q.questionary_id + c * $3::int))).*
         FROM generate_series(1, $4::int - 1) c CROSS JOIN questionaries q
         WHERE q.questionary_id BETWEEN $2 AND $2 + $3::int - 1 AND $1::int IS NOT NULL`,
      ],
      [
        'questionary_steps',
        `INSERT INTO questionary_steps
         SELECT (jsonb_populate_record(s, jsonb_build_object('questionary_id', s.questionary_id + c * $3::int))).*
         FROM generate_series(1, $4::int - 1) c CROSS JOIN questionary_steps s
         WHERE s.questionary_id BETWEEN $2 AND $2 + $3::int - 1 AND $1::int IS NOT NULL`,
      ],
      [
        'questionary_answers',
        `INSERT INTO questionary_answers (questionary_id, question_id, value)
         SELECT a.questionary_id + c * $3::int, a.question_id,
           CASE WHEN a.question_id = '${data.textQuestion}'
                THEN to_jsonb('answer ' || (a.questionary_id - $2 + c * $3::int)) ELSE a.value END
         FROM generate_series(1, $4::int - 1) c CROSS JOIN questionary_answers a
         WHERE a.questionary_id BETWEEN $2 AND $2 + $3::int - 1 AND $1::int IS NOT NULL`,
      ],
      [
        'calls',
        `UPDATE calls SET proposal_count = proposal_count + $3::int * ($4::int - 1)
         WHERE call_id = ${Number(data.callId)} AND $1::int IS NOT NULL AND $2::int IS NOT NULL`,
      ],
    ];
    for (const [name, sql] of steps) {
      const t0 = Date.now();
      const result = await pg.query(sql, params);
      log(`  ${name}: ${result.rowCount} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // the inline projections were current: their checkpoints move to the new head
    await pg.query(
      `UPDATE projection_checkpoints SET position = (SELECT max(position) FROM events), updated_at = now()
       WHERE position = $1`,
      [headBefore],
    );
    await pg.query(`SELECT setval('proposal_pk_seq', $1)`, [p0 + n * k - 1]);
    await pg.query(`SELECT setval('questionary_id_seq', $1)`, [q0 + n * k - 1]);
    await pg.query('COMMIT');
  } catch (error) {
    await pg.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await pg.end();
  }
}
