import { Injectable } from '@nestjs/common';
import {
  EXPERIMENT_RISK_LEVEL_SET,
  EXPERIMENT_SAFETY_CHANGES_REQUESTED,
  EXPERIMENT_SAFETY_CREATED,
  EXPERIMENT_SAFETY_DECIDED,
  EXPERIMENT_SAFETY_EVENT_TYPES,
  EXPERIMENT_SAFETY_SUBMITTED,
  EXPERIMENT_SAMPLE_ADDED,
  EXPERIMENT_SAMPLE_REMOVED,
  EXPERIMENT_SAMPLE_UPDATED,
  SafetyStatus,
  type ExperimentSafetyEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const EXPERIMENT_SAFETY_PROJECTION = 'experiment_safety';

/**
 * The experiment safety inputs (one per experiment) with their review, and the experiments' samples; inline, so
 * each mutation returns what it saved and the questionary rule (locked once submitted) reads it at once.
 */
@Injectable()
@RegisterProjection()
export class ExperimentSafetyProjection implements Projection {
  readonly name = EXPERIMENT_SAFETY_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [...EXPERIMENT_SAFETY_EVENT_TYPES];
  readonly tables = [
    {
      name: 'experiment_safety',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          experiment_safety_pk integer PRIMARY KEY,
          experiment_pk integer NOT NULL UNIQUE,
          proposal_pk integer NOT NULL,
          instrument_id integer NOT NULL,
          esi_questionary_id integer NOT NULL,
          esi_version integer NOT NULL DEFAULT 1,
          submitted_at timestamptz,
          created_by integer NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          scientist_decision text,
          scientist_comment text,
          scientist_version integer,
          scientist_by integer,
          reviewer_decision text,
          reviewer_comment text,
          reviewer_version integer,
          reviewer_by integer,
          changes_comment text,
          risk_level text NOT NULL DEFAULT '${SafetyStatus.PENDING_EVALUATION}'
        )`,
        `CREATE INDEX ON ${t} (esi_questionary_id)`,
        `CREATE INDEX ON ${t} (instrument_id) WHERE submitted_at IS NOT NULL`,
      ],
    },
    {
      name: 'experiment_samples',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          experiment_pk integer NOT NULL,
          sample_id integer NOT NULL,
          experiment_safety_pk integer NOT NULL,
          sample_esi_questionary_id integer NOT NULL,
          is_esi_submitted boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          PRIMARY KEY (experiment_pk, sample_id)
        )`,
        `CREATE INDEX ON ${t} (sample_esi_questionary_id)`,
        `CREATE INDEX ON ${t} (sample_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const safety = tables.experiment_safety;
    const samples = tables.experiment_samples;
    const when = event.createdAt.toISOString();
    const e = event as unknown as ExperimentSafetyEvent;
    const touch = () =>
      tx.query(`UPDATE ${safety} SET updated_at = $2 WHERE experiment_pk = $1`, [e.data.experimentPk, when]);
    switch (e.type) {
      case EXPERIMENT_SAFETY_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${safety} (experiment_safety_pk, experiment_pk, proposal_pk, instrument_id, esi_questionary_id,
             created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
           ON CONFLICT (experiment_safety_pk) DO NOTHING`,
          [
            d.experimentSafetyPk,
            d.experimentPk,
            d.proposalPk,
            d.instrumentId,
            d.esiQuestionaryId,
            d.createdBy,
            when,
          ],
        );
        return;
      }
      case EXPERIMENT_SAMPLE_ADDED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${samples} (experiment_pk, sample_id, experiment_safety_pk, sample_esi_questionary_id,
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (experiment_pk, sample_id) DO UPDATE SET sample_esi_questionary_id = excluded.sample_esi_questionary_id,
             is_esi_submitted = false, updated_at = excluded.updated_at`,
          [d.experimentPk, d.sampleId, d.experimentSafetyPk, d.sampleEsiQuestionaryId, when],
        );
        await touch();
        return;
      }
      case EXPERIMENT_SAMPLE_REMOVED:
        await tx.query(`DELETE FROM ${samples} WHERE experiment_pk = $1 AND sample_id = $2`, [
          e.data.experimentPk,
          e.data.sampleId,
        ]);
        await touch();
        return;
      case EXPERIMENT_SAMPLE_UPDATED:
        await tx.query(
          `UPDATE ${samples} SET is_esi_submitted = $3, updated_at = $4 WHERE experiment_pk = $1 AND sample_id = $2`,
          [e.data.experimentPk, e.data.sampleId, e.data.isEsiSubmitted, when],
        );
        await touch();
        return;
      case EXPERIMENT_SAFETY_SUBMITTED:
        await tx.query(
          `UPDATE ${safety} SET submitted_at = $2, esi_version = $3, updated_at = $4 WHERE experiment_pk = $1`,
          [e.data.experimentPk, e.data.submittedAt, e.data.esiVersion, when],
        );
        return;
      case EXPERIMENT_SAFETY_CHANGES_REQUESTED:
        await tx.query(
          `UPDATE ${safety} SET submitted_at = NULL, esi_version = $2, changes_comment = $3, updated_at = $4,
             scientist_decision = NULL, scientist_comment = NULL, scientist_version = NULL, scientist_by = NULL,
             reviewer_decision = NULL, reviewer_comment = NULL, reviewer_version = NULL, reviewer_by = NULL
           WHERE experiment_pk = $1`,
          [e.data.experimentPk, e.data.esiVersion, e.data.comment, when],
        );
        return;
      case EXPERIMENT_SAFETY_DECIDED: {
        const d = e.data;
        const who = d.reviewer === 'INSTRUMENT_SCIENTIST' ? 'scientist' : 'reviewer';
        await tx.query(
          `UPDATE ${safety} SET ${who}_decision = $2, ${who}_comment = $3, ${who}_version = $4, ${who}_by = $5,
             updated_at = $6 WHERE experiment_pk = $1`,
          [d.experimentPk, d.decision, d.comment, d.esiVersion, d.decidedBy, when],
        );
        return;
      }
      case EXPERIMENT_RISK_LEVEL_SET:
        await tx.query(`UPDATE ${safety} SET risk_level = $2, updated_at = $3 WHERE experiment_pk = $1`, [
          e.data.experimentPk,
          e.data.riskLevel,
          when,
        ]);
        return;
    }
  }
}
