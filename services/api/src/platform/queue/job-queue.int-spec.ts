/** Runs the JobQueue contract on the in-process driver and on BullMQ against a real Redis (REDIS_URL or loopback). */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BullMqJobQueue, deleteQueueKeys, fromBullJobId, toBullJobId } from './bullmq-job-queue';
import { createJobQueue } from './create-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { describeJobQueueContract } from './job-queue.contract';

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `uo-test-${process.pid}-${Date.now()}`;

afterAll(async () => {
  await deleteQueueKeys(redisUrl, prefix);
});

describeJobQueueContract('in-process', async () => new InProcessJobQueue());

describeJobQueueContract('bullmq', async () => new BullMqJobQueue({ redisUrl, prefix }));

describe('createJobQueue', () => {
  it('uses the in-process driver without a Redis URL', async () => {
    const queue = await createJobQueue({ prefix, redisUrl: '' });
    expect(queue.driver).toBe('in-process');
    await queue.close();
  });

  it('uses BullMQ when Redis is reachable', async () => {
    const queue = await createJobQueue({ prefix, redisUrl });
    expect(queue.driver).toBe('bullmq');
    await queue.ping();
    await queue.close();
  });

  it('says how to start Redis when it is not reachable', async () => {
    const startedAt = Date.now();
    await expect(
      createJobQueue({ prefix, redisUrl: 'redis://:secret@127.0.0.1:1', connectTimeoutMs: 1000 }),
    ).rejects.toThrow(
      /^Redis is not reachable at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(.+\): start it with `redis-server .+` or unset REDIS_URL to use the in-process queue$/,
    );
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('gives up after the timeout when the server accepts but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const startedAt = Date.now();
      await expect(
        createJobQueue({ prefix, redisUrl: `redis://127.0.0.1:${port}`, connectTimeoutMs: 300 }),
      ).rejects.toThrow(/^Redis is not reachable at redis:\/\/127\.0\.0\.1:\d+ \(.+\): start it with/);
      expect(Date.now() - startedAt).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('BullMQ job ids', () => {
  it('maps ids BullMQ refuses to accepted ones, reversibly and without collisions', () => {
    const ids = ['a:b', 'a_b', 'a%3Ab', '12', '%N12', '-3', '0', 'x', '%', ':'];
    const mapped = ids.map(toBullJobId);
    expect(new Set(mapped).size).toBe(ids.length);
    for (const id of mapped) {
      expect(id).not.toContain(':');
      expect(`${parseInt(id, 10)}`).not.toBe(id);
    }
    expect(mapped.map(fromBullJobId)).toEqual(ids);
  });
});
