import * as enums from './enums';
import {
  AllocationTimeUnit,
  EvaluatorOperator,
  FeatureId,
  GRAPHQL_ENUMS,
  PredefinedMessageKey,
  ProposalPublicStatus,
  Role,
  SettingsId,
  UploadState,
} from './enums';

/** Every exported enum object (GRAPHQL_ENUMS is a record of them, not an enum). */
const allEnums: Array<[string, Readonly<Record<string, string>>]> = Object.entries(enums).flatMap(
  ([name, value]): Array<[string, Readonly<Record<string, string>>]> =>
    name === 'GRAPHQL_ENUMS' ? [] : [[name, value as Readonly<Record<string, string>>]],
);
const graphqlName = /^[_A-Za-z][_0-9A-Za-z]*$/;

describe('enums', () => {
  it('exports the enumerations of the spec', () => {
    expect(allEnums).toHaveLength(35); // ExperimentSafetyDecision the 35th
  });

  it.each(allEnums)('%s: every member value equals its name', (_name, enumObject) => {
    const entries = Object.entries(enumObject);
    expect(entries.length).toBeGreaterThan(0);
    for (const [member, value] of entries) expect(value).toBe(member);
  });

  it('keeps the spec tokens that are not upper case', () => {
    expect(Object.values(AllocationTimeUnit)).toEqual(['Day', 'Hour', 'Week']);
    expect(Object.values(EvaluatorOperator)).toEqual(['eq', 'neq']);
    expect(Object.values(ProposalPublicStatus).sort()).toEqual([
      'accepted',
      'draft',
      'rejected',
      'reserved',
      'submitted',
      'unknown',
    ]);
    expect(Object.values(PredefinedMessageKey)).toEqual(['manager', 'user', 'general']);
    expect(Object.values(UploadState)).toEqual([
      'pristine',
      'uploading',
      'complete',
      'error',
      'aborted',
      'rejected',
    ]);
  });

  it('has the original user-office palette setting ids and every feature of the spec', () => {
    expect(
      Object.values(SettingsId)
        .filter((id) => id.startsWith('PALETTE_'))
        .sort(),
    ).toEqual([
      'PALETTE_ERROR_MAIN',
      'PALETTE_INFO_MAIN',
      'PALETTE_PRIMARY_ACCENT',
      'PALETTE_PRIMARY_CONTRAST',
      'PALETTE_PRIMARY_DARK',
      'PALETTE_PRIMARY_LIGHT',
      'PALETTE_PRIMARY_MAIN',
      'PALETTE_SECONDARY_CONTRAST',
      'PALETTE_SECONDARY_DARK',
      'PALETTE_SECONDARY_LIGHT',
      'PALETTE_SECONDARY_MAIN',
      'PALETTE_SUCCESS_MAIN',
      'PALETTE_WARNING_MAIN',
    ]);
    // the spec's 37, CONFLICT_OF_INTEREST_COAUTHOR_YEARS (FAPs: how far back co-authorship is a conflict) and
    // FACILITY_ADDRESS (the shipment label's delivery address)
    expect(Object.values(SettingsId)).toHaveLength(39);
    expect(Object.values(FeatureId)).toHaveLength(17);
  });

  describe('GRAPHQL_ENUMS', () => {
    it('uses valid GraphQL names for types and values', () => {
      for (const [typeName, enumObject] of Object.entries(GRAPHQL_ENUMS)) {
        expect(typeName).toMatch(graphqlName);
        for (const member of Object.keys(enumObject)) expect(member).toMatch(graphqlName);
      }
    });

    it('registers Role as UserRole and leaves out the non-GraphQL enums', () => {
      expect(GRAPHQL_ENUMS.UserRole).toBe(Role);
      const registered = new Set<object>(Object.values(GRAPHQL_ENUMS));
      expect(registered.size).toBe(Object.keys(GRAPHQL_ENUMS).length);
      expect(registered.has(enums.UploadState)).toBe(false);
      expect(registered.has(enums.DownloadKind)).toBe(false);
      expect(registered.has(enums.ProposalStatusDefaultShortCode)).toBe(false);
      expect(registered.size).toBe(allEnums.length - 3);
    });
  });
});
