import { loadConfig } from './app-config';

/** the environment of a process, with what every run needs */
const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'secret', ...env });

describe('WORKER_QUEUES', () => {
  const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };

  it('runs every queue unless set', () => {
    expect(config({}).workerQueues).toBeNull();
    expect(config({ ...redis, WORKER_QUEUES: ' ' }).workerQueues).toBeNull();
  });

  it('takes the queues named, once each', () => {
    expect(config({ ...redis, WORKER_QUEUES: 'rabbitmq, downstream,rabbitmq' }).workerQueues).toEqual([
      'rabbitmq',
      'downstream',
    ]);
  });

  it('refuses a queue it does not know, naming those it does', () => {
    expect(() => config({ ...redis, WORKER_QUEUES: 'email,mail' })).toThrow(
      'WORKER_QUEUES names unknown queues (mail); known: email, rabbitmq, downloads, replays, downstream',
    );
  });

  it('needs Redis: the in-process queue runs its jobs where they are enqueued', () => {
    expect(() => config({ WORKER_QUEUES: 'email' })).toThrow(/^WORKER_QUEUES needs REDIS_URL/);
  });
});
