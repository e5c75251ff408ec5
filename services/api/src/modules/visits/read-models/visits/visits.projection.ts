import { Injectable } from '@nestjs/common';
import {
  VISIT_CREATED,
  VISIT_DELETED,
  VISIT_EVENT_TYPES,
  VISIT_REGISTRATION_APPROVED,
  VISIT_REGISTRATION_CANCELLED,
  VISIT_REGISTRATION_CHANGES_REQUESTED,
  VISIT_REGISTRATION_QUESTIONARY_CREATED,
  VISIT_REGISTRATION_SUBMITTED,
  VISIT_REGISTRATION_UPDATED,
  VISIT_UPDATED,
  VisitRegistrationStatus as S,
  type VisitEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const VISITS_PROJECTION = 'visits';

/**
 * Visits (one live visit per experiment) and their registrations (one per visitor); inline, so each mutation
 * returns what it saved and the registration questionary's lock reads it at once.
 */
@Injectable()
@RegisterProjection()
export class VisitsProjection implements Projection {
  readonly name = VISITS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [...VISIT_EVENT_TYPES];
  readonly tables = [
    {
      name: 'visits',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          visit_id integer PRIMARY KEY,
          experiment_pk integer NOT NULL,
          proposal_pk integer NOT NULL,
          team jsonb NOT NULL,
          team_lead_user_id integer NOT NULL,
          creator_id integer,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (experiment_pk) WHERE NOT deleted`,
        `CREATE INDEX ON ${t} (proposal_pk) WHERE NOT deleted`,
      ],
    },
    {
      name: 'visit_registrations',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          visit_id integer NOT NULL,
          user_id integer NOT NULL,
          experiment_pk integer NOT NULL,
          registration_questionary_id integer,
          starts_at timestamptz,
          ends_at timestamptz,
          status text NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          PRIMARY KEY (visit_id, user_id)
        )`,
        `CREATE INDEX ON ${t} (registration_questionary_id)`,
        `CREATE INDEX ON ${t} (user_id)`,
        `CREATE INDEX ON ${t} (status)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const visits = tables.visits;
    const registrations = tables.visit_registrations;
    const when = event.createdAt.toISOString();
    const e = event as unknown as VisitEvent;
    const addVisitors = (visitId: number, experimentPk: number, team: readonly number[]) =>
      tx.query(
        `INSERT INTO ${registrations} (visit_id, user_id, experiment_pk, status, created_at, updated_at)
         SELECT $1, u, $2, $3, $4, $4 FROM unnest($5::int[]) AS u
         ON CONFLICT (visit_id, user_id) DO NOTHING`,
        [visitId, experimentPk, S.DRAFTED, when, team],
      );
    const setStatus = (d: { visitId: number; userId: number }, status: S) =>
      tx.query(
        `UPDATE ${registrations} SET status = $3, updated_at = $4 WHERE visit_id = $1 AND user_id = $2`,
        [d.visitId, d.userId, status, when],
      );
    switch (e.type) {
      case VISIT_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${visits} (visit_id, experiment_pk, proposal_pk, team, team_lead_user_id, creator_id,
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (visit_id) DO NOTHING`,
          [
            d.visitId,
            d.experimentPk,
            d.proposalPk,
            JSON.stringify(d.team),
            d.teamLeadUserId,
            d.creatorId,
            when,
          ],
        );
        await addVisitors(d.visitId, d.experimentPk, d.team);
        return;
      }
      case VISIT_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${visits} SET team = $2, team_lead_user_id = $3, updated_at = $4 WHERE visit_id = $1`,
          [d.visitId, JSON.stringify(d.team), d.teamLeadUserId, when],
        );
        await tx.query(
          `DELETE FROM ${registrations} WHERE visit_id = $1 AND NOT (user_id = ANY($2::int[]))`,
          [d.visitId, d.team],
        );
        await addVisitors(d.visitId, d.experimentPk, d.team);
        return;
      }
      case VISIT_DELETED:
        await tx.query(`UPDATE ${visits} SET deleted = true, updated_at = $2 WHERE visit_id = $1`, [
          e.data.visitId,
          when,
        ]);
        return;
      case VISIT_REGISTRATION_QUESTIONARY_CREATED:
        await tx.query(
          `UPDATE ${registrations} SET registration_questionary_id = $3, updated_at = $4
           WHERE visit_id = $1 AND user_id = $2`,
          [e.data.visitId, e.data.userId, e.data.registrationQuestionaryId, when],
        );
        return;
      case VISIT_REGISTRATION_UPDATED:
        await tx.query(
          `UPDATE ${registrations} SET starts_at = $3, ends_at = $4, updated_at = $5
           WHERE visit_id = $1 AND user_id = $2`,
          [e.data.visitId, e.data.userId, e.data.startsAt, e.data.endsAt, when],
        );
        return;
      case VISIT_REGISTRATION_SUBMITTED:
        return void (await setStatus(e.data, S.SUBMITTED));
      case VISIT_REGISTRATION_APPROVED:
        return void (await setStatus(e.data, S.APPROVED));
      case VISIT_REGISTRATION_CHANGES_REQUESTED:
        return void (await setStatus(e.data, S.CHANGE_REQUESTED));
      case VISIT_REGISTRATION_CANCELLED:
        return void (await setStatus(
          e.data,
          e.data.byFacility ? S.CANCELLED_BY_FACILITY : S.CANCELLED_BY_USER,
        ));
      default:
        return;
    }
  }
}
