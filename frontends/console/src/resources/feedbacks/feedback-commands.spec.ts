import { authorName, feedbackFilterOf, feedbackParamsOf, type FeedbackRow } from './feedback-commands';

describe('the feedback list’s filter in the address', () => {
  it('reads call, instrument and status, leaving out what is malformed', () => {
    expect(feedbackFilterOf(new URLSearchParams('call=3&instrument=7&status=SUBMITTED'))).toEqual({
      call: 3,
      instrument: 7,
      status: 'SUBMITTED',
    });
    expect(feedbackFilterOf(new URLSearchParams('call=x&instrument=-1&status=LOST'))).toEqual({
      call: undefined,
      instrument: undefined,
      status: undefined,
    });
  });

  it('writes the filter and keeps the address’s other parameters', () => {
    const next = feedbackParamsOf(new URLSearchParams('call=3&page=2'), {
      call: undefined,
      instrument: 7,
      status: 'DRAFT',
    } as Parameters<typeof feedbackParamsOf>[1]);
    expect(next.toString()).toBe('page=2&instrument=7&status=DRAFT');
  });
});

describe('the author of a feedback', () => {
  const row = (creator: FeedbackRow['creator']) => ({ creatorId: 9, creator }) as FeedbackRow;
  it('is the preferred name (else the first name) and the last name', () => {
    expect(authorName(row({ id: 9, firstname: 'Alice', lastname: 'Applicant', preferredname: null }))).toBe(
      'Alice Applicant',
    );
    expect(authorName(row({ id: 9, firstname: 'Alice', lastname: 'Applicant', preferredname: 'Al' }))).toBe(
      'Al Applicant',
    );
    expect(authorName(row(null))).toBe('#9');
  });
});
