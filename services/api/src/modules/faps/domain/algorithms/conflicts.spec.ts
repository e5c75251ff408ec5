import { conflictsOf, isHard, type ProposalConflictFacts, type ReviewerConflictFacts } from './conflicts';

const proposal: ProposalConflictFacts = {
  proposalPk: 7,
  proposalId: 'P-007',
  piUserId: 10,
  coProposerUserIds: [11, 12],
  piInstitutionId: 3,
  piInstitutionName: 'ESS',
};
const reviewer = (facts: Partial<ReviewerConflictFacts> = {}): ReviewerConflictFacts => ({
  userId: 50,
  institutionId: 4,
  coauthoredWithPi: [],
  ...facts,
});

describe('conflicts of interest', () => {
  it('given an unrelated reviewer, when checked, then there is no conflict', () => {
    const conflicts = conflictsOf(proposal, reviewer());
    expect(conflicts).toEqual([]);
    expect(isHard(conflicts)).toBe(false);
  });

  it('given the PI as reviewer, when checked, then a hard PROPOSER conflict names the PI', () => {
    const conflicts = conflictsOf(proposal, reviewer({ userId: 10 }));
    expect(conflicts).toEqual([
      { kind: 'PROPOSER', hard: true, reason: "Is the proposal's principal investigator" },
    ]);
    expect(isHard(conflicts)).toBe(true);
  });

  it('given a co-proposer as reviewer, when checked, then a hard PROPOSER conflict names the co-proposer', () => {
    expect(conflictsOf(proposal, reviewer({ userId: 12 }))).toEqual([
      { kind: 'PROPOSER', hard: true, reason: 'Is a co-proposer of the proposal' },
    ]);
  });

  it("given a reviewer of the PI's institution, when checked, then a soft INSTITUTION conflict names it", () => {
    const conflicts = conflictsOf(proposal, reviewer({ institutionId: 3 }));
    expect(conflicts).toEqual([
      { kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution (ESS)" },
    ]);
    expect(isHard(conflicts)).toBe(false);
  });

  it('given null institutions on both sides, when checked, then they never match', () => {
    const noInstitution = { ...proposal, piInstitutionId: null, piInstitutionName: null };
    expect(conflictsOf(noInstitution, reviewer({ institutionId: null }))).toEqual([]);
    expect(conflictsOf(noInstitution, reviewer({ institutionId: 3 }))).toEqual([]);
    expect(conflictsOf(proposal, reviewer({ institutionId: null }))).toEqual([]);
  });

  it('given an institution without a name, when checked, then the reason falls back to its id', () => {
    const unnamed = { ...proposal, piInstitutionName: null };
    expect(conflictsOf(unnamed, reviewer({ institutionId: 3 }))[0].reason).toBe(
      "Shares the PI's institution (institution 3)",
    );
  });

  it('given co-authored proposals, when checked, then a soft COAUTHOR conflict lists at most three', () => {
    expect(conflictsOf(proposal, reviewer({ coauthoredWithPi: ['P-001', 'P-002'] }))).toEqual([
      { kind: 'COAUTHOR', hard: false, reason: 'Co-authored P-001, P-002 with the PI' },
    ]);
    expect(
      conflictsOf(proposal, reviewer({ coauthoredWithPi: ['P-001', 'P-002', 'P-003', 'P-004', 'P-002'] }))[0]
        .reason,
    ).toBe('Co-authored P-001, P-002, P-003, … with the PI');
    expect(conflictsOf(proposal, reviewer({ coauthoredWithPi: ['P-001', 'P-002', 'P-003'] }))[0].reason).toBe(
      'Co-authored P-001, P-002, P-003 with the PI',
    );
  });

  it('given every kind at once, when checked, then they come as PROPOSER, INSTITUTION, COAUTHOR', () => {
    const conflicts = conflictsOf(
      proposal,
      reviewer({ userId: 11, institutionId: 3, coauthoredWithPi: ['P-001'] }),
    );
    expect(conflicts.map((c) => c.kind)).toEqual(['PROPOSER', 'INSTITUTION', 'COAUTHOR']);
    expect(isHard(conflicts)).toBe(true);
  });
});
