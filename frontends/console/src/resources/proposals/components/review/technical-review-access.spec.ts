import { mayEditTechnicalReview, mayUpdateInternalReview, reviewTabs } from './technical-review-access';

const caller = (role: string, userId = 7, fapSecsEditTechReviews = false) => ({
  role,
  userId,
  fapSecsEditTechReviews,
});
const on = () => true;
const off = () => false;

describe('the review modal by role (§2, §6)', () => {
  it('shows the tabs of each role in §2 order, Technical reviews with the feature', () => {
    expect(reviewTabs('USER_OFFICER', on)).toEqual([
      'information',
      'technical',
      'fapReviews',
      'admin',
      'logs',
      'history',
    ]);
    expect(reviewTabs('USER_OFFICER', off)).toEqual(['information', 'admin', 'logs', 'history']);
    expect(reviewTabs('USER_OFFICER', (f) => f === 'FAP_REVIEW')).toEqual([
      'information',
      'fapReviews',
      'admin',
      'logs',
      'history',
    ]);
    expect(reviewTabs('INSTRUMENT_SCIENTIST', on)).toEqual(['information', 'technical']);
    expect(reviewTabs('INTERNAL_REVIEWER', on)).toEqual(['information', 'technical']);
    expect(reviewTabs('FAP_CHAIR', on)).toEqual(['information', 'technical', 'grade']);
    expect(reviewTabs('FAP_SECRETARY', off)).toEqual(['information']);
    expect(reviewTabs('FAP_REVIEWER', on)).toEqual(['information', 'grade']);
  });

  it('lets the assignee, officers and (when allowed) FAP chairs and secretaries edit a technical review', () => {
    const mine = { submitted: false, technicalReviewAssigneeId: 7 };
    const theirs = { submitted: false, technicalReviewAssigneeId: 8 };
    expect(mayEditTechnicalReview(mine, caller('INSTRUMENT_SCIENTIST'))).toBe(true);
    expect(mayEditTechnicalReview(theirs, caller('INSTRUMENT_SCIENTIST'))).toBe(false);
    expect(mayEditTechnicalReview({ ...mine, submitted: true }, caller('INSTRUMENT_SCIENTIST'))).toBe(false);
    expect(mayEditTechnicalReview({ ...theirs, submitted: true }, caller('USER_OFFICER'))).toBe(true);
    expect(mayEditTechnicalReview(theirs, caller('FAP_SECRETARY'))).toBe(false);
    expect(mayEditTechnicalReview(theirs, caller('FAP_SECRETARY', 7, true))).toBe(true);
    expect(mayEditTechnicalReview(mine, caller('INTERNAL_REVIEWER'))).toBe(false);
  });

  it('lets an internal reviewer update only their own internal review; officers any', () => {
    expect(mayUpdateInternalReview({ reviewerId: 7 }, caller('INTERNAL_REVIEWER'))).toBe(true);
    expect(mayUpdateInternalReview({ reviewerId: 8 }, caller('INTERNAL_REVIEWER'))).toBe(false);
    expect(mayUpdateInternalReview({ reviewerId: 8 }, caller('USER_OFFICER'))).toBe(true);
    expect(mayUpdateInternalReview({ reviewerId: 7 }, caller('INSTRUMENT_SCIENTIST'))).toBe(false);
  });
});
