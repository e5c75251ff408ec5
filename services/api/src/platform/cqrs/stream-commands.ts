import { Injectable } from '@nestjs/common';
import type { AppendResult } from '../event-store/event-store.port';
import { ProjectionsService } from '../projections/projections.service';
import { EventSourcing, type Decider } from './event-sourcing';

/**
 * What every `Execute<Aggregate>CommandHandler` does with one command of its decider's union: load the stream,
 * fold it, decide (pure), append with the expected version (deciding again on a lost race), then wait until
 * the read models the caller reads show the events, so a mutation returns what it changed.
 */
@Injectable()
export class StreamCommands {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  /** The append, or null when the decider decided nothing (nothing to wait for). */
  async execute<S, C>(
    streamId: string,
    decider: Decider<S, C>,
    command: C,
    readModels: readonly string[],
  ): Promise<AppendResult | null> {
    const result = await this.events.execute(streamId, decider, command);
    if (result && readModels.length > 0) await this.projections.waitFor(result.position, readModels);
    return result;
  }
}
