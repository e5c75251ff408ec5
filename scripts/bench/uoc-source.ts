import { Client } from 'pg';
import { REQUIRED_COLUMNS, SUPPORTED_PATCH_FILE } from '../../services/api/src/modules/uoc-import';

/**
 * A user-office-core-shaped source database, built by SQL (no UOC code here): the tables and columns the importer
 * reads (uoc-schema.ts), with `proposals` proposals of `answers` answers each, and, with `awkward`, the rows that
 * cannot come across as they are (listed in AWKWARD).
 */
export interface UocSourceOptions {
  proposals: number;
  /** answers per proposal (generated TEXT_INPUT questions, spread over two topics) */
  answers: number;
  awkward?: boolean;
  /**
   * (40b) FAPs as the bench has them: one panel, every second proposal (those with an instrument) assigned to it
   * with FAP time, two submitted graded reviews and a submitted meeting decision each
   */
  faps?: boolean;
}

const JSONB = new Set(['answer', 'config', 'default_config', 'dependency_condition']);
const BOOL = new Set([
  'placeholder',
  'is_default',
  'is_archived',
  'is_enabled',
  'is_complete',
  'notified',
  'submitted',
  'management_decision_submitted',
  'selectable',
]);
const TIME = /(_at|_date|_tstamp|^start_|^end_)/;
const TEXT = new Set([
  'patch_id',
  'country',
  'institution',
  'ror_id',
  'user_title',
  'firstname',
  'lastname',
  'preferredname',
  'oidc_sub',
  'email',
  'short_code',
  'name',
  'description',
  'entity_type',
  'droppable_group_id',
  'parent_droppable_group_id',
  'status_changing_event',
  'question_id',
  'data_type',
  'question',
  'natural_key',
  'group_id',
  'topic_title',
  'dependencies_operator',
  'dependency_question_id',
  'call_short_code',
  'cycle_comment',
  'survey_comment',
  'reference_number_format',
  'allocation_time_unit',
  'title',
  'submission_message',
  'proposal_id',
  'abstract',
  'comment_for_management',
  'comment_for_user',
  'code',
  'event_type',
  'row_data',
  'changed_object_id',
  'comment',
  'public_comment',
]);

// kinds/ (40a): the columns of these kinds whose type their name does not tell (`table.column`)
const TYPES_40A: Record<string, string> = {
  'settings.settings_id': 'text',
  'settings.settings_value': 'text',
  'features.feature_id': 'text',
  'pagetext.content': 'text',
  'predefined_messages.key': 'text',
  'predefined_messages.message': 'text',
  'predefined_messages.date_modified': 'timestamptz',
  'units.unit_id': 'text',
  'units.unit': 'text',
  'units.quantity': 'text',
  'units.symbol': 'text',
  'units.si_conversion_formula': 'text',
  'files.file_id': 'uuid',
  'files.file_name': 'text',
  'files.mime_type': 'text',
  'old_files.file_id': 'bigint',
  'old_files.file_uuid': 'uuid',
  'old_files.file_name': 'text',
  'proposal_pdf_templates.template_data': 'text',
  'proposal_pdf_templates.template_header': 'text',
  'proposal_pdf_templates.template_footer': 'text',
  'proposal_pdf_templates.template_sample_declaration': 'text',
  'proposal_pdf_templates.dummy_data': 'text',
  'internal_reviews.files': 'jsonb',
  'samples.safety_comment': 'text',
  'samples.is_post_proposal_submission': 'boolean',
  'technique_has_proposals.proposal_id': 'integer',
};

// (40b) the later kinds' columns whose type their name does not tell (UOC's own types)
const COLUMN_TYPES: Record<string, string> = {
  'faps.active': 'boolean',
  'faps.custom_grade_guide': 'boolean',
  'faps.files': 'jsonb',
  'faps.grade_guide': 'text',
  'fap_proposals.date_assigned': 'timestamptz',
  'fap_proposals.fap_meeting_instrument_submitted': 'boolean',
  'fap_reviews.grade': 'text',
  'fap_reviews.date_assigned': 'timestamptz',
  'fap_reviews.reassigned': 'boolean',
  'fap_reviews.date_reassigned': 'timestamptz',
  'fap_reviews.email_sent': 'boolean',
  'experiments.experiment_id': 'text',
  'experiments.status': 'text',
  'experiment_safety.instrument_scientist_decision_comment': 'text',
  'experiment_safety.experiment_safety_reviewer_decision_comment': 'text',
  'experiment_has_samples.is_esi_submitted': 'boolean',
  'visits_has_users.status': 'text',
  'shipments.status': 'text',
  'feedbacks.status': 'text',
  'status_actions.type': 'text',
  'status_actions_logs.email_status_action_recipient': 'text',
  'status_actions_logs.status_actions_successful': 'boolean',
  'status_actions_logs.status_actions_message': 'text',
};

