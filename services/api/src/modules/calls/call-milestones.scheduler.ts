import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, runsWorker, type AppConfig } from '../../platform/config/app-config';
import { RequestContext } from '../../platform/context/request-context';
import { CallsService } from './calls.service';

/** How often the worker looks for call dates that passed. */
export const CALL_MILESTONES_INTERVAL_MS = 60_000;

/**
 * In worker mode: every minute, appends CallEnded / CallEndedInternal / CallReviewEnded / CallFapReviewEnded for
 * calls whose dates passed, as the System (workflows react to them). Several workers may run: the call decider
 * and the expected version make each milestone happen once.
 */
@Injectable()
export class CallMilestonesScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CallMilestones');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calls: CallsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorker(this.config) || this.config.nodeEnv === 'test') return;
    this.timer = setInterval(() => void this.tick(), CALL_MILESTONES_INTERVAL_MS);
    this.timer.unref();
    void this.tick();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async tick(): Promise<number[]> {
    try {
      return await RequestContext.run({}, () => this.calls.reachMilestones());
    } catch (error) {
      this.logger.warn(`Call milestones not checked: ${(error as Error).message}`);
      return [];
    }
  }
}
