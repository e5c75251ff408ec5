import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/policy.decorators';
import type { EventStore } from '../event-store/event-store.port';
import { ProjectionsService } from '../projections/projections.service';
import type { JobQueue } from '../queue/job-queue.port';
import { EVENT_STORE, JOB_QUEUE } from '../tokens';
import { MetricsService } from './metrics.service';

const TIMEOUT_MS = 2000;

/** Liveness, readiness (store, projections and queue reachable) and Prometheus metrics. */
@Controller()
export class HealthController {
  constructor(
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
    const checks = {
      store: await check(() => this.store.ping()),
      projections: await check(async () => {
        await this.projections.projections.ping();
        const failing = this.projections.projections.status().filter((s) => s.lastError);
        if (failing.length > 0) throw new Error(failing.map((s) => `${s.name}: ${s.lastError}`).join('; '));
      }),
      queue: await check(() => this.queue.ping()),
    };
    const ready = Object.values(checks).every((c) => c === 'ok');
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
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
