/**
 * The user-office-core (UOC) database the importer reads: the schema its own `apps/backend/db_patches` leave, up to
 * and including SUPPORTED_PATCH (UserOfficeProject/user-office-core at 1d2adc6, February 2026). A source is refused,
 * with what is missing named, when it lacks that patch or a table or column the importer reads.
 */

/** the last db_patches file the importer knows (recent patches register under the file name, older ones without the number) */
export const SUPPORTED_PATCH_FILE = '0206_DeleteFeatureEmailInviteLegacy.sql';
export const SUPPORTED_PATCH_ID = 'DeleteFeatureEmailInviteLegacy.sql';

/** every table and column the importer reads */
export const REQUIRED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  db_patches: ['patch_id'],
  countries: ['country_id', 'country'],
  institutions: ['institution_id', 'institution', 'country_id', 'ror_id'],
  users: [
    'user_id',
    'user_title',
    'firstname',
    'lastname',
    'preferredname',
    'oidc_sub',
    'email',
    'created_at',
    'institution_id',
    'placeholder',
  ],
  roles: ['role_id', 'short_code'],
  role_user: ['role_id', 'user_id'],
  statuses: ['status_id', 'name', 'description', 'is_default', 'short_code', 'entity_type'],
  workflows: ['workflow_id', 'name', 'description', 'entity_type'],
  workflow_connections: [
    'workflow_connection_id',
    'workflow_id',
    'status_id',
    'next_status_id',
    'prev_status_id',
    'sort_order',
    'droppable_group_id',
    'parent_droppable_group_id',
  ],
  status_changing_events: ['workflow_connection_id', 'status_changing_event'],
  questions: [
    'question_id',
    'data_type',
    'question',
    'default_config',
    'created_at',
    'natural_key',
    'category_id',
  ],
  templates: ['template_id', 'name', 'description', 'is_archived', 'group_id'],
  topics: ['topic_id', 'topic_title', 'is_enabled', 'sort_order', 'template_id'],
  templates_has_questions: [
    'question_id',
    'template_id',
    'topic_id',
    'sort_order',
    'config',
    'dependencies_operator',
  ],
  question_dependencies: ['template_id', 'question_id', 'dependency_question_id', 'dependency_condition'],
  active_templates: ['group_id', 'template_id'],
  call: [
    'call_id',
    'call_short_code',
    'start_call',
    'end_call',
    'end_call_internal',
    'start_review',
    'end_review',
    'start_fap_review',
    'end_fap_review',
    'start_notify',
    'end_notify',
    'start_cycle',
    'end_cycle',
    'cycle_comment',
    'survey_comment',
    'reference_number_format',
    'proposal_sequence',
    'proposal_workflow_id',
    'template_id',
    'esi_template_id',
    'proposal_pdf_template_id',
    'fap_review_template_id',
    'technical_review_template_id',
    'allocation_time_unit',
    'title',
    'description',
    'submission_message',
    'experiment_workflow_id',
  ],
  proposals: [
    'proposal_pk',
    'proposal_id',
    'title',
    'abstract',
    'status_id',
    'proposer_id',
    'created_at',
    'updated_at',
    'final_status',
    'call_id',
    'questionary_id',
    'comment_for_management',
    'comment_for_user',
    'notified',
    'submitted',
    'management_decision_submitted',
    'submitted_date',
  ],
  proposal_user: ['proposal_pk', 'user_id'],
  questionaries: ['questionary_id', 'template_id', 'created_at', 'creator_id'],
  answers: ['answer_id', 'questionary_id', 'question_id', 'answer', 'created_at'],
  topic_completenesses: ['questionary_id', 'topic_id', 'is_complete'],
  invites: [
    'invite_id',
    'code',
    'email',
    'created_by',
    'created_at',
    'claimed_by',
    'claimed_at',
    'expires_at',
  ],
  co_proposer_claims: ['invite_id', 'proposal_pk'],
  event_logs: ['id', 'changed_by', 'event_type', 'row_data', 'event_tstamp', 'changed_object_id'],
  instruments: ['instrument_id', 'name', 'short_code', 'description', 'manager_user_id', 'selectable'],
  instrument_has_scientists: ['instrument_id', 'user_id'],
  instrument_has_proposals: ['instrument_id', 'proposal_pk'],
  technical_review: [
    'technical_review_id',
    'proposal_pk',
    'comment',
    'time_allocation',
    'status',
    'public_comment',
    'submitted',
    'reviewer_id',
    'technical_review_assignee_id',
    'instrument_id',
    'questionary_id',
  ],
  // kinds/ (40b): FAPs, experiments and safety inputs, visits, shipments, feedback, status-action logs
  faps: [
    'fap_id',
    'code',
    'description',
    'number_ratings_required',
    'active',
    'grade_guide',
    'custom_grade_guide',
    'files',
  ],
  fap_chairs: ['fap_id', 'user_id'],
  fap_secretaries: ['fap_id', 'user_id'],
  fap_reviewers: ['fap_id', 'user_id'],
  fap_proposals: [
    'proposal_pk',
    'fap_id',
    'date_assigned',
    'call_id',
    'fap_time_allocation',
    'instrument_id',
    'fap_meeting_instrument_submitted',
  ],
  fap_reviews: [
    'review_id',
    'user_id',
    'proposal_pk',
    'comment',
    'grade',
    'status',
    'created_at',
    'updated_at',
    'fap_id',
    'questionary_id',
    'date_assigned',
    'rank',
  ],
  fap_meeting_decisions: [
    'proposal_pk',
    'comment_for_management',
    'comment_for_user',
    'rank_order',
    'recommendation',
    'submitted',
    'submitted_by',
    'instrument_id',
    'fap_id',
  ],
  experiments: [
    'experiment_pk',
    'experiment_id',
    'starts_at',
    'ends_at',
    'scheduled_event_id',
    'proposal_pk',
    'status',
    'local_contact_id',
    'instrument_id',
    'created_at',
    'updated_at',
  ],
  experiment_safety: [
    'experiment_safety_pk',
    'experiment_pk',
    'esi_questionary_id',
    'esi_questionary_submitted_at',
    'created_by',
    'safety_review_questionary_id',
    'reviewed_by',
    'created_at',
    'updated_at',
    'instrument_scientist_decision',
    'instrument_scientist_decision_comment',
    'experiment_safety_reviewer_decision',
    'experiment_safety_reviewer_decision_comment',
    'status_id',
  ],
  experiment_has_samples: [
    'experiment_pk',
    'sample_id',
    'is_esi_submitted',
    'sample_esi_questionary_id',
    'created_at',
    'updated_at',
  ],
  visits: ['visit_id', 'proposal_pk', 'creator_id', 'created_at', 'team_lead_user_id', 'experiment_pk'],
  visits_has_users: ['visit_id', 'user_id', 'registration_questionary_id', 'starts_at', 'ends_at', 'status'],
  shipments: [
    'shipment_id',
    'title',
    'proposal_pk',
    'status',
    'questionary_id',
    'creator_id',
    'created_at',
    'experiment_pk',
  ],
  shipments_has_samples: ['shipment_id', 'sample_id'],
  feedbacks: [
    'feedback_id',
    'status',
    'questionary_id',
    'creator_id',
    'created_at',
    'submitted_at',
    'experiment_pk',
  ],
};

