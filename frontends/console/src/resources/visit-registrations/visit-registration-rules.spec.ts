import {
  isCancellable,
  isReviewable,
  registrationKeysOf,
  registrationRowId,
  statusFilterOf,
} from './visit-registration-rules';

describe('the visit registrations list', () => {
  it.each<[unknown, string]>([
    [undefined, 'SUBMITTED'],
    ['ALL', 'ALL'],
    ['CHANGE_REQUESTED', 'CHANGE_REQUESTED'],
    ['APPROVED', 'APPROVED'],
    ['nonsense', 'SUBMITTED'],
  ])('reads the status filter %p of the address as %s', (value, expected) => {
    expect(statusFilterOf(value)).toBe(expected);
  });

  it.each([
    ['DRAFTED', false, true],
    ['SUBMITTED', true, true],
    ['CHANGE_REQUESTED', false, true],
    ['APPROVED', false, false],
    ['CANCELLED_BY_USER', false, false],
    ['CANCELLED_BY_FACILITY', false, false],
  ] as const)('%s: reviewable %p, cancellable %p (§4)', (status, reviewable, cancellable) => {
    expect(isReviewable(status)).toBe(reviewable);
    expect(isCancellable(status)).toBe(cancellable);
  });

  it('turns selected row ids back into registration keys', () => {
    expect(registrationKeysOf([registrationRowId(3, 7), registrationRowId(3, 9), 'junk'])).toEqual([
      { visitId: 3, userId: 7 },
      { visitId: 3, userId: 9 },
    ]);
  });
});
