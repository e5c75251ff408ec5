import { feedbackMessages as M, feedbackWorkflowEvents, FeedbackStatus } from '@user-office/contracts';
import { planFeedbackReminders } from './feedback-reminders';
import { feedbackDecider, type FeedbackCommand } from './feedback.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) => events.reduce(feedbackDecider.evolve, feedbackDecider.initialState);
const decide = (command: FeedbackCommand, events: Event[]) => feedbackDecider.decide(command, given(events));
const error = (code: string, message: string) => expect.objectContaining({ code, message });

const created: Event = {
  type: 'FeedbackCreated',
  data: { feedbackId: 3, experimentPk: 7, proposalPk: 5, creatorId: 2, questionaryId: 40 },
};
const submitted: Event = {
  type: 'FeedbackSubmitted',
  data: { feedbackId: 3, experimentPk: 7, creatorId: 2, submittedAt: '2030-01-01T00:00:00.000Z' },
};
const create = (
  over: Partial<Extract<FeedbackCommand, { type: 'CreateFeedback' }>> = {},
): FeedbackCommand => ({
  type: 'CreateFeedback',
  feedbackId: 3,
  experimentPk: 7,
  proposalPk: 5,
  userId: 2,
  isMember: true,
  experimentCompleted: true,
  questionaryId: 40,
  ...over,
});
const update = (status: FeedbackStatus, userId = 2, questionaryComplete = true): FeedbackCommand => ({
  type: 'UpdateFeedback',
  userId,
  status,
  questionaryComplete,
  now: '2030-01-01T00:00:00.000Z',
});

describe('the feedback decider', () => {
  it('creates one feedback per user and completed experiment, for its proposers', () => {
    expect(decide(create(), [])).toEqual([created]);
    expect(() => decide(create(), [created])).toThrow(error('BAD_USER_INPUT', M.exists));
    expect(() => decide(create({ isMember: false }), [])).toThrow(error('FORBIDDEN', M.onlyMembers));
    expect(() => decide(create({ experimentCompleted: false }), [])).toThrow(
      error('BAD_USER_INPUT', M.notCompleted),
    );
    expect(() => decide(create({ questionaryId: null }), [])).toThrow(
      error('BAD_USER_INPUT', M.noActiveTemplate),
    );
  });

  it('goes from DRAFT to SUBMITTED once, complete, by its author; submitted is final', () => {
    expect(decide(update(FeedbackStatus.DRAFT), [created])).toEqual([]);
    expect(() => decide(update(FeedbackStatus.SUBMITTED, 2, false), [created])).toThrow(
      error('BAD_USER_INPUT', M.incomplete),
    );
    expect(() => decide(update(FeedbackStatus.SUBMITTED, 9), [created])).toThrow(
      error('FORBIDDEN', M.onlyCreator),
    );
    expect(decide(update(FeedbackStatus.SUBMITTED), [created])).toEqual([submitted]);
    expect(given([created, submitted]).status).toBe(FeedbackStatus.SUBMITTED);
    expect(decide(update(FeedbackStatus.SUBMITTED), [created, submitted])).toEqual([]);
    expect(() => decide(update(FeedbackStatus.DRAFT), [created, submitted])).toThrow(
      error('BAD_USER_INPUT', M.locked),
    );
    expect(() => decide(update(FeedbackStatus.SUBMITTED), [])).toThrow(error('NOT_FOUND', M.notFound));
    expect(feedbackWorkflowEvents(submitted)).toEqual(['EXPERIMENT_FEEDBACK_SUBMITTED']);
  });
});

describe('the feedback reminder schedule (a fake clock: `now` is an argument)', () => {
  const endsAt = new Date('2030-03-01T12:00:00.000Z');
  const at = (days: number) => new Date(endsAt.getTime() + days * 24 * 3600 * 1000);
  const plan = (now: Date, frequencyDays = 14, maxRequests = 2, exhaustDays = 30) =>
    planFeedbackReminders(endsAt, now, { frequencyDays, maxRequests, exhaustDays }).map((r) => [
      r.number,
      r.dueAt.toISOString(),
    ]);

  it('sends the first when the experiment ends, then every FEEDBACK_FREQUENCY_DAYS, at most FEEDBACK_MAX_REQUESTS', () => {
    expect(plan(at(-1))).toEqual([
      [1, at(0).toISOString()],
      [2, at(14).toISOString()],
    ]);
    expect(plan(at(-1), 7, 4, 60)).toEqual([1, 2, 3, 4].map((k) => [k, at((k - 1) * 7).toISOString()]));
    expect(plan(at(-1), 7, 0)).toEqual([]);
  });

  it('sends none after FEEDBACK_EXHAUST_DAYS', () => {
    expect(plan(at(-1), 14, 5, 30)).toEqual([0, 14, 28].map((d, i) => [i + 1, at(d).toISOString()]));
    expect(plan(at(31))).toEqual([]);
  });

  it('collapses the reminders overdue at planning into one, due now', () => {
    expect(plan(at(15))).toEqual([[2, at(15).toISOString()]]);
    expect(plan(at(3), 1, 3, 30)).toEqual([[3, at(3).toISOString()]]);
    expect(plan(at(0.5), 1, 3, 30)).toEqual([
      [1, at(0.5).toISOString()],
      [2, at(1).toISOString()],
      [3, at(2).toISOString()],
    ]);
  });

  it('sends a single reminder when the frequency is 0', () => {
    expect(plan(at(-1), 0, 3)).toEqual([[1, at(0).toISOString()]]);
  });
});
