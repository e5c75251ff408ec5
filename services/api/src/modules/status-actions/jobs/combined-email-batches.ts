import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient, SqlExecutor } from '../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../platform/tokens';

/** how long a combined e-mail's job waits for the other proposals of its bulk change */
export const COMBINE_EMAILS_WINDOW_MS = 2000;

/**
 * The batches of combined e-mails (combineEmails): which proposals one e-mail job covers. The reaction joins each
 * proposal a bulk change moved to the open job of its batch key; the job, when it runs, closes its batch and
 * covers exactly the proposals that joined before. Both take the batch's row lock, so a proposal joins a job
 * that has not closed yet or, once it has, a new job of the same batch (`<batch key>-<event id>`): none is lost,
 * none is covered twice. Joining is idempotent per status change (at-least-once reactions).
 * Working state of the status-actions jobs, like the queue itself: not a projection, not rebuilt.
 */
@Injectable()
export class CombinedEmailBatches {
  private ready: Promise<void> | null = null;

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /**
   * Adds the proposal of a status change to the open job of the batch (opening one when there is none) and
   * returns that job's id; the same status change again returns the job it joined first.
   */
  async join(batchKey: string, sourceEventId: string, proposalPk: number): Promise<string> {
    await this.ensureTables();
    return this.sql.transaction(async (tx) => {
      const joined = await tx.query<{ job_id: string }>(
        'SELECT job_id FROM status_action_email_batch_members WHERE batch_key = $1 AND source_event_id = $2',
        [batchKey, sourceEventId],
      );
      if (joined.rows[0]) return joined.rows[0].job_id;
      const open = await tx.query<{ job_id: string }>(
        `SELECT job_id FROM status_action_email_batches WHERE batch_key = $1 AND NOT closed
         ORDER BY created_at LIMIT 1 FOR UPDATE`,
        [batchKey],
      );
      let jobId: string | null = open.rows[0]?.job_id ?? null;
      if (jobId === null) {
        const any = await tx.query('SELECT 1 FROM status_action_email_batches WHERE batch_key = $1 LIMIT 1', [
          batchKey,
        ]);
        // the first job of a batch is the batch key; a later one (the first had closed) is named after its event
        jobId = await this.open(
          tx,
          batchKey,
          any.rows.length === 0 ? batchKey : `${batchKey}-${sourceEventId}`,
        );
        if (jobId === null) jobId = await this.open(tx, batchKey, `${batchKey}-${sourceEventId}`);
        if (jobId === null) throw new Error(`Could not open a combined e-mail job for ${batchKey}`);
      }
      await tx.query(
        `INSERT INTO status_action_email_batch_members (batch_key, source_event_id, job_id, proposal_pk)
         VALUES ($1, $2, $3, $4)`,
        [batchKey, sourceEventId, jobId, proposalPk],
      );
      return jobId;
    });
  }

  /**
   * Closes the job's batch (nothing joins it any more) and returns the proposals it covers, in the order they
   * joined; null when the job has no batch. Closing again returns the same proposals (retries).
   */
  async close(jobId: string): Promise<number[] | null> {
    await this.ensureTables();
    return this.sql.transaction(async (tx) => {
      const closed = await tx.query(
        'UPDATE status_action_email_batches SET closed = true WHERE job_id = $1 RETURNING job_id',
        [jobId],
      );
      if (closed.rows.length === 0) return null;
      const members = await tx.query<{ proposal_pk: number }>(
        'SELECT proposal_pk FROM status_action_email_batch_members WHERE job_id = $1 ORDER BY joined_at, proposal_pk',
        [jobId],
      );
      return [...new Set(members.rows.map((r) => Number(r.proposal_pk)))];
    });
  }

  /** inserts the job row unless it exists; its id when it is (now) open, null when it had closed */
  private async open(tx: SqlExecutor, batchKey: string, jobId: string): Promise<string | null> {
    await tx.query(
      `INSERT INTO status_action_email_batches (job_id, batch_key) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`,
      [jobId, batchKey],
    );
    const row = await tx.query<{ closed: boolean }>(
      'SELECT closed FROM status_action_email_batches WHERE job_id = $1 FOR UPDATE',
      [jobId],
    );
    return row.rows[0] && !row.rows[0].closed ? jobId : null;
  }

  private ensureTables(): Promise<void> {
    this.ready ??= (async () => {
      await this.sql.query(`CREATE TABLE IF NOT EXISTS status_action_email_batches (
        job_id text PRIMARY KEY, batch_key text NOT NULL, closed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
      await this.sql.query(
        'CREATE INDEX IF NOT EXISTS status_action_email_batches_key ON status_action_email_batches (batch_key)',
      );
      await this.sql.query(`CREATE TABLE IF NOT EXISTS status_action_email_batch_members (
        batch_key text NOT NULL, source_event_id text NOT NULL, job_id text NOT NULL, proposal_pk integer NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (batch_key, source_event_id))`);
      await this.sql.query(
        'CREATE INDEX IF NOT EXISTS status_action_email_batch_members_job ON status_action_email_batch_members (job_id)',
      );
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }
}