function ddl(): string[] {
  return Object.entries(REQUIRED_COLUMNS).map(([table, columns]) => {
    const cols = columns.map((c) => {
      const type =
        TYPES_40A[`${table}.${c}`] ??
        COLUMN_TYPES[`${table}.${c}`] ??
        (JSONB.has(c)
          ? 'jsonb'
          : BOOL.has(c)
            ? 'boolean'
            : TEXT.has(c)
              ? 'text'
              : TIME.test(c)
                ? 'timestamptz'
                : 'integer');
      return `${c} ${type}`;
    });
    return `CREATE TABLE ${table} (${cols.join(', ')})`;
  });
}

/** the awkward rows of `awkward: true`, as the importer's report names them (kind, a part of the source row) */
export const AWKWARD = {
  deletedUser: { kind: 'proposals', row: 'proposal_pk=900001', reason: 'proposer 99 does not exist' },
  removedQuestion: { kind: 'answers', row: 'question_id=q_removed', reason: 'removed question' },
  missingDependency: {
    kind: 'question_dependencies',
    row: 'dependency_question_id=q_missing',
    reason: 'depends on a question that is not on the template',
  },
  unknownType: {
    kind: 'questions',
    row: 'question_id=q_weird',
    reason: 'unknown question type FANCY_NEW_TYPE',
  },
  unreachableStatus: {
    kind: 'proposals',
    row: 'proposal_pk=900001',
    reason: 'SCHEDULING is on no connection',
  },
  rich: '<p>Hello <b>world</b></p>',
};

