import { Inject, Injectable } from '@nestjs/common';
import {
  QUEUES,
  STATUS_ACTION_JOB_NAMES,
  StatusActionType,
  type StatusActionJobData,
  type StatusActionSpec,
} from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { JobQueue } from '../../../platform/queue/job-queue.port';
import { JOB_QUEUE } from '../../../platform/tokens';

export interface StatusActionJob {
  jobId: string;
  logKey: string;
  replay: boolean;
  action: StatusActionSpec;
  /** the event that caused the job, and its request's correlation id */
  causationId: string;
  correlationId: string | null;
}

/** Enqueues status-action jobs: e-mail on the `email` queue, RabbitMQ on `rabbitmq`, with the retry policy of the config. */
@Injectable()
export class StatusActionsScheduler {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  /** false when a job with that id is already known (enqueued twice: it runs once) */
  enqueue(job: StatusActionJob): Promise<boolean> {
    const attempts = this.config.statusActionAttempts;
    const data: StatusActionJobData = {
      logKey: job.logKey,
      replay: job.replay,
      action: job.action,
      attempts,
      correlationId: job.correlationId,
      causationId: job.causationId,
    };
    const email = job.action.actionType === StatusActionType.EMAIL;
    // a combined e-mail waits out its collection window as a delayed job, not in a worker
    const collectUntil = job.replay ? undefined : job.action.combined?.collectUntil;
    const delayMs = collectUntil ? Math.max(0, Date.parse(collectUntil) - Date.now()) : 0;
    return this.queue.enqueue(
      email ? QUEUES.email : QUEUES.rabbitmq,
      email ? STATUS_ACTION_JOB_NAMES.email : STATUS_ACTION_JOB_NAMES.rabbitmq,
      data,
      { jobId: job.jobId, attempts, backoffMs: this.config.statusActionBackoffMs, delayMs },
    );
  }
}
