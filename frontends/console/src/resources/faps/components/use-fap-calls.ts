import { useEffect, useState } from 'react';
import { fapCommands, type FapProposal } from '../fap-commands';

export interface FapCall {
  id: number;
  shortCode: string;
}

/**
 * A panel's proposals (all its calls) and the calls they belong to, reloaded when `version` changes; the calls
 * are what the Proposals and Meeting tabs choose among.
 */
export function useFapProposals(
  fapId: number,
  version: number,
): { proposals: FapProposal[] | null; calls: FapCall[]; error: string | null } {
  const [proposals, setProposals] = useState<FapProposal[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fapCommands
      .proposals(fapId)
      .then((found) => {
        if (!live) return;
        setProposals(found);
        setError(null);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [fapId, version]);
  const calls = new Map<number, FapCall>();
  for (const p of proposals ?? []) if (p.proposal?.call) calls.set(p.proposal.call.id, p.proposal.call);
  return {
    proposals,
    calls: [...calls.values()].sort((a, b) => a.shortCode.localeCompare(b.shortCode)),
    error,
  };
}
