import type { BenchData } from './proposals-seed';

/** Copies the seeded proposals k times in SQL (events and read models). */
export async function multiplyProposals(_url: string, _data: BenchData, _k: number): Promise<void> {
  throw new Error('not yet');
}
