import { proposalMessages, questionMessages, technicalReviewMessages, userMessages } from './messages';

describe('validation messages', () => {
  it('keeps the spec texts with their quirks', () => {
    expect(proposalMessages.titleMax).toBe('Please make abstract at most 175 characters long');
    expect(userMessages.enterEmail).toBe('Please enter a email');
    expect(questionMessages.genericTemplatesAtLeast(2)).toBe('Please add at least 2 genericTemplate(s)');
    expect(questionMessages.genericTemplatesAtMost(5)).toBe('Please add at most 5 genericTemplate(s)');
    expect(technicalReviewMessages.timeAllocationMax).toBe('Must be less than or equal to 100000');
  });
});