export interface SourceSchemaCheck {
  ok: boolean;
  message: string;
}

/** whether the source is a UOC database the importer knows, from its `db_patches` and information_schema */
export function checkSourceSchema(
  patches: readonly string[],
  columns: ReadonlyArray<{ table: string; column: string }>,
): SourceSchemaCheck {
  const present = new Set(columns.map((c) => `${c.table}.${c.column}`));
  if (!present.has('db_patches.patch_id'))
    return {
      ok: false,
      message:
        'The source is not a user-office-core database (it has no db_patches table): nothing was imported',
    };
  const missing = Object.entries(REQUIRED_COLUMNS).flatMap(([table, cols]) =>
    cols.filter((c) => !present.has(`${table}.${c}`)).map((c) => `${table}.${c}`),
  );
  if (!patches.includes(SUPPORTED_PATCH_FILE) && !patches.includes(SUPPORTED_PATCH_ID))
    return {
      ok: false,
      message:
        `The source's user-office-core schema is not the supported one: it lacks db patch ${SUPPORTED_PATCH_FILE} ` +
        `(the importer supports user-office-core up to and including that patch; upgrade the source first). ` +
        `Nothing was imported`,
    };
  if (missing.length > 0)
    return {
      ok: false,
      message: `The source's user-office-core schema is not the one the importer knows: missing ${missing.join(', ')}. Nothing was imported`,
    };
  return { ok: true, message: `user-office-core schema at ${SUPPORTED_PATCH_FILE}` };
}
