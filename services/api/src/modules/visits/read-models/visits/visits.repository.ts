import { Inject, Injectable } from '@nestjs/common';
import type { VisitRegistrationStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { VisitModel, VisitRegistrationModel } from './visit.model';

interface VisitRow {
  visit_id: number;
  experiment_pk: number;
  proposal_pk: number;
  team: number[] | string;
  team_lead_user_id: number;
  creator_id: number | null;
  created_at: Date;
  updated_at: Date;
}

interface RegistrationRow {
  visit_id: number;
  user_id: number;
  experiment_pk: number;
  registration_questionary_id: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  status: VisitRegistrationStatus;
  created_at: Date;
  updated_at: Date;
}

const toVisit = (r: VisitRow): VisitModel => ({
  id: Number(r.visit_id),
  experimentPk: Number(r.experiment_pk),
  proposalPk: Number(r.proposal_pk),
  creatorId: r.creator_id === null ? null : Number(r.creator_id),
  teamLeadUserId: Number(r.team_lead_user_id),
  team: (typeof r.team === 'string' ? (JSON.parse(r.team) as number[]) : r.team).map(Number),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const toRegistration = (r: RegistrationRow): VisitRegistrationModel => ({
  visitId: Number(r.visit_id),
  userId: Number(r.user_id),
  experimentPk: Number(r.experiment_pk),
  registrationQuestionaryId:
    r.registration_questionary_id === null ? null : Number(r.registration_questionary_id),
  startsAt: r.starts_at ? new Date(r.starts_at) : null,
  endsAt: r.ends_at ? new Date(r.ends_at) : null,
  status: r.status,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const REGISTRATIONS = `SELECT r.* FROM visit_registrations r JOIN visits v ON v.visit_id = r.visit_id AND NOT v.deleted`;

/** The visits read model (all SQL that reads it). */
@Injectable()
export class VisitsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async get(visitId: number): Promise<VisitModel | null> {
    const { rows } = await this.sql.query<VisitRow>(
      `SELECT * FROM visits WHERE visit_id = $1 AND NOT deleted`,
      [visitId],
    );
    return rows[0] ? toVisit(rows[0]) : null;
  }

  async ofExperiment(experimentPk: number): Promise<VisitModel | null> {
    const { rows } = await this.sql.query<VisitRow>(
      `SELECT * FROM visits WHERE experiment_pk = $1 AND NOT deleted`,
      [experimentPk],
    );
    return rows[0] ? toVisit(rows[0]) : null;
  }

  /**
   * Live visits by filter; `scope` 'all' (officers) or a user: visits of the proposals they are a member of
   * (`proposalPks`) and visits they are on.
   */
  async list(
    filter: { proposalPk?: number | null; experimentPk?: number | null },
    scope: 'all' | { userId: number; proposalPks: readonly number[] },
  ): Promise<VisitModel[]> {
    const where = ['NOT deleted'];
    const params: unknown[] = [];
    if (filter.proposalPk) where.push(`proposal_pk = $${params.push(filter.proposalPk)}`);
    if (filter.experimentPk) where.push(`experiment_pk = $${params.push(filter.experimentPk)}`);
    if (scope !== 'all')
      where.push(
        `(proposal_pk = ANY($${params.push(scope.proposalPks)}::int[]) OR team @> $${params.push(
          JSON.stringify([scope.userId]),
        )}::jsonb)`,
      );
    const { rows } = await this.sql.query<VisitRow>(
      `SELECT * FROM visits WHERE ${where.join(' AND ')} ORDER BY visit_id`,
      params,
    );
    return rows.map(toVisit);
  }

  async registrations(visitId: number): Promise<VisitRegistrationModel[]> {
    const { rows } = await this.sql.query<RegistrationRow>(
      `${REGISTRATIONS} WHERE r.visit_id = $1 ORDER BY r.user_id`,
      [visitId],
    );
    return rows.map(toRegistration);
  }

  async registration(visitId: number, userId: number): Promise<VisitRegistrationModel | null> {
    const { rows } = await this.sql.query<RegistrationRow>(
      `${REGISTRATIONS} WHERE r.visit_id = $1 AND r.user_id = $2`,
      [visitId, userId],
    );
    return rows[0] ? toRegistration(rows[0]) : null;
  }

  async registrationByQuestionaryId(questionaryId: number): Promise<VisitRegistrationModel | null> {
    const { rows } = await this.sql.query<RegistrationRow>(
      `${REGISTRATIONS} WHERE r.registration_questionary_id = $1`,
      [questionaryId],
    );
    return rows[0] ? toRegistration(rows[0]) : null;
  }
}
