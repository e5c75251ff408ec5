import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { APP_CONFIG, runsProjector, type AppConfig } from '../config/app-config';
import type { SqlClient } from '../database/sql-client';
import type { EventStore } from '../event-store/event-store.port';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PROJECTION_KEY } from './register-projection.decorator';

/** Discovers every @RegisterProjection provider; initializes them at boot; runs async ones in projector mode. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Projections');
  private runner: ProjectionRunner | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const projections = this.discovery
      .getProviders()
      .filter(
        (w) =>
          w.metatype &&
          w.instance &&
          this.reflector.get<boolean>(PROJECTION_KEY, w.metatype as () => unknown),
      )
      .map((w) => w.instance as Projection);
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
    await this.runner?.stop();
  }

  get projections(): ProjectionRunner {
    if (!this.runner) throw new Error('Projections are not initialized yet');
    return this.runner;
  }

  waitFor(position: number, names?: readonly string[], timeoutMs?: number): Promise<void> {
    return this.projections.waitFor(position, names, timeoutMs);
  }

  /**
   * Read-your-writes after appends made elsewhere (a reaction's): the projections reach the store's head. Inline
   * ones are there with every append, so the head is not even read.
   */
  async waitForHead(names: readonly string[], timeoutMs?: number): Promise<void> {
    if (this.projections.areInline(names)) return;
    await this.waitFor(await this.store.headPosition(), names, timeoutMs);
  }
}
