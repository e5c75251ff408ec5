/**
 * The stores a module's e2e file runs on. PGlite (the embedded default) runs the same SQL as PostgreSQL through
 * the same adapters; what differs between them (the driver, LISTEN/NOTIFY, counts as numbers) is tested on both by
 * the store's own tests (event store, projection runner, hash chain) and the e2e files that keep both stores (the
 * platform, the demo seed as `npm start` runs it — an applicant answering and submitting there —, files with their
 * bytes, the outbox of status actions).
 * Every other module file runs on PostgreSQL only in `npm test`; `UO_TEST_ALL_STORES=1` runs them on both.
 */
export type TestStore = 'postgres' | 'pglite';

export const moduleStores = (): readonly TestStore[] =>
  process.env.UO_TEST_ALL_STORES ? ['postgres', 'pglite'] : ['postgres'];
