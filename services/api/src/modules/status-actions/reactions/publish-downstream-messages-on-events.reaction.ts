import { Inject, Injectable } from '@nestjs/common';
import { DOWNSTREAM_JOB_NAME, QUEUES, type DownstreamMessageJobData } from '@user-office/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import type { SqlExecutor } from '../../../platform/database/sql-client';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { OwedJobs } from '../../../platform/queue/owed-jobs';
import { UsersService } from '../../users';
import {
  DOWNSTREAM_EVENT_TYPES,
  planDownstreamMessage,
  type DownstreamBodySource,
} from '../domain/plan-downstream-messages';
import { CompatibleMessages } from '../downstream/compatible-messages.service';

/**
 * Downstream messages without a workflow (ARCHITECTURE §4 "Downstream systems read our messages"): PROPOSAL_DELETED
 * and INSTRUMENT_DELETED, and the feed types switched on by RABBITMQ_FEED_TYPES, in the compatible profile. Each is
 * owed work (job `<event id>-<type>` on the `downstream` queue), written with this reaction's checkpoint, its body
 * built now from the read models; DownstreamMessagesRunner publishes it with confirms, once per exchange, in event
 * order per proposal. Nothing is owed while AMQP_URL is unset.
 */
@Injectable()
@RegisterProjection()
export class PublishDownstreamMessagesOnEventsReaction implements Projection {
  readonly name = 'publish_downstream_messages_on_events';
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = DOWNSTREAM_EVENT_TYPES;
  readonly tables = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: CompatibleMessages,
    private readonly users: UsersService,
    private readonly owed: OwedJobs,
  ) {}

  async apply(tx: SqlExecutor, event: StoredEvent): Promise<void> {
    if (!this.config.amqpUrl || this.config.rabbitmqExchanges.length === 0) return;
    const planned = planDownstreamMessage(event, new Set(this.config.rabbitmqFeedTypes));
    if (!planned) return;
    const body = await this.body(planned.body, event);
    if (body === null) return; // its subject is gone: nothing to say about it
    const data: DownstreamMessageJobData = {
      type: planned.type,
      exchanges: this.config.rabbitmqExchanges,
      body,
      messageId: event.eventId,
      position: event.position,
      orderingKey: planned.orderingKey,
      occurredAt: event.createdAt.toISOString(),
    };
    await this.owed.owe(tx, {
      queue: QUEUES.downstream,
      name: DOWNSTREAM_JOB_NAME,
      data,
      jobId: `${event.eventId}-${planned.type}`,
      attempts: this.config.rabbitmqOutAttempts,
      backoffMs: this.config.rabbitmqOutBackoffMs,
    });
  }

  private async body(source: DownstreamBodySource, event: StoredEvent): Promise<unknown> {
    switch (source.kind) {
      case 'proposal':
        return this.messages.proposal(source.proposalPk, { includeDeleted: source.includeDeleted });
      case 'instrument':
        return this.messages.instrument(source.instrumentId);
      case 'user': {
        const user = await this.users.byId(source.userId);
        return user
          ? {
              id: user.id,
              firstname: user.firstname,
              lastname: user.lastname,
              email: user.email,
              oidcSub: user.oidcSub ?? null,
              institutionId: user.institutionId,
            }
          : { id: source.userId };
      }
      case 'data':
        return event.data ?? {};
    }
  }
}
