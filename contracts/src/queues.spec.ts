import { QUEUES } from './queues';

describe('QUEUES', () => {
  it('names each queue after its key', () => {
    for (const [key, name] of Object.entries(QUEUES)) expect(name).toBe(key);
    expect(Object.keys(QUEUES).sort()).toEqual(['downloads', 'downstream', 'email', 'rabbitmq', 'replays']);
  });
});
