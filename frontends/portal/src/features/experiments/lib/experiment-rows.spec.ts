import { currentOrAwaitingFeedback, feedbackLookBack, startingWithin } from './experiment-rows';

const now = new Date('2026-11-27T12:00:00Z');
const row = (id: number, startsAt: string, endsAt: string, status: 'ACTIVE' | 'COMPLETED') => ({
  id,
  startsAt,
  endsAt,
  status,
});

describe('the rows of the experiments tables', () => {
  const rows = [
    row(1, '2026-11-20T08:00:00Z', '2026-11-24T08:00:00Z', 'COMPLETED'), // ended, awaiting feedback
    row(2, '2026-11-20T08:00:00Z', '2026-11-24T08:00:00Z', 'ACTIVE'), // ended, never completed
    row(3, '2026-11-26T08:00:00Z', '2026-11-28T08:00:00Z', 'ACTIVE'), // running
    row(4, '2027-02-01T08:00:00Z', '2027-02-03T08:00:00Z', 'ACTIVE'), // far ahead
  ];

  it('the dashboard: what has not ended, and the completed experiments awaiting feedback', () => {
    expect(currentOrAwaitingFeedback(rows, now).map((r) => r.id)).toEqual([1, 3, 4]);
  });

  it('reaches back FEEDBACK_EXHAUST_DAYS for them (none when unset or negative)', () => {
    expect(feedbackLookBack(now, 90).toISOString()).toBe('2026-08-29T12:00:00.000Z');
    expect(feedbackLookBack(now, 0)).toEqual(now);
    expect(feedbackLookBack(now, -3)).toEqual(now);
  });

  it('Experiment times: those starting within the window', () => {
    expect(startingWithin(rows, now, 30).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
