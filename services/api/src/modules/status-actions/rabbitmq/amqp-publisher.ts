import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type ChannelModel, type ConfirmChannel, type Options } from 'amqplib';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { fulfilled, rejected, type Settled } from '../../../platform/queue/job-batches';
import { StatusActionError, errorText, redactUrl } from '../jobs/status-action-error';

export const RABBITMQ_NOT_CONFIGURED = 'RabbitMQ is not configured (AMQP_URL is not set)';

const CONNECT_TIMEOUT_MS = 5000;

interface Connection {
  url: string;
  model: Promise<ChannelModel>;
  /** exchanges known to exist on this connection's broker */
  exchanges: Set<string>;
  /** the confirm channel publishes share (opened on first use, forgotten when it closes) */
  confirm: Promise<ConfirmChannel> | null;
}

const ignore = () => undefined;

/** One message for `publishMany`: to one exchange (fanout: no routing key). */
export interface OutgoingMessage {
  exchange: string;
  content: Buffer;
  properties: Options.Publish;
}

/**
 * Publishes to RabbitMQ exchanges through a confirm channel (ARCHITECTURE §4: publisher confirms): `publish`
 * resolves only when the broker has taken the message on every exchange; `publishMany` puts many messages in flight
 * at once and settles each with its own confirmation. AMQP_URL is read at each publish, so the
 * broker can change without a restart; one connection is kept per URL and dropped when it breaks. An exchange that
 * does not exist is declared (fanout, durable); one that exists is used as it is.
 */
@Injectable()
export class AmqpPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger('RabbitMQ');
  private current: Connection | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async publish(exchanges: readonly string[], content: Buffer, properties: Options.Publish): Promise<void> {
    const results = await this.publishMany(exchanges.map((exchange) => ({ exchange, content, properties })));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) throw failed.error;
  }

  /**
   * Pipelined publisher confirms: every message is written to the confirm channel at once (many in flight, not
   * one round trip each), and each settles when the broker confirms it (or refuses it, or the channel closes).
   * Messages go out in the order given; the broker keeps that order per channel. What fails settles with a
   * StatusActionError: permanent when AMQP_URL is unset, to be retried otherwise.
   */
  async publishMany(messages: readonly OutgoingMessage[]): Promise<Settled<void>[]> {
    if (messages.length === 0) return [];
    const url = this.config.amqpUrl;
    if (!url) return messages.map(() => rejected(new StatusActionError(RABBITMQ_NOT_CONFIGURED, true)));
    const connection = this.connection(url);
    let model: ChannelModel;
    try {
      model = await connection.model;
    } catch (error) {
      const unreachable = new StatusActionError(
        `RabbitMQ is not reachable at ${redactUrl(url)}: ${errorText(error)}`,
        false,
        { cause: error },
      );
      return messages.map(() => rejected(unreachable));
    }
    const failedExchanges = new Map<string, unknown>();
    for (const exchange of new Set(messages.map((m) => m.exchange))) {
      try {
        await this.ensureExchange(model, connection, exchange);
      } catch (error) {
        connection.exchanges.delete(exchange);
        failedExchanges.set(exchange, error);
      }
    }
    const failure = (exchange: string, error: unknown) =>
      new StatusActionError(`Publishing to exchange ${exchange} failed: ${errorText(error)}`, false, {
        cause: error,
      });
    let channel: ConfirmChannel;
    try {
      channel = await this.confirmChannel(model, connection);
    } catch (error) {
      return messages.map((m) => rejected(failure(m.exchange, error)));
    }
    const confirmations: Promise<Settled<void>>[] = [];
    for (const { exchange, content, properties } of messages) {
      const refused = failedExchanges.get(exchange);
      if (refused !== undefined) {
        confirmations.push(Promise.resolve(rejected(failure(exchange, refused))));
        continue;
      }
      let writable = true;
      confirmations.push(
        new Promise<Settled<void>>((resolve) => {
          try {
            writable = channel.publish(
              exchange,
              '',
              content,
              { persistent: true, ...properties },
              (error: unknown) => {
                if (!error) return resolve(fulfilled(undefined));
                connection.exchanges.delete(exchange);
                resolve(
                  rejected(
                    failure(
                      exchange,
                      error instanceof Error
                        ? error
                        : new Error(`the broker refused the message (${String(error)})`),
                    ),
                  ),
                );
              },
            );
          } catch (error) {
            // the channel closed under us: this message (and the rest) fails the try
            resolve(rejected(failure(exchange, error)));
          }
        }),
      );
      // the socket's buffer is full: let it drain before writing more (the confirmations keep coming meanwhile)
      if (!writable)
        await new Promise<void>((resolve) => {
          const done = () => {
            channel.off('drain', done);
            channel.off('close', done);
            resolve();
          };
          channel.on('drain', done);
          channel.on('close', done); // then the writes that follow fail at once
        });
    }
    return Promise.all(confirmations);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drop();
  }

  /** one confirm channel per connection, shared by the publishes (a channel error closes it: the next opens anew) */
  private confirmChannel(model: ChannelModel, connection: Connection): Promise<ConfirmChannel> {
    if (connection.confirm) return connection.confirm;
    const opened = model.createConfirmChannel();
    connection.confirm = opened;
    const forget = () => {
      if (connection.confirm === opened) connection.confirm = null;
    };
    opened.then((channel) => {
      channel.on('error', ignore); // a channel error also fails the publish's confirmation, which reports it
      channel.on('close', forget);
    }, forget);
    return opened;
  }

  private async ensureExchange(model: ChannelModel, connection: Connection, exchange: string): Promise<void> {
    if (connection.exchanges.has(exchange)) return;
    const probe = await model.createChannel();
    probe.on('error', ignore);
    try {
      await probe.checkExchange(exchange);
      await probe.close().catch(ignore);
    } catch (error) {
      // 404 closes the probe channel: the exchange is missing, so declare it on a fresh one
      if ((error as { code?: number }).code !== 404) throw error;
      const declare = await model.createChannel();
      declare.on('error', ignore);
      try {
        await declare.assertExchange(exchange, 'fanout', { durable: true });
        this.logger.log(`Declared the exchange ${exchange} (fanout, durable)`);
      } finally {
        await declare.close().catch(ignore);
      }
    }
    connection.exchanges.add(exchange);
  }

  /** the connection to `url`, opened on first use; a broken one is forgotten so the next publish reconnects */
  private connection(url: string): Connection {
    if (this.current?.url === url) return this.current;
    void this.drop();
    const entry: Connection = {
      url,
      exchanges: new Set(),
      confirm: null,
      model: connect(url, {
        timeout: CONNECT_TIMEOUT_MS,
        clientProperties: { connection_name: 'user-office' },
      }),
    };
    const forget = () => {
      if (this.current === entry) this.current = null;
    };
    entry.model.then((model) => {
      model.on('error', (error: Error) =>
        this.logger.warn(`Connection to ${redactUrl(url)}: ${error.message}`),
      );
      model.on('close', forget);
    }, forget);
    this.current = entry;
    return entry;
  }

  private async drop(): Promise<void> {
    const entry = this.current;
    this.current = null;
    if (!entry) return;
    try {
      await (await entry.model).close();
    } catch {
      // never connected, or already closed
    }
  }
}
