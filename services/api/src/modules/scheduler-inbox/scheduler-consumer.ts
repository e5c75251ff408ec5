import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { deadLetterExchangeOf, deadLetterQueueOf, SettingsId } from '@user-office/contracts';
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { APP_CONFIG, runsWorker, type AppConfig } from '../../platform/config/app-config';
import { RequestContext } from '../../platform/context/request-context';
import { AppError } from '../../platform/errors/app-error';
import { ExperimentsRepository, ExperimentsService, type ScheduledEventCommand } from '../experiments';
import { SettingsRepository } from '../settings';
import {
  InvalidBookingMessage,
  parseBookingMessage,
  targetStatus,
  type BookingMessage,
} from './domain/booking-message';
import { SchedulerInbox } from './scheduler-inbox.repository';

/** How one message ended. */
export type InboxOutcome = 'applied' | 'stale' | 'dead-lettered' | 'ignored' | 'requeued';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const RECONNECT_MAX_MS = 30_000;

/** the time slot a message is about (its `id`): the messages of one slot are handled in order; '' when unknown */
function slotKeyOf(msg: ConsumeMessage): string {
  try {
    const body = JSON.parse(msg.content.toString('utf8')) as {
      id?: unknown;
      scheduledevents?: { id?: unknown }[];
    };
    // a removal: its (first) slot
    const id = Array.isArray(body.scheduledevents) ? body.scheduledevents[0]?.id : body.id;
    return typeof id === 'number' || typeof id === 'string' ? `slot-${String(id)}` : '';
  } catch {
    return '';
  }
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');

/**
 * The consumer of the scheduler's exchange (ARCHITECTURE §4 "we read theirs"): the queue RABBITMQ_SCHEDULER_QUEUE,
 * durable, bound to RABBITMQ_SCHEDULER_EXCHANGE (fanout, durable), with `x-dead-letter-exchange: DLX__<queue>`
 * (fanout, durable) bound to the durable `DL__<queue>`, at most RABBITMQ_PREFETCH messages unacknowledged. Each
 * booking message becomes the experiments' idempotent scheduler commands (ExperimentsService.applyScheduledEvent),
 * the messages of one time slot one at a time in delivery order (different slots' at once), each acknowledged once
 * applied:
 * - the same message twice changes nothing the second time (the commands are idempotent by the scheduler's id);
 * - a message older (AMQP timestamp) than the latest applied for its time slot, or about a removed slot, is
 *   acknowledged and changes nothing (SchedulerInbox): out of order, the experiment ends in its latest state;
 * - a message that fails its schema, or that the commands refuse (an unknown proposal, …), is rejected without
 *   requeue (dead-lettered to DL__<queue>) with one log line, and changes nothing;
 * - a type we do not consume is acknowledged and logged;
 * - anything else (PostgreSQL away) is requeued after a pause.
 * The connection is re-opened with backoff when the broker goes away. Runs in the worker.
 */
@Injectable()
export class SchedulerConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SchedulerConsumer');
  private model: ChannelModel | null = null;
  private stopped = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly chains = new Map<string, Promise<unknown>>();
  private zone: { value: string; at: number } | null = null;
  private readonly listeners: ((outcome: InboxOutcome, type: string) => void)[] = [];
  private connecting: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly experiments: ExperimentsService,
    private readonly repository: ExperimentsRepository,
    private readonly settings: SettingsRepository,
    private readonly inbox: SchedulerInbox,
  ) {}

  /** observer of each message's outcome (tests, the benchmark) */
  onOutcome(listener: (outcome: InboxOutcome, type: string) => void): void {
    this.listeners.push(listener);
  }

  get enabled(): boolean {
    return runsWorker(this.config) && !!this.config.amqpUrl && !!this.config.rabbitmqSchedulerQueue;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.connecting = this.connectLoop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const model = this.model;
    this.model = null;
    await this.chain.catch(() => undefined);
    await model?.close().catch(() => undefined);
  }

  /** resolves once the queue is consumed (tests) */
  async ready(): Promise<void> {
    for (let i = 0; i < 400 && !this.model && !this.stopped; i++) await sleep(25);
  }

  private async connectLoop(): Promise<void> {
    let delay = 500;
    while (!this.stopped) {
      try {
        await this.start();
        return;
      } catch (error) {
        this.logger.warn(
          `The scheduler's queue is not consumed (RabbitMQ at ${redact(this.config.amqpUrl ?? '')}): ${(error as Error).message}; trying again in ${delay} ms`,
        );
        await sleep(delay);
        delay = Math.min(RECONNECT_MAX_MS, delay * 2);
      }
    }
  }

  private async start(): Promise<void> {
    const url = this.config.amqpUrl;
    const queue = this.config.rabbitmqSchedulerQueue;
    if (!url || !queue) return;
    const model = await connect(url, {
      timeout: 5000,
      clientProperties: { connection_name: 'user-office-scheduler-inbox' },
    });
    try {
      const channel = await model.createChannel();
      await this.declare(channel, queue);
      await channel.prefetch(this.config.rabbitmqPrefetch);
      await channel.consume(queue, (msg) => {
        if (!msg) return; // the queue was deleted: the close handler reconnects
        // the messages of one time slot one at a time, in delivery order; other slots' at once (up to the
        // prefetch); the request context carries the message id as correlation id
        const context = msg.properties.messageId ? { correlationId: String(msg.properties.messageId) } : {};
        const key = slotKeyOf(msg);
        const previous = this.chains.get(key) ?? Promise.resolve();
        const next = previous
          .then(() => RequestContext.run(context, () => this.handle(channel, msg)))
          .catch(() => undefined);
        this.chains.set(key, next);
        this.chain = Promise.all([this.chain, next]);
        void next.then(() => {
          if (this.chains.get(key) === next) this.chains.delete(key);
        });
      });
    } catch (error) {
      await model.close().catch(() => undefined);
      throw error;
    }
    model.on('error', (error: Error) => this.logger.warn(`Connection: ${error.message}`));
    model.on('close', () => {
      if (this.model !== model) return;
      this.model = null;
      if (!this.stopped) {
        this.logger.warn('The connection to RabbitMQ closed: consuming again once it is back');
        this.connecting = this.connectLoop();
      }
    });
    this.model = model;
    this.logger.log(`Consuming ${queue} (bound to ${this.config.rabbitmqSchedulerExchange})`);
  }

  /** the exchange, the queue with its dead-letter exchange and queue: durable, as the scheduler's side expects */
  private async declare(channel: Channel, queue: string): Promise<void> {
    const exchange = this.config.rabbitmqSchedulerExchange;
    const dlx = deadLetterExchangeOf(queue);
    const dlq = deadLetterQueueOf(queue);
    await channel.assertExchange(exchange, 'fanout', { durable: true });
    await channel.assertExchange(dlx, 'fanout', { durable: true });
    await channel.assertQueue(dlq, { durable: true });
    await channel.bindQueue(dlq, dlx, '');
    await channel.assertQueue(queue, { durable: true, arguments: { 'x-dead-letter-exchange': dlx } });
    await channel.bindQueue(queue, exchange, '');
  }

  private emit(outcome: InboxOutcome, type: string): void {
    for (const listener of this.listeners) listener(outcome, type);
  }

  private async handle(channel: Channel, msg: ConsumeMessage): Promise<void> {
    const type = String(msg.properties.type ?? '');
    const id = msg.properties.messageId ? ` ${String(msg.properties.messageId)}` : '';
    let outcome: InboxOutcome;
    try {
      let body: unknown;
      try {
        body = JSON.parse(msg.content.toString('utf8'));
      } catch {
        throw new InvalidBookingMessage('the body is not JSON');
      }
      const message = parseBookingMessage(type, body, await this.timeZone());
      if (!message) {
        this.logger.log(`Acknowledged a message of a type we do not consume: ${type || '(no type)'}${id}`);
        channel.ack(msg);
        this.emit('ignored', type);
        return;
      }
      const timestamp = typeof msg.properties.timestamp === 'number' ? msg.properties.timestamp : null;
      outcome = (await this.apply(message, timestamp)) ? 'applied' : 'stale';
      channel.ack(msg);
    } catch (error) {
      if (error instanceof InvalidBookingMessage || error instanceof AppError) {
        this.logger.warn(`Dead-lettered ${type || '(no type)'}${id}: ${error.message}`);
        channel.nack(msg, false, false);
        outcome = 'dead-lettered';
      } else {
        this.logger.warn(`${type}${id} could not be applied, requeued: ${(error as Error).message}`);
        await sleep(1000);
        channel.nack(msg, false, true);
        outcome = 'requeued';
      }
    }
    this.emit(outcome, type);
  }

  /** the facility's TIMEZONE setting (read again after 10 s) */
  private async timeZone(): Promise<string> {
    if (this.zone && Date.now() - this.zone.at < 10_000) return this.zone.value;
    const settings = await this.settings.settings();
    const value = settings.find((s) => s.id === SettingsId.TIMEZONE)?.settingsValue || 'UTC';
    this.zone = { value, at: Date.now() };
    return value;
  }

  /** applies the message's commands; false when it is stale (older than what was applied, or a removed slot) */
  private async apply(message: BookingMessage, timestamp: number | null): Promise<boolean> {
    if (message.type === 'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED') {
      for (const scheduledEventId of message.scheduledEventIds) {
        await this.experiments.applyScheduledEvent({ kind: 'remove', scheduledEventId });
        await this.inbox.applied(scheduledEventId, timestamp, true);
      }
      return true;
    }
    const { slot } = message;
    const seen = await this.inbox.entry(slot.scheduledEventId);
    if (seen?.removed) return false;
    if (seen?.lastTimestamp != null && timestamp !== null && timestamp < seen.lastTimestamp) return false;
    // REOPENED depends on the experiment's status (targetStatus): the same message again (the time of the last
    // one applied) would move a reopened experiment on to DRAFT, so it changes nothing
    if (
      message.type === 'PROPOSAL_BOOKING_TIME_REOPENED' &&
      seen?.lastTimestamp != null &&
      timestamp === seen.lastTimestamp
    )
      return false;
    const existing = await this.repository.byScheduledEventId(slot.scheduledEventId);
    const instrumentId = slot.instrumentId ?? existing?.instrumentId;
    if (!instrumentId)
      throw new InvalidBookingMessage(
        `No experiment for the scheduled event ${slot.scheduledEventId} and no instrumentId: it must be created first`,
      );
    const commands: ScheduledEventCommand[] = [
      // a create of an existing scheduled event is its update (the same fields: nothing)
      {
        kind: 'create',
        input: {
          scheduledEventId: slot.scheduledEventId,
          proposalPk: slot.proposalPk,
          instrumentId,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          localContactId: slot.localContactId,
        },
      },
    ];
    const status = targetStatus(message, existing?.status ?? null);
    if (status === 'ACTIVE') commands.push({ kind: 'activate', scheduledEventId: slot.scheduledEventId });
    if (status === 'COMPLETED') commands.push({ kind: 'complete', scheduledEventId: slot.scheduledEventId });
    if (status === 'DRAFT') commands.push({ kind: 'reopen', scheduledEventId: slot.scheduledEventId });
    for (const command of commands) await this.experiments.applyScheduledEvent(command);
    await this.inbox.applied(slot.scheduledEventId, timestamp, false);
    return true;
  }
}
