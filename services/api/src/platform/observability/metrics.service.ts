import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of this process (served at /metrics). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'uo_http_request_duration_seconds',
    help: 'HTTP request latency (GraphQL included) by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'uo_events_appended_total',
    help: 'Events appended to the event store, by stream category',
    labelNames: ['category'] as const,
    registers: [this.registry],
  });
  readonly jobOutcomes = new Counter({
    name: 'uo_job_outcomes_total',
    help: 'Job attempts by queue and outcome (completed, failed, retried)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });
  private lagSource: () => Promise<Record<string, number>> = async () => ({});

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'uo_' });
    const source = () => this.lagSource();
    new Gauge({
      name: 'uo_projection_lag_events',
      help: 'Events between the head of the store and each projection checkpoint',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [projection, lag] of Object.entries(await source())) this.set({ projection }, lag);
      },
    });
  }

  setProjectionLagSource(source: () => Promise<Record<string, number>>): void {
    this.lagSource = source;
  }
}
