import { FeatureId, Role } from '@user-office/contracts';
import {
  isPendingReview,
  pendingFirst,
  queueFilterOf,
  queueParamsOf,
  safetyReviewAbilities,
} from './safety-review-rules';

const on =
  (...features: string[]) =>
  (f: string) =>
    features.includes(f);

describe('who may use which part of the safety review', () => {
  it('gives the instrument scientist their decision and a changes request, not the safety reviewer’s', () => {
    expect(safetyReviewAbilities(Role.INSTRUMENT_SCIENTIST, on(FeatureId.RISK_ASSESSMENT))).toEqual({
      scientistDecision: true,
      reviewerDecision: false,
      requestChanges: true,
      experimentRiskLevel: false,
      sampleRiskLevel: false,
    });
  });

  it('gives the safety reviewer their decision, the risk levels and a changes request', () => {
    expect(safetyReviewAbilities(Role.EXPERIMENT_SAFETY_REVIEWER, on())).toEqual({
      scientistDecision: false,
      reviewerDecision: true,
      requestChanges: true,
      experimentRiskLevel: true,
      sampleRiskLevel: false,
    });
    expect(
      safetyReviewAbilities(Role.EXPERIMENT_SAFETY_REVIEWER, on(FeatureId.RISK_ASSESSMENT)).sampleRiskLevel,
    ).toBe(true);
  });

  it('gives the officer everything', () => {
    expect(safetyReviewAbilities(Role.USER_OFFICER, on(FeatureId.RISK_ASSESSMENT))).toEqual({
      scientistDecision: true,
      reviewerDecision: true,
      requestChanges: true,
      experimentRiskLevel: true,
      sampleRiskLevel: true,
    });
  });

  it('gives other staff roles nothing', () => {
    expect(Object.values(safetyReviewAbilities(Role.FAP_CHAIR, on(FeatureId.RISK_ASSESSMENT)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the queue', () => {
  const row = (pk: number, scientist: string, reviewer: string) =>
    ({
      pk,
      instrumentScientistDecision: scientist,
      experimentSafetyReviewerDecision: reviewer,
    }) as { pk: number; instrumentScientistDecision: 'UNSET'; experimentSafetyReviewerDecision: 'UNSET' };

  it('counts an ESI as pending until the safety reviewer decides or the scientist rejects', () => {
    expect(isPendingReview(row(1, 'UNSET', 'UNSET'))).toBe(true);
    expect(isPendingReview(row(1, 'ACCEPTED', 'UNSET'))).toBe(true);
    expect(isPendingReview(row(1, 'REJECTED', 'UNSET'))).toBe(false);
    expect(isPendingReview(row(1, 'ACCEPTED', 'ACCEPTED'))).toBe(false);
  });

  it('shows the pending ones first, each part in the server’s order', () => {
    const rows = [
      row(1, 'ACCEPTED', 'ACCEPTED'),
      row(2, 'ACCEPTED', 'UNSET'),
      row(3, 'REJECTED', 'UNSET'),
      row(4, 'UNSET', 'UNSET'),
    ];
    expect(pendingFirst(rows).map((r) => r.pk)).toEqual([2, 4, 1, 3]);
  });

  it('keeps its filter in the address', () => {
    expect(queueFilterOf(new URLSearchParams(''))).toEqual({ pendingOnly: true, instrumentId: null });
    expect(queueFilterOf(new URLSearchParams('show=all&instrument=7'))).toEqual({
      pendingOnly: false,
      instrumentId: 7,
    });
    expect(queueFilterOf(new URLSearchParams('instrument=x'))).toEqual({
      pendingOnly: true,
      instrumentId: null,
    });
    expect(queueParamsOf({ pendingOnly: false, instrumentId: 7 }).toString()).toBe('show=all&instrument=7');
    expect(queueParamsOf({ pendingOnly: true, instrumentId: null }).toString()).toBe('');
  });
});
