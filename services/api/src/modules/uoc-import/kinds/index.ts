import type { ImportKind } from '../import-context';

/**
 * The kinds imported after the proposals, in this order (one file each in this folder; a kind that needs another's
 * ids comes after it). Each reads its UOC tables (their columns listed in ../uoc-schema.ts), plans keyed events and
 * writes them through the context.
 */
export const LATER_KINDS: readonly ImportKind[] = [];
