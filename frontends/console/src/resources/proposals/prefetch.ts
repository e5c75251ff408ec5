import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'ra-core';
import { PREFETCH_CHUNK } from './proposal-filter';
import type { ChunkMeta, TotalMeta } from './proposals.operations';

interface Loaded {
  total: number;
  /** the total is an estimate of the server's */
  estimated: boolean;
  /** the exact count was asked for (countExactly): later chunks' estimates do not replace it */
  exact: boolean;
  /** rows by chunk offset */
  chunks: Map<number, RaRecord[]>;
}

/** What a page of the staff table carries besides its rows: every prefetched row of the same query. */
export interface PrefetchMeta extends TotalMeta {
  prefetchedIds: RaRecord['id'][];
}

/**
 * The staff table's prefetch (§9): proposals are fetched in chunks of 200 as the user pages, and the pages of a
 * loaded chunk are served from it. The chunks of one query (filter + sort) are kept until any write, so that the
 * select-all banner can offer every prefetched proposal, and until the page last shown is asked for again: paging
 * never asks for the same page twice in a row, while a refresh, the table opened again or the window focused again
 * do, and then expect what others changed meanwhile (new proposals, other officers' status changes).
 */
export class ProposalPrefetch {
  private readonly loaded = new Map<string, Loaded>();
  /** the query and page asked for last */
  private last: string | null = null;

  constructor(
    private readonly fetchChunk: (
      params: GetListParams & { meta: ChunkMeta },
    ) => ReturnType<DataProvider['getList']>,
    private readonly chunkSize = PREFETCH_CHUNK,
  ) {}

  private static keyOf(params: Pick<GetListParams, 'filter' | 'sort'>): string {
    return JSON.stringify({ filter: params.filter ?? {}, sort: params.sort ?? null });
  }

  /**
   * The exact total of the query instead of the server's estimate: `count` asks for it (one request), and the
   * table's next reading of the same page (its refresh) shows it from the loaded rows, without fetching them again.
   */
  async countExactly(params: GetListParams, count: () => Promise<number>): Promise<number> {
    const total = await count();
    const query = this.loaded.get(ProposalPrefetch.keyOf(params));
    if (query) Object.assign(query, { total, estimated: false, exact: true });
    this.last = null;
    return total;
  }

  /** The loaded rows of these ids (the selection's rows, whatever page they were shown on), in the ids' order. */
  rowsOf(ids: readonly RaRecord['id'][]): RaRecord[] {
    const byId = new Map<RaRecord['id'], RaRecord>();
    for (const query of this.loaded.values())
      for (const chunk of query.chunks.values()) for (const row of chunk) byId.set(row.id, row);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Forget every chunk (after a write: statuses, deletions, clones change the rows). */
  invalidate(): void {
    this.loaded.clear();
  }

  async getList(params: GetListParams): Promise<GetListResult & { meta: PrefetchMeta }> {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    const key = ProposalPrefetch.keyOf(params);
    const request = JSON.stringify([key, page, perPage]);
    if (request === this.last) this.invalidate(); // a reload: fetched again
    this.last = request;
    const start = (page - 1) * perPage;
    let query = this.loaded.get(key);
    if (!query) {
      query = { total: 0, estimated: false, exact: false, chunks: new Map() };
      this.loaded.set(key, query);
    }
    const rows: RaRecord[] = [];
    // the chunks covering [start, start + perPage)
    for (
      let offset = Math.floor(start / this.chunkSize) * this.chunkSize;
      offset < start + perPage;
      offset += this.chunkSize
    ) {
      let chunk = query.chunks.get(offset);
      if (!chunk) {
        const result = await this.fetchChunk({
          ...params,
          meta: { ...(params.meta as object), chunk: { first: this.chunkSize, offset } },
        });
        chunk = result.data;
        if (!query.exact) {
          query.total = result.total ?? chunk.length;
          query.estimated = (result.meta as Partial<TotalMeta> | undefined)?.totalEstimated ?? false;
        }
        query.chunks.set(offset, chunk);
      }
      const from = Math.max(start - offset, 0);
      const to = Math.min(start + perPage - offset, chunk.length);
      rows.push(...chunk.slice(from, to));
      if (chunk.length < this.chunkSize) break;
    }
    const prefetchedIds = [...query.chunks.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, chunk]) => chunk.map((r) => r.id));
    return { data: rows, total: query.total, meta: { prefetchedIds, totalEstimated: query.estimated } };
  }
}
