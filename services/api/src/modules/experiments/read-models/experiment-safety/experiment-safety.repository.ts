import { Inject, Injectable } from '@nestjs/common';
import { ExperimentSafetyDecision, SafetyStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { ExperimentSafetyModel, ExperimentSampleModel } from './experiment-safety.model';

interface SafetyRow {
  experiment_safety_pk: number;
  experiment_pk: number;
  proposal_pk: number;
  instrument_id: number;
  esi_questionary_id: number;
  esi_version: number;
  submitted_at: Date | null;
  created_by: number;
  created_at: Date;
  updated_at: Date;
  scientist_decision: ExperimentSafetyDecision | null;
  scientist_comment: string | null;
  reviewer_decision: ExperimentSafetyDecision | null;
  reviewer_comment: string | null;
  reviewer_by: number | null;
  changes_comment: string | null;
  risk_level: SafetyStatus;
}

interface SampleRow {
  experiment_pk: number;
  sample_id: number;
  experiment_safety_pk: number;
  sample_esi_questionary_id: number;
  is_esi_submitted: boolean;
  created_at: Date;
  updated_at: Date;
}

function statusOf(r: SafetyRow): string {
  if (r.submitted_at === null) return r.changes_comment ? 'CHANGES_REQUESTED' : 'DRAFT';
  if (r.scientist_decision === ExperimentSafetyDecision.REJECTED) return 'REJECTED';
  if (r.reviewer_decision === ExperimentSafetyDecision.REJECTED) return 'REJECTED';
  if (r.reviewer_decision === ExperimentSafetyDecision.ACCEPTED) return 'ACCEPTED';
  return 'SUBMITTED';
}

const toSafety = (r: SafetyRow): ExperimentSafetyModel => ({
  experimentSafetyPk: Number(r.experiment_safety_pk),
  experimentPk: Number(r.experiment_pk),
  proposalPk: Number(r.proposal_pk),
  instrumentId: Number(r.instrument_id),
  esiQuestionaryId: Number(r.esi_questionary_id),
  esiQuestionarySubmittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
  esiVersion: Number(r.esi_version),
  createdBy: Number(r.created_by),
  status: statusOf(r),
  safetyReviewQuestionaryId: null,
  reviewedBy:
    r.reviewer_by === null || r.reviewer_decision === ExperimentSafetyDecision.UNSET
      ? null
      : Number(r.reviewer_by),
  instrumentScientistDecision: r.scientist_decision ?? ExperimentSafetyDecision.UNSET,
  instrumentScientistDecisionComment: r.scientist_comment,
  experimentSafetyReviewerDecision: r.reviewer_decision ?? ExperimentSafetyDecision.UNSET,
  experimentSafetyReviewerDecisionComment: r.reviewer_comment,
  changesRequestedComment: r.changes_comment,
  riskLevel: r.risk_level,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const toSample = (r: SampleRow): ExperimentSampleModel => ({
  experimentPk: Number(r.experiment_pk),
  sampleId: Number(r.sample_id),
  experimentSafetyPk: Number(r.experiment_safety_pk),
  sampleEsiQuestionaryId: Number(r.sample_esi_questionary_id),
  isEsiSubmitted: r.is_esi_submitted,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The experiment safety read model (all SQL that reads it). */
@Injectable()
export class ExperimentSafetyRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  private async one(where: string, value: number): Promise<ExperimentSafetyModel | null> {
    const r = await this.sql.query<SafetyRow>(`SELECT * FROM experiment_safety WHERE ${where} = $1`, [value]);
    return r.rows[0] ? toSafety(r.rows[0]) : null;
  }

  get(experimentSafetyPk: number): Promise<ExperimentSafetyModel | null> {
    return this.one('experiment_safety_pk', experimentSafetyPk);
  }

  ofExperiment(experimentPk: number): Promise<ExperimentSafetyModel | null> {
    return this.one('experiment_pk', experimentPk);
  }

  byEsiQuestionaryId(questionaryId: number): Promise<ExperimentSafetyModel | null> {
    return this.one('esi_questionary_id', questionaryId);
  }

  async samples(experimentPk: number): Promise<ExperimentSampleModel[]> {
    const r = await this.sql.query<SampleRow>(
      'SELECT * FROM experiment_samples WHERE experiment_pk = $1 ORDER BY created_at, sample_id',
      [experimentPk],
    );
    return r.rows.map(toSample);
  }

  async sample(experimentPk: number, sampleId: number): Promise<ExperimentSampleModel | null> {
    const r = await this.sql.query<SampleRow>(
      'SELECT * FROM experiment_samples WHERE experiment_pk = $1 AND sample_id = $2',
      [experimentPk, sampleId],
    );
    return r.rows[0] ? toSample(r.rows[0]) : null;
  }

  async sampleByEsiQuestionaryId(questionaryId: number): Promise<ExperimentSampleModel | null> {
    const r = await this.sql.query<SampleRow>(
      'SELECT * FROM experiment_samples WHERE sample_esi_questionary_id = $1',
      [questionaryId],
    );
    return r.rows[0] ? toSample(r.rows[0]) : null;
  }

  /** The samples' ESIs, by sample, of every experiment the sample is on (for the sample PDF). */
  async ofSample(sampleId: number): Promise<ExperimentSampleModel[]> {
    const r = await this.sql.query<SampleRow>(
      'SELECT * FROM experiment_samples WHERE sample_id = $1 ORDER BY experiment_pk',
      [sampleId],
    );
    return r.rows.map(toSample);
  }

  /** Whether the proposal has an experiment whose ESI is submitted (a safety reviewer reads it then). */
  async hasSubmitted(proposalPk: number): Promise<boolean> {
    const r = await this.sql.query(
      `SELECT 1 FROM experiment_safety WHERE proposal_pk = $1 AND submitted_at IS NOT NULL LIMIT 1`,
      [proposalPk],
    );
    return r.rows.length > 0;
  }

  /** Whether the sample is on an experiment whose ESI is submitted (the samples a safety reviewer evaluates). */
  async isSampleOnSubmittedEsi(sampleId: number): Promise<boolean> {
    const r = await this.sql.query(
      `SELECT 1 FROM experiment_samples es JOIN experiment_safety s ON s.experiment_pk = es.experiment_pk
       WHERE es.sample_id = $1 AND s.submitted_at IS NOT NULL LIMIT 1`,
      [sampleId],
    );
    return r.rows.length > 0;
  }

  /** The review queue: submitted ESIs (of these instruments, or all), oldest submission first. */
  async submitted(
    scope: 'all' | readonly number[],
    filter: { instrumentId?: number | null; pendingOnly?: boolean | null },
  ): Promise<ExperimentSafetyModel[]> {
    const where = ['submitted_at IS NOT NULL'];
    const params: unknown[] = [];
    if (scope !== 'all') {
      params.push([...scope]);
      where.push(`instrument_id = ANY($${params.length}::int[])`);
    }
    if (filter.instrumentId != null) {
      params.push(filter.instrumentId);
      where.push(`instrument_id = $${params.length}`);
    }
    if (filter.pendingOnly !== false)
      where.push(
        `coalesce(scientist_decision, 'UNSET') <> 'REJECTED' AND coalesce(reviewer_decision, 'UNSET') = 'UNSET'`,
      );
    const r = await this.sql.query<SafetyRow>(
      `SELECT * FROM experiment_safety WHERE ${where.join(' AND ')} ORDER BY submitted_at, experiment_safety_pk`,
      params,
    );
    return r.rows.map(toSafety);
  }
}
