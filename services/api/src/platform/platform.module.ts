import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AppErrorFilter } from './errors/app-error.filter';
import { join } from 'node:path';
import { AccessGuard } from './auth/access.guard';
import { TokenService } from './auth/token.service';
import { APP_CONFIG, runsWorker, type AppConfig } from './config/app-config';
import { EventSourcing } from './cqrs/event-sourcing';
import { StreamCommands } from './cqrs/stream-commands';
import { PgSqlClient } from './database/pg-sql-client';
import { PgliteSqlClient } from './database/pglite-sql-client';
import type { SqlClient } from './database/sql-client';
import type { EventStore } from './event-store/event-store.port';
import type { KurrentEventStore } from './event-store/kurrent-event-store';
import { SqlEventStore } from './event-store/sql-event-store';
import { HealthController } from './observability/health.controller';
import { MetricsService } from './observability/metrics.service';
import { ProjectionsService } from './projections/projections.service';
import { createJobQueue } from './queue/create-job-queue';
import type { JobQueue } from './queue/job-queue.port';
import { OwedJobs } from './queue/owed-jobs';
import { EVENT_STORE, JOB_QUEUE, MONGO_READ_MODELS, SQL_CLIENT } from './tokens';
import { MongoReadModels } from './read-models-mongo/mongo-read-models';
import { AccessRegistry } from './auth/access-registry';
import { IdSequences } from './database/id-sequences';

/** Wires metrics to the ports and closes them in order on shutdown. */
class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly owed: OwedJobs,
    private readonly events: EventSourcing,
    private readonly metrics: MetricsService,
    private readonly projections: ProjectionsService,
    @Inject(MONGO_READ_MODELS) private readonly mongo: MongoReadModels | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.events.onAppend((result) => {
      const category = result.events[0]?.streamId.split('-')[0] ?? 'unknown';
      this.metrics.eventsAppended.inc({ category }, result.events.length);
    });
    this.queue.onOutcome((queue, outcome) => this.metrics.jobOutcomes.inc({ queue, outcome }));
    this.metrics.setProjectionLagSource(() => this.projections.lag());
    if (runsWorker(this.config)) {
      await this.queue.start(this.config.workerQueues);
      // owed jobs the queue lost (Redis without its data, the in-process queue after a restart): now and then
      this.owed.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.owed.stop();
    await this.projections.stop();
    await this.queue.close();
    await this.store.close();
    await this.sql.close();
    await this.mongo?.close();
  }
}

/** The house every module lives in: config, SQL, event store, projections, queue, access, metrics. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [DiscoveryModule],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: SQL_CLIENT,
          useFactory: async (): Promise<SqlClient> =>
            config.databaseUrl
              ? PgSqlClient.connect(config.databaseUrl)
              : PgliteSqlClient.open(
                  config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pglite'),
                ),
        },
        {
          provide: MONGO_READ_MODELS,
          useFactory: (): MongoReadModels | null =>
            config.readModelsMongoUrl ? MongoReadModels.open(config.readModelsMongoUrl) : null,
        },
        {
          provide: EVENT_STORE,
          inject: [SQL_CLIENT],
          useFactory: async (sql: SqlClient): Promise<EventStore> => {
            if (config.eventStoreUrl) {
              // the KurrentDB client (gRPC, protobuf: about 230 modules) is loaded only when it is configured
              // eslint-disable-next-line @typescript-eslint/no-require-imports
              const kurrent = require('./event-store/kurrent-event-store') as {
                KurrentEventStore: typeof KurrentEventStore;
              };
              return kurrent.KurrentEventStore.connect(config.eventStoreUrl);
            }
            await SqlEventStore.migrate(sql);
            return new SqlEventStore(sql);
          },
        },
        {
          provide: OwedJobs,
          inject: [SQL_CLIENT],
          useFactory: async (sql: SqlClient): Promise<OwedJobs> => {
            const driver = await createJobQueue({
              redisUrl: config.redisUrl ?? undefined,
              prefix: config.queuePrefix,
              lockMs: config.queueLockMs,
            });
            await OwedJobs.migrate(sql);
            return new OwedJobs(sql, driver, { reconcileEveryMs: config.owedJobsReconcileMs });
          },
        },
        {
          // the driver, each processor marking its owed job's row
          provide: JOB_QUEUE,
          inject: [OwedJobs],
          useFactory: (owed: OwedJobs): JobQueue => owed.queue,
        },
        {
          provide: EventSourcing,
          inject: [EVENT_STORE],
          useFactory: (store: EventStore) => new EventSourcing(store),
        },
        {
          provide: TokenService,
          useFactory: () => new TokenService(config.jwtSecret, config.tokenTtlSeconds),
        },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: AppErrorFilter },
        AccessRegistry,
        IdSequences,
        MetricsService,
        ProjectionsService,
        StreamCommands,
        PlatformLifecycle,
      ],
      exports: [
        AccessRegistry,
        IdSequences,
        APP_CONFIG,
        SQL_CLIENT,
        MONGO_READ_MODELS,
        EVENT_STORE,
        JOB_QUEUE,
        OwedJobs,
        EventSourcing,
        TokenService,
        MetricsService,
        ProjectionsService,
        StreamCommands,
      ],
    };
  }
}
