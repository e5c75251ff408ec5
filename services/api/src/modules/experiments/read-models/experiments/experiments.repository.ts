import { Inject, Injectable } from '@nestjs/common';
import type { ExperimentsFilter, ExperimentStatus, UserExperimentsFilter } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { ScheduledSlot } from '../../domain/experiment.decide';
import type { ExperimentModel } from './experiment.model';

interface ExperimentRow {
  experiment_pk: number;
  experiment_id: string;
  proposal_pk: number;
  call_id: number;
  instrument_id: number;
  starts_at: Date;
  ends_at: Date;
  local_contact_id: number | null;
  status: ExperimentStatus;
  scheduled_event_id: string | null;
  workflow_id: number | null;
  workflow_status_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const toExperiment = (r: ExperimentRow): ExperimentModel => ({
  experimentPk: Number(r.experiment_pk),
  experimentId: r.experiment_id,
  proposalPk: Number(r.proposal_pk),
  callId: Number(r.call_id),
  instrumentId: Number(r.instrument_id),
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  localContactId: r.local_contact_id === null ? null : Number(r.local_contact_id),
  status: r.status,
  scheduledEventId: r.scheduled_event_id,
  workflowId: r.workflow_id === null ? null : Number(r.workflow_id),
  workflowStatusId: r.workflow_status_id === null ? null : Number(r.workflow_status_id),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** A staff list's scope: every instrument (officers) or these instruments (scientists). */
export type InstrumentScope = 'all' | readonly number[];

/** The experiments read model (all SQL that reads it). */
@Injectable()
export class ExperimentsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async get(
    experimentPk: number,
    options: { includeDeleted?: boolean } = {},
  ): Promise<ExperimentModel | null> {
    const r = await this.sql.query<ExperimentRow>(
      `SELECT * FROM experiments WHERE experiment_pk = $1 ${options.includeDeleted ? '' : 'AND NOT deleted'}`,
      [experimentPk],
    );
    return r.rows[0] ? toExperiment(r.rows[0]) : null;
  }

  /** The live experiment made for the scheduler's event, if any. */
  async byScheduledEventId(scheduledEventId: string): Promise<ExperimentModel | null> {
    const r = await this.sql.query<ExperimentRow>(
      'SELECT * FROM experiments WHERE scheduled_event_id = $1 AND NOT deleted',
      [scheduledEventId],
    );
    return r.rows[0] ? toExperiment(r.rows[0]) : null;
  }

  /** The live experiments on the instrument that meet [startsAt, endsAt) (the overlap rule's candidates). */
  async meeting(instrumentId: number, startsAt: string, endsAt: string): Promise<ScheduledSlot[]> {
    const r = await this.sql.query<ExperimentRow>(
      `SELECT * FROM experiments WHERE instrument_id = $1 AND NOT deleted AND starts_at < $3 AND ends_at > $2
       ORDER BY starts_at`,
      [instrumentId, startsAt, endsAt],
    );
    return r.rows.map((row) => {
      const e = toExperiment(row);
      return {
        experimentPk: e.experimentPk,
        experimentId: e.experimentId,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt.toISOString(),
      };
    });
  }

  /** The staff list: filtered, by start, a page of it and the total. */
  async list(
    filter: ExperimentsFilter,
    scope: InstrumentScope,
    first: number | null,
    offset: number | null,
  ): Promise<{ totalCount: number; experiments: ExperimentModel[] }> {
    const where: string[] = ['NOT deleted'];
    const params: unknown[] = [];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (scope !== 'all') add((p) => `instrument_id = ANY(${p}::int[])`, [...scope]);
    if (filter.instrumentId != null) add((p) => `instrument_id = ${p}`, filter.instrumentId);
    if (filter.proposalPk != null) add((p) => `proposal_pk = ${p}`, filter.proposalPk);
    if (filter.callId != null) add((p) => `call_id = ${p}`, filter.callId);
    if (filter.status?.length) add((p) => `status = ANY(${p}::text[])`, filter.status);
    if (filter.startsAfter) add((p) => `ends_at > ${p}`, filter.startsAfter);
    if (filter.endsBefore) add((p) => `starts_at < ${p}`, filter.endsBefore);
    const sqlWhere = where.join(' AND ');
    const count = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM experiments WHERE ${sqlWhere}`,
      params,
    );
    const page: unknown[] = [...params, first ?? null, offset ?? 0];
    const rows = await this.sql.query<ExperimentRow>(
      `SELECT * FROM experiments WHERE ${sqlWhere} ORDER BY starts_at, experiment_pk
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      page,
    );
    return { totalCount: Number(count.rows[0]?.n ?? 0), experiments: rows.rows.map(toExperiment) };
  }

  /** The instruments the proposal's live experiments run on (the staff list's scope meets them). */
  async instrumentIdsOfProposal(proposalPk: number): Promise<number[]> {
    const r = await this.sql.query<{ instrument_id: number }>(
      `SELECT DISTINCT instrument_id FROM experiments WHERE proposal_pk = $1 AND NOT deleted`,
      [proposalPk],
    );
    return r.rows.map((row) => Number(row.instrument_id));
  }

  /** The live experiments of these proposals (the user's list), filtered, by start. */
  async ofProposals(
    proposalPks: readonly number[],
    filter: UserExperimentsFilter,
  ): Promise<ExperimentModel[]> {
    if (proposalPks.length === 0) return [];
    const where = ['NOT deleted', 'proposal_pk = ANY($1::int[])'];
    const params: unknown[] = [[...proposalPks]];
    if (filter.status?.length) {
      params.push(filter.status);
      where.push(`status = ANY($${params.length}::text[])`);
    }
    if (filter.endsAfter) {
      params.push(filter.endsAfter);
      where.push(`ends_at > $${params.length}`);
    }
    if (filter.instrumentId != null) {
      params.push(filter.instrumentId);
      where.push(`instrument_id = $${params.length}`);
    }
    const r = await this.sql.query<ExperimentRow>(
      `SELECT * FROM experiments WHERE ${where.join(' AND ')} ORDER BY starts_at, experiment_pk`,
      params,
    );
    return r.rows.map(toExperiment);
  }

  /** Hours of live experiments on the instrument in the call, by proposal. */
  async scheduledHours(instrumentId: number, callId: number): Promise<Map<number, number>> {
    const r = await this.sql.query<{ proposal_pk: number; hours: number }>(
      `SELECT proposal_pk, sum(extract(epoch FROM ends_at - starts_at) / 3600)::float8 AS hours FROM experiments
       WHERE instrument_id = $1 AND call_id = $2 AND NOT deleted GROUP BY proposal_pk`,
      [instrumentId, callId],
    );
    return new Map(r.rows.map((row) => [Number(row.proposal_pk), Number(row.hours)]));
  }
}
