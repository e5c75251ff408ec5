import {
  ProposalStatusDefaultShortCode as S,
  TECHNIQUE_TABLE_STATUSES,
  techniqueInstrumentChangeRefusal,
  techniqueStatusChangeRefusal,
} from '@user-office/contracts';

export interface StatusChoice {
  id: number;
  shortCode: string;
  name: string;
}

interface RowState {
  proposalId: string;
  statusId: number;
  instruments: readonly unknown[];
}

/**
 * The status buttons of the technique table (§4): the table's statuses (EXPIRED only for officers), each with the
 * rule it breaks for one of the selected proposals (contracts' techniqueStatusChangeRefusal, the rule the server
 * enforces), or null when every selected proposal may take it.
 */
export function statusButtons(
  statuses: readonly StatusChoice[],
  rows: readonly RowState[],
  isOfficer: boolean,
): { status: StatusChoice; refusal: string | null }[] {
  const codeOf = new Map(statuses.map((s) => [s.id, s.shortCode]));
  return TECHNIQUE_TABLE_STATUSES.filter((code) => isOfficer || code !== S.EXPIRED)
    .flatMap((code) => statuses.filter((s) => s.shortCode === code))
    .map((status) => {
      for (const row of rows) {
        const refusal = techniqueStatusChangeRefusal(codeOf.get(row.statusId) ?? '', status.shortCode, {
          hasInstrument: row.instruments.length > 0,
          isOfficer,
        });
        if (refusal) return { status, refusal: rows.length > 1 ? `${row.proposalId}: ${refusal}` : refusal };
      }
      return { status, refusal: null };
    });
}

/** §4: why the selected proposals' instrument may not be changed (a scientist, a proposal not UNDER_REVIEW). */
export function instrumentChangeRefusal(
  statuses: readonly StatusChoice[],
  rows: readonly RowState[],
  isOfficer: boolean,
): string | null {
  const codeOf = new Map(statuses.map((s) => [s.id, s.shortCode]));
  for (const row of rows) {
    const refusal = techniqueInstrumentChangeRefusal(codeOf.get(row.statusId) ?? '', { isOfficer });
    if (refusal) return refusal;
  }
  return null;
}
