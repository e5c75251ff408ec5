import { createServer } from 'node:net';
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { AppConfig } from '../../../platform/config/app-config';
import { StatusActionError } from '../jobs/status-action-error';
import { AmqpPublisher, RABBITMQ_NOT_CONFIGURED } from './amqp-publisher';

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

describe('AmqpPublisher (RabbitMQ on loopback)', () => {
  const config = { amqpUrl: AMQP_URL } as AppConfig;
  const publisher = new AmqpPublisher(config);
  const name = (what: string) => `uo-test-${what}-${process.pid}-${Date.now()}`;
  let amqp: ChannelModel;
  let channel: Channel;
  const exchanges: string[] = [];

  beforeAll(async () => {
    amqp = await connect(AMQP_URL);
    channel = await amqp.createChannel();
  });
  afterAll(async () => {
    await publisher.onApplicationShutdown();
    for (const exchange of exchanges) await channel.deleteExchange(exchange).catch(() => undefined);
    await amqp.close();
  });
  afterEach(() => {
    config.amqpUrl = AMQP_URL;
  });

  async function bound(exchange: string): Promise<ConsumeMessage[]> {
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, exchange, '');
    const received: ConsumeMessage[] = [];
    await channel.consume(queue, (msg) => msg && received.push(msg), { noAck: true });
    return received;
  }
  const arrived = async (received: ConsumeMessage[], n: number) => {
    for (let i = 0; i < 100 && received.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    return received;
  };

  it('publishes to every exchange with publisher confirms and the given properties', async () => {
    const [a, b] = [name('a'), name('b')];
    exchanges.push(a, b);
    for (const exchange of [a, b]) await channel.assertExchange(exchange, 'fanout', { durable: false });
    const [inA, inB] = [await bound(a), await bound(b)];
    await publisher.publish([a, b], Buffer.from('{"hello":1}'), {
      contentType: 'application/json',
      type: 'PROPOSAL_STATUS_CHANGED',
      messageId: 'event-1',
    });
    for (const received of [await arrived(inA, 1), await arrived(inB, 1)]) {
      expect(received).toHaveLength(1);
      expect(received[0].content.toString()).toBe('{"hello":1}');
      expect(received[0].properties).toMatchObject({
        contentType: 'application/json',
        type: 'PROPOSAL_STATUS_CHANGED',
        messageId: 'event-1',
        deliveryMode: 2,
      });
    }
  });

  it('declares an exchange that does not exist yet (fanout, durable)', async () => {
    const exchange = name('new');
    exchanges.push(exchange);
    await publisher.publish([exchange], Buffer.from('{}'), {});
    await expect(channel.checkExchange(exchange)).resolves.toBeDefined();
  });

  it('fails at once, for good, when AMQP_URL is not set', async () => {
    config.amqpUrl = null;
    const error = await publisher.publish(['x'], Buffer.from('{}'), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusActionError);
    expect(error).toMatchObject({ message: RABBITMQ_NOT_CONFIGURED, permanent: true });
  });

  it('an unreachable broker fails the try (to be retried), naming it without its password; the URL is read per publish', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    config.amqpUrl = `amqp://guest:guest@127.0.0.1:${port}`;
    const error = await publisher.publish(['x'], Buffer.from('{}'), {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ permanent: false });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^RabbitMQ is not reachable at amqp://guest:\\*\\*\\*@127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`,
      ),
    );
    config.amqpUrl = AMQP_URL;
    const exchange = name('back');
    exchanges.push(exchange);
    await channel.assertExchange(exchange, 'fanout', { durable: false });
    const received = await bound(exchange);
    await publisher.publish([exchange], Buffer.from('{"back":true}'), {});
    expect((await arrived(received, 1)).map((m) => m.content.toString())).toEqual(['{"back":true}']);
  });
});
