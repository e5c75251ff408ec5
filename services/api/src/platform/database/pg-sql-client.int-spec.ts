import { createTestDatabase } from '../../../test/support/test-database';
import { PgSqlClient, quoteLiteral } from './pg-sql-client';

describe('PgSqlClient transactions: an opening statement with BEGIN, statements deferred to COMMIT', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: PgSqlClient;

  beforeAll(async () => {
    db = await createTestDatabase('sqlclient');
    sql = await PgSqlClient.connect(db.url, 4);
    await sql.query('CREATE TABLE t (k text PRIMARY KEY, v int NOT NULL)');
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  it('runs the opening first and the deferred statements at the commit, in the one transaction', async () => {
    await sql.transaction(
      async (tx) => {
        // the opening ran in this transaction: its lock is held
        const held = await tx.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()",
        );
        expect(Number(held.rows[0].n)).toBe(1);
        await tx.query('INSERT INTO t (k, v) VALUES ($1, $2)', ['a', 1]);
        tx.atCommit?.(`UPDATE t SET v = 2 WHERE k = ${quoteLiteral('a')}`);
        // deferred: not run yet
        expect((await tx.query<{ v: number }>("SELECT v FROM t WHERE k = 'a'")).rows[0].v).toBe(1);
      },
      { opening: 'SELECT pg_advisory_xact_lock(4242)' },
    );
    expect((await sql.query<{ v: number }>("SELECT v FROM t WHERE k = 'a'")).rows[0].v).toBe(2);
  });

  it('rolls the whole transaction back when a deferred statement fails', async () => {
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('INSERT INTO t (k, v) VALUES ($1, $2)', ['b', 1]);
        tx.atCommit?.('UPDATE t SET v = NULL');
      }),
    ).rejects.toThrow(/null value/);
    expect((await sql.query("SELECT 1 FROM t WHERE k = 'b'")).rows).toEqual([]);
    expect((await sql.query<{ v: number }>("SELECT v FROM t WHERE k = 'a'")).rows[0].v).toBe(2);
    // the connection went back clean: the next transaction works
    await sql.transaction(async (tx) => {
      await tx.query('INSERT INTO t (k, v) VALUES ($1, $2)', ['c', 3]);
    });
    expect((await sql.query("SELECT 1 FROM t WHERE k = 'c'")).rows).toHaveLength(1);
  });

  it('quotes a literal (a quote doubled) and refuses a NUL', () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(() => quoteLiteral('a\0b')).toThrow();
  });
});
