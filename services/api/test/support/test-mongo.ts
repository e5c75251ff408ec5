import type { MongoClient as Client } from 'mongodb';

/** the MongoDB server of the tests (FerretDB on the project's machines): TEST_MONGO_URL */
export const testMongoServer = (): string =>
  (process.env.TEST_MONGO_URL || 'mongodb://127.0.0.1:27017').replace(/\/+$/, '');

let counter = 0;

/**
 * A MongoDB database of a test's own (a unique name on TEST_MONGO_URL's server), dropped by `drop`. Nothing is
 * created until something writes to it.
 */
export function testMongoDatabase(
  label: string,
  server = testMongoServer(),
): { url: string; name: string; drop(): Promise<void> } {
  const name = `uo_test_${label}_${process.pid}_${Date.now().toString(36)}_${++counter}`;
  const [base, query] = server.split('?');
  const url = `${base}/${name}${query ? `?${query}` : ''}`;
  return {
    url,
    name,
    drop: async () => {
      // the driver is loaded when a test used MongoDB, not by every test file that starts the app (about 0.4 s)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { MongoClient } = require('mongodb') as { MongoClient: typeof Client };
      const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
      try {
        await client.db(name).dropDatabase();
      } catch {
        // the server is away (an outage test's private one, stopped): nothing of it outlives the test anyway
      } finally {
        await client.close().catch(() => undefined);
      }
    },
  };
}
