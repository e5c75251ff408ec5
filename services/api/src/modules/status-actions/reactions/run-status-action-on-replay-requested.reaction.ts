import { Injectable } from '@nestjs/common';
import { STATUS_ACTION_REPLAY_REQUESTED, type StatusActionReplayRequestedData } from '@user-office/contracts';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { StatusActionsScheduler } from '../jobs/status-actions.scheduler';

/**
 * replayStatusActionsLog appends StatusActionReplayRequested; this reaction turns it into a new job of the entry's
 * action (id `<replay event id>-<action id>`), whose outcome is appended to the same entry.
 */
@Injectable()
@RegisterProjection()
export class RunStatusActionOnReplayRequestedReaction implements Projection {
  readonly name = 'run_status_action_on_replay_requested';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [STATUS_ACTION_REPLAY_REQUESTED];
  readonly tables = [];

  constructor(private readonly scheduler: StatusActionsScheduler) {}

  /** `tx`: the reaction's writes, committed with its checkpoint (the replay's job is owed there) */
  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    const d = event.data as StatusActionReplayRequestedData;
    await this.scheduler.owe(tx, {
      jobId: `${event.eventId}-${d.action.actionId}`,
      logKey: d.logKey,
      replay: true,
      action: d.action,
      causationId: event.eventId,
      correlationId: event.metadata.correlationId ?? null,
      statusActionsLogId: d.statusActionsLogId,
    });
  }
}
