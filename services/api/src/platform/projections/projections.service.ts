import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { APP_CONFIG, runsProjector, type AppConfig } from '../config/app-config';
import type { SqlClient } from '../database/sql-client';
import type { EventStore } from '../event-store/event-store.port';
import { MongoProjectionRunner } from '../read-models-mongo/mongo-projection-runner';
import { MONGO_PROJECTION_KEY, type MongoProjection } from '../read-models-mongo/mongo-projection';
import type { MongoReadModels } from '../read-models-mongo/mongo-read-models';
import { EVENT_STORE, MONGO_READ_MODELS, SQL_CLIENT } from '../tokens';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PROJECTION_KEY } from './register-projection.decorator';

/**
 * Discovers every @RegisterProjection provider; initializes them at boot; runs async ones in projector mode. With
 * READ_MODELS_MONGO_URL, the @RegisterMongoProjection providers replace the relational projections of the same
 * names (the proposal views, the event logs) and run from their own checkpoints in MongoDB.
 */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Projections');
  private runner: ProjectionRunner | null = null;
  private mongoRunner: MongoProjectionRunner | null = null;
  /** relational projections that were inline and are now Mongo ones: every read-your-writes wait waits for them */
  private replacedInline: string[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    @Inject(MONGO_READ_MODELS) private readonly mongo: MongoReadModels | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const discovered = <T>(key: string): T[] =>
      this.discovery
        .getProviders()
        .filter(
          (w) => w.metatype && w.instance && this.reflector.get<boolean>(key, w.metatype as () => unknown),
        )
        .map((w) => w.instance as T);
    const mongoProjections = this.mongo ? discovered<MongoProjection>(MONGO_PROJECTION_KEY) : [];
    const inMongo = new Set(mongoProjections.map((p) => p.name));
    const all = discovered<Projection>(PROJECTION_KEY);
    const projections = all.filter((p) => !inMongo.has(p.name));
    this.replacedInline = all.filter((p) => inMongo.has(p.name) && p.mode === 'inline').map((p) => p.name);
    if (this.mongo && mongoProjections.length > 0) {
      this.mongoRunner = new MongoProjectionRunner(this.mongo, this.store, mongoProjections, {
        log: (m) => this.logger.log(m),
        error: (m) => this.logger.error(m),
      });
      await this.mongoRunner.initialize({ rebuildChanged: this.config.mode !== 'maintenance' });
      if (runsProjector(this.config)) this.mongoRunner.start();
    }
    this.runner = new ProjectionRunner(this.sql, this.store, projections, {
      log: (m) => this.logger.log(m),
      error: (m) => this.logger.error(m),
    });
    // maintenance scripts (rebuild, verify) leave version changes to the product's start or an explicit rebuild
    await this.runner.initialize({ rebuildChanged: this.config.mode !== 'maintenance' });
    if (runsProjector(this.config)) this.runner.start();
  }

  /** called by the platform before it closes the database */
  async stop(): Promise<void> {
    await this.mongoRunner?.stop();
    await this.runner?.stop();
  }

  /** the Mongo read models' runner (READ_MODELS_MONGO_URL), or null */
  get mongoProjections(): MongoProjectionRunner | null {
    return this.mongoRunner;
  }

  /** every read model's name, relational and Mongo (rebuild and verify take them) */
  readModelNames(): string[] {
    return [
      ...this.projections.projections.filter((p) => p.kind !== 'reaction').map((p) => p.name),
      ...(this.mongoRunner?.projections.map((p) => p.name) ?? []),
    ];
  }

  /** the runner of this projection: the Mongo one for a Mongo read model */
  runnerOf(name: string): Pick<ProjectionRunner, 'rebuild' | 'verify'> {
    return this.mongoRunner?.has(name) ? this.mongoRunner : this.projections;
  }

  async lag(): Promise<Record<string, number>> {
    return { ...(await this.projections.lag()), ...((await this.mongoRunner?.lag()) ?? {}) };
  }

  get projections(): ProjectionRunner {
    if (!this.runner) throw new Error('Projections are not initialized yet');
    return this.runner;
  }

  /**
   * Read-your-writes: resolves when the projections (default: all) have processed `position`. With the Mongo read
   * models, the Mongo projections that replaced inline ones (the proposal views) are waited for by every call, as
   * the inline ones were written with every append; while MongoDB is away they are not waited for (the write is
   * stored; the read model catches up when it is back), so a MongoDB outage never fails a command.
   */
  async waitFor(position: number, names?: readonly string[], timeoutMs?: number): Promise<void> {
    const mongo = this.mongoRunner;
    if (!mongo) return this.projections.waitFor(position, names, timeoutMs);
    const all = names ?? [
      ...this.projections.projections.map((p) => p.name),
      ...mongo.projections.map((p) => p.name),
    ];
    const inMongo = [...new Set([...all.filter((n) => mongo.has(n)), ...this.replacedInline])];
    const relational = all.filter((n) => !mongo.has(n));
    await Promise.all([
      relational.length > 0 ? this.projections.waitFor(position, relational, timeoutMs) : undefined,
      this.waitForMongo(mongo, position, inMongo, timeoutMs),
    ]);
  }

  private async waitForMongo(
    mongo: MongoProjectionRunner,
    position: number,
    names: readonly string[],
    timeoutMs = 10_000,
  ): Promise<void> {
    if (names.length === 0) return;
    if (mongo.status().some((s) => names.includes(s.name) && s.lastError)) return;
    try {
      await mongo.waitFor(position, names, timeoutMs);
    } catch (error) {
      this.logger.warn(`Read models in MongoDB not current yet: ${(error as Error).message}`);
    }
  }

  /**
   * Read-your-writes after appends made elsewhere (a reaction's): the projections reach the store's head. Inline
   * ones are there with every append, so the head is not even read.
   */
  async waitForHead(names: readonly string[], timeoutMs?: number): Promise<void> {
    const mongo = this.mongoRunner;
    if (!mongo && this.projections.areInline(names)) return;
    await this.waitFor(await this.store.headPosition(), names, timeoutMs);
  }
}