export async function buildUocSource(url: string, options: UocSourceOptions): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of ddl()) await c.query(s);
    const n = options.proposals;
    const a = options.answers;
    const half = Math.ceil(a / 2);
    await c.query(`
      INSERT INTO db_patches VALUES ('init.sql'), ('${SUPPORTED_PATCH_FILE}');
      INSERT INTO countries VALUES (1, 'Sweden');
      INSERT INTO institutions VALUES (1, 'Lund University', 1, 'https://ror.org/012a77v79');
      INSERT INTO users (user_id, user_title, firstname, lastname, preferredname, oidc_sub, email, created_at, institution_id, placeholder) VALUES
        (1, 'Dr.', 'Olga', 'Officer', null, 'uoc-sub-officer', 'officer@uoc.test', '2019-01-02T10:00:00Z', 1, false),
        (2, null, 'Paula', 'Proposer', 'Pau', 'uoc-sub-pi', 'pi@uoc.test', '2019-02-03T10:00:00Z', 1, false),
        (3, null, 'Carl', 'Coproposer', null, 'uoc-sub-co', 'co@uoc.test', '2019-02-04T10:00:00Z', null, false),
        (4, null, 'Sam', 'Scientist', null, 'uoc-sub-sci', 'sci@uoc.test', '2019-02-05T10:00:00Z', 1, false);
      INSERT INTO roles VALUES (1, 'user'), (2, 'user_officer'), (7, 'instrument_scientist');
      INSERT INTO role_user VALUES (2, 1), (1, 2), (1, 3), (7, 4);
      INSERT INTO statuses VALUES
        (1, 'DRAFT', 'Draft', true, 'DRAFT', 'PROPOSAL'),
        (2, 'FEASIBILITY_REVIEW', 'Feasibility review', true, 'FEASIBILITY_REVIEW', 'PROPOSAL'),
        (8, 'SCHEDULING', 'Scheduling', true, 'SCHEDULING', 'PROPOSAL');
      INSERT INTO workflows VALUES (1, 'Default workflow', 'The default', 'PROPOSAL');
      INSERT INTO workflow_connections VALUES
        (1, 1, 1, 2, null, 0, 'proposalWorkflowConnections_0', null),
        (2, 1, 2, null, 1, 1, 'proposalWorkflowConnections_0', null);
      INSERT INTO status_changing_events VALUES (2, 'PROPOSAL_SUBMITTED');
      INSERT INTO questions VALUES
        ('proposal_basis', 'PROPOSAL_BASIS', 'Proposal basis', '{}', '2019-01-01T00:00:00Z', 'proposal_basis', 1),
        ('q_bool', 'BOOLEAN', 'Hazardous?', '{"required": false}', '2019-01-01T00:00:00Z', 'hazardous', 1),
        ('q_rich', 'RICH_TEXT_INPUT', 'Describe', '{"required": false}', '2019-01-01T00:00:00Z', 'describe', 1);
      INSERT INTO questions SELECT 'q_' || g, 'TEXT_INPUT', 'Question ' || g, '{"required": false}', '2019-01-01T00:00:00Z', 'key_' || g, 1
        FROM generate_series(1, ${a}) g;
      INSERT INTO templates VALUES (1, 'Proposal template', 'Imported', false, 'PROPOSAL');
      INSERT INTO topics VALUES (1, 'General', true, 0, 1), (2, 'Details', true, 1, 1);
      INSERT INTO templates_has_questions VALUES
        ('proposal_basis', 1, 1, 0, '{}', 'AND'),
        ('q_bool', 1, 2, 0, '{"required": false}', 'AND'),
        ('q_rich', 1, 2, 1, '{"required": false}', 'AND');
      INSERT INTO templates_has_questions SELECT 'q_' || g, 1, CASE WHEN g <= ${half} THEN 1 ELSE 2 END, g + 1, '{"required": false}', 'AND'
        FROM generate_series(1, ${a}) g;
      INSERT INTO question_dependencies VALUES (1, 'q_rich', 'q_bool', '{"condition": "eq", "params": true}');
      INSERT INTO active_templates VALUES ('PROPOSAL', 1);
      INSERT INTO call (call_id, call_short_code, start_call, end_call, end_call_internal, start_review, end_review,
        start_notify, end_notify, start_cycle, end_cycle, cycle_comment, survey_comment, reference_number_format,
        proposal_sequence, proposal_workflow_id, template_id, allocation_time_unit, title, description)
      VALUES (1, 'UOC-2019', '2019-01-01Z', '2019-06-30Z', '2019-07-15Z', '2019-07-01Z', '2019-08-01Z', '2019-08-01Z',
        '2019-08-15Z', '2019-09-01Z', '2020-02-28Z', 'Cycle 1', 'Survey', null, ${n}, 1, 1, 'day', 'Call 2019', 'The call');
      INSERT INTO instruments VALUES (1, 'Beamline One', 'BL1', 'A beamline', 4, true);
      INSERT INTO instrument_has_scientists VALUES (1, 4);
      INSERT INTO proposals (proposal_pk, proposal_id, title, abstract, status_id, proposer_id, created_at, updated_at,
        final_status, call_id, questionary_id, comment_for_management, comment_for_user, notified, submitted,
        management_decision_submitted, submitted_date)
      SELECT g, lpad(g::text, 6, '0'), 'Proposal ' || g, 'Abstract of ' || g,
             CASE WHEN g % 2 = 0 THEN 2 ELSE 1 END, 2,
             timestamptz '2019-03-01Z' + g * interval '1 minute', timestamptz '2019-03-02Z' + g * interval '1 minute',
             0, 1, g, null, null, false, g % 2 = 0, false,
             CASE WHEN g % 2 = 0 THEN timestamptz '2019-03-02Z' + g * interval '1 minute' END
        FROM generate_series(1, ${n}) g;
      INSERT INTO questionaries SELECT g, 1, timestamptz '2019-03-01Z' + g * interval '1 minute', 2 FROM generate_series(1, ${n}) g;
      INSERT INTO answers SELECT row_number() OVER (), p, 'q_' || q, jsonb_build_object('value', 'Answer ' || q || ' of ' || p),
             timestamptz '2019-03-01Z' + p * interval '1 minute'
        FROM generate_series(1, ${n}) p, generate_series(1, ${a}) q;
      INSERT INTO topic_completenesses SELECT g, 1, true FROM generate_series(1, ${n}) g;
      INSERT INTO proposal_user SELECT g, 3 FROM generate_series(1, ${n}) g WHERE g % 5 = 0;
      INSERT INTO instrument_has_proposals SELECT 1, g FROM generate_series(1, ${n}) g WHERE g % 2 = 0;
      INSERT INTO technical_review (technical_review_id, proposal_pk, comment, time_allocation, status, public_comment,
        submitted, reviewer_id, technical_review_assignee_id, instrument_id, questionary_id)
      SELECT g, g, 'Feasible enough', 3, 0, 'Looks fine', true, 4, 4, 1, null FROM generate_series(1, ${n}) g WHERE g % 2 = 0;
    `);
    if (n >= 2)
      await c.query(`
        INSERT INTO invites VALUES (1, 'OPENCODE01', 'friend@uoc.test', 2, '2019-03-05Z', null, null, '2030-01-01Z');
        INSERT INTO co_proposer_claims VALUES (1, 1);
        INSERT INTO event_logs VALUES (1, null, 'PROPOSAL_STATUS_CHANGED_BY_WORKFLOW', '{"primaryKey": 2, "statusId": 2}',
          '2019-03-03Z', '2');
        INSERT INTO answers VALUES (100000001, 1, 'q_bool', '{"value": true}', '2019-03-01Z'),
          (100000002, 1, 'q_rich', '{"value": ${JSON.stringify(AWKWARD.rich)}}', '2019-03-01Z');
      `);
    if (options.awkward)
      await c.query(`
        INSERT INTO questions VALUES
          ('q_weird', 'FANCY_NEW_TYPE', 'A type of the future', '{}', '2019-01-01Z', 'weird', 1),
          ('q_removed', 'TEXT_INPUT', 'Removed from the template', '{}', '2019-01-01Z', 'removed', 1);
        INSERT INTO templates_has_questions VALUES ('q_weird', 1, 2, 99, '{}', 'AND');
        INSERT INTO question_dependencies VALUES (1, 'q_1', 'q_missing', '{"condition": "eq", "params": "x"}');
        INSERT INTO questionaries VALUES (900001, 1, '2019-04-01Z', 99);
        INSERT INTO proposals (proposal_pk, proposal_id, title, abstract, status_id, proposer_id, created_at, updated_at,
          final_status, call_id, questionary_id, notified, submitted, management_decision_submitted, submitted_date)
        VALUES (900001, 'ORPHAN1', 'By a deleted user', 'Abstract', 8, 99, '2019-04-01Z', '2019-04-02Z', 1, 1, 900001,
          false, true, true, '2019-04-02Z');
        INSERT INTO answers VALUES (100000003, 900001, 'q_removed', '{"value": "gone"}', '2019-04-01Z'),
          (100000004, 900001, 'q_1', '{"value": "kept"}', '2019-04-01Z');
      `);
    if (options.faps)
      await c.query(`
        INSERT INTO faps (fap_id, code, description, number_ratings_required, active) VALUES (1, 'FAP-1', 'Panel', 2, true);
        INSERT INTO fap_chairs (fap_id, user_id) VALUES (1, 1);
        INSERT INTO fap_reviewers (fap_id, user_id) VALUES (1, 3), (1, 4);
        INSERT INTO fap_proposals (proposal_pk, fap_id, date_assigned, call_id, fap_time_allocation, instrument_id,
          fap_meeting_instrument_submitted)
        SELECT g, 1, timestamptz '2019-05-01Z' + g * interval '1 second', 1, 3, 1, false
          FROM generate_series(2, ${n}, 2) g;
        INSERT INTO fap_reviews (review_id, user_id, proposal_pk, comment, grade, status, created_at, updated_at, fap_id,
          questionary_id, date_assigned, rank)
        SELECT g * 2 + r, 2 + r, g, 'Review ' || g, (1 + (g + r) % 5)::text, 1, timestamptz '2019-05-02Z',
               timestamptz '2019-05-10Z' + g * interval '1 second', 1, null, timestamptz '2019-05-02Z', null
          FROM generate_series(2, ${n}, 2) g, generate_series(1, 2) r;
        INSERT INTO fap_meeting_decisions (proposal_pk, comment_for_management, comment_for_user, rank_order,
          recommendation, submitted, submitted_by, instrument_id, fap_id)
        SELECT g, null, 'Decided', g / 2, 1 + g % 3, true, 1, 1, 1 FROM generate_series(2, ${n}, 2) g;
      `);
    // the keys a UOC database has that the importer's batch reads use (created after the rows: faster)
    await c.query(`
      ALTER TABLE proposals ADD PRIMARY KEY (proposal_pk);
      ALTER TABLE questionaries ADD PRIMARY KEY (questionary_id);
      ALTER TABLE answers ADD PRIMARY KEY (answer_id);
      ALTER TABLE answers ADD UNIQUE (questionary_id, question_id);
      ALTER TABLE topic_completenesses ADD PRIMARY KEY (questionary_id, topic_id);
      ALTER TABLE proposal_user ADD PRIMARY KEY (proposal_pk, user_id);
      ALTER TABLE technical_review ADD PRIMARY KEY (technical_review_id);
      ALTER TABLE fap_reviews ADD PRIMARY KEY (review_id);
      CREATE INDEX ON fap_proposals (proposal_pk);
      CREATE INDEX ON fap_reviews (proposal_pk);
      CREATE INDEX ON fap_meeting_decisions (proposal_pk);
      ANALYZE;
    `);
  } finally {
    await c.end();
  }
}
