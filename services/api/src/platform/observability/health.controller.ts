import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/policy.decorators';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { addressOf, redactUrl } from '../database/pg-sql-client';
import type { EventStore } from '../event-store/event-store.port';
import { ProjectionsService } from '../projections/projections.service';
import type { JobQueue } from '../queue/job-queue.port';
import { EVENT_STORE, JOB_QUEUE } from '../tokens';
import { MetricsService } from './metrics.service';

const TIMEOUT_MS = 2000;

/**
 * Liveness, readiness (store, projections and queue reachable) and Prometheus metrics. A check that fails says
 * which component at which address, in words (the client library's text is in the logs, once per outage).
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly projections: ProjectionsService,
    private readonly metrics: MetricsService,
  ) {}

  @Get('health')
  @Public()
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  async ready(@Res({ passthrough: true }) res: Response) {
    const database = this.databaseName();
    const store = this.config.eventStoreUrl
      ? `KurrentDB at ${redactUrl(this.config.eventStoreUrl)}`
      : database;
    const mongo = this.projections.mongoProjections;
    const [storeCheck, databaseCheck, queueCheck, mongoCheck] = await Promise.all([
      check(() => this.store.ping()),
      check(() => this.projections.projections.ping()),
      check(() => this.queue.ping()),
      mongo ? check(() => mongo.ping()) : Promise.resolve('ok'),
    ]);
    const unreachable = (what: string, detail: string) => `${what} is not reachable (${detail})`;
    const checks: Record<string, string> = {
      store: storeCheck === 'ok' ? 'ok' : unreachable(store, 'appends and reads wait for it'),
      projections:
        databaseCheck !== 'ok'
          ? unreachable(database, 'projections and reactions wait for it, then resume from their checkpoints')
          : await check(async () => {
              const failing = this.projections.projections.status().filter((s) => s.lastError);
              if (failing.length > 0)
                throw new Error(failing.map((s) => `${s.name}: ${s.lastError}`).join('; '));
            }),
      queue:
        queueCheck === 'ok'
          ? 'ok'
          : unreachable(
              this.queue.address,
              'jobs wait: PostgreSQL keeps what is owed, the worker enqueues it again once it is back',
            ),
    };
    if (mongo)
      checks.readModels =
        mongoCheck === 'ok'
          ? await check(async () => {
              const failing = mongo.status().filter((s) => s.lastError);
              if (failing.length > 0)
                throw new Error(failing.map((s) => `${s.name}: ${s.lastError}`).join('; '));
            })
          : unreachable(
              `the read models' MongoDB at ${redactUrl(this.config.readModelsMongoUrl ?? '')}`,
              'the proposal views and event logs wait for it, then resume from their checkpoints',
            );
    const ready = Object.values(checks).every((c) => c === 'ok');
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
  }

  private databaseName(): string {
    return this.config.databaseUrl
      ? `PostgreSQL at ${addressOf(this.config.databaseUrl)}`
      : `the embedded PGlite database in ${this.config.dataDir}`;
  }

  @Get('metrics')
  @Public()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}

async function check(probe: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
  }
}
