import { InProcessJobQueue, MAX_TIMER_MS } from './in-process-job-queue';

describe('InProcessJobQueue: delayed jobs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a job delayed beyond one Node timer (2^31 - 1 ms) when it is due, not at once', async () => {
    const queue = new InProcessJobQueue();
    const ran: number[] = [];
    queue.registerProcessor('reminders', async () => {
      ran.push(Date.now());
    });
    await queue.start();
    const start = Date.now();
    const delay = 3 * MAX_TIMER_MS + 5_000; // about 75 days
    await queue.enqueue('reminders', 'reminder', {}, { jobId: 'far', delayMs: delay });

    await jest.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual([]);
    expect((await queue.getJob('reminders', 'far'))?.state).toBe('delayed');

    await jest.advanceTimersByTimeAsync(delay - 1_000 - 1);
    expect(ran).toEqual([]);
    expect((await queue.getJob('reminders', 'far'))?.state).toBe('delayed');

    await jest.advanceTimersByTimeAsync(1);
    expect(ran).toEqual([start + delay]);
    expect((await queue.getJob('reminders', 'far'))?.state).toBe('completed');
    await queue.close();
  });

  it('still runs a short delay once it has passed', async () => {
    const queue = new InProcessJobQueue();
    let runs = 0;
    queue.registerProcessor('q', async () => {
      runs += 1;
    });
    await queue.start();
    await queue.enqueue('q', 'n', {}, { jobId: 'near', delayMs: 500 });
    await jest.advanceTimersByTimeAsync(499);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await queue.close();
  });
});
