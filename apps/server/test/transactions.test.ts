import type { Database } from '@meucardapio/db/client';
import { commitAhead } from '@meucardapio/db/pool-transactions';
import { freshDatabase } from '@meucardapio/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsSent } from './sent-statements';

/*
 * A transaction's BEGIN travels with its first statement, in one round trip (db/pool-transactions.ts):
 * the statement still runs inside the transaction, answers as it would alone, and rolls back with it.
 * Its COMMIT may travel with its last (decision 128). The pooled run of the suite sends these through
 * pgbouncer in transaction mode.
 */

describe.skipIf(process.env.TEST_DB !== 'postgres')('a transaction on PostgreSQL', () => {
  let database: Database;
  const count = async () =>
    (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from tx_probe`)).rows[0].n;

  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`create table tx_probe (n integer primary key)`);
  });
  afterAll(async () => {
    await database?.db.execute(sql`drop table tx_probe`);
    await database?.close();
  });

  it('sends BEGIN with the first statement, which answers as it would alone', async () => {
    let first: unknown;
    const texts = await statementsSent(() =>
      database.db.transaction(async (tx) => {
        first = (await tx.execute(sql`select ${41}::int + 1 as n`)).rows;
        await tx.execute(sql`insert into tx_probe (n) values (${1})`);
      }),
    );
    expect(first).toEqual([{ n: 42 }]);
    expect(texts).toEqual(['select $1::int + 1 as n', 'insert into tx_probe (n) values ($1)', 'commit']);
    expect(await count()).toBe(1);
  });

  it('runs the first statement inside the transaction, with parameters or without', async () => {
    for (const first of [sql`select now() as at`, sql`select now() as at, ${'com parâmetro'}::text as p`]) {
      const [opened, later] = await database.db.transaction(async (tx) => {
        const a = (await tx.execute<{ at: string }>(first)).rows[0].at;
        const b = (await tx.execute<{ at: string }>(sql`select now() as at, pg_sleep(0.02)`)).rows[0].at;
        return [a, b];
      });
      // now() is the time the transaction began: the same for every statement of one transaction.
      expect(later).toBe(opened);
    }
  });

  it('rolls the first statement back with the rest, and the connection serves the next transaction', async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe (n) values (${100})`);
        throw new Error('regra recusou');
      }),
    ).rejects.toThrow('regra recusou');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe (n) values (${101})`);
        await tx.execute(sql`insert into tx_probe (n) values (${101})`);
      }),
    ).rejects.toThrow();
    // A first statement that fails: the caller's error, nothing kept, nothing left open.
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1 / ${0}::int`);
      })
      .catch((err: Error & { cause?: { code?: string } }) => err);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('22012');
    expect(await count()).toBe(before);
    expect(await database.db.transaction(async (tx) => (await tx.execute(sql`select 2 as n`)).rows)).toEqual([
      { n: 2 },
    ]);
  });

  const has = async (n: number) =>
    (await database.db.execute(sql`select 1 from tx_probe where n = ${n}`)).rows.length === 1;
  /** A last statement and its transaction's COMMIT as one simple query, as `runKept` sends an order's. */
  const lastWithCommit = async (tx: unknown, n: number) => {
    const committed = commitAhead(tx);
    expect(committed).not.toBeNull();
    await (tx as typeof database.db).execute(sql.raw(`insert into tx_probe (n) values (${n}); commit`));
    committed?.();
  };

  it('sends COMMIT with the statement that goes last, and refuses a statement after it', async () => {
    const texts = await statementsSent(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe (n) values (${200})`);
        await lastWithCommit(tx, 201);
      }),
    );
    expect(texts).toEqual(['insert into tx_probe (n) values ($1)', 'insert into tx_probe (n) values (201); commit']);
    expect((await has(200)) && (await has(201))).toBe(true);

    // Whatever was sent after the COMMIT would have run on its own, outside the transaction.
    await expect(
      database.db.transaction(async (tx) => {
        await lastWithCommit(tx, 202);
        await tx.execute(sql`insert into tx_probe (n) values (${203})`);
      }),
    ).rejects.toHaveProperty('cause.message', 'statement sent after its transaction was committed');
    expect(await has(202)).toBe(true);
    expect(await has(203)).toBe(false);
    expect(await database.db.transaction(async (tx) => (await tx.execute(sql`select 3 as n`)).rows)).toEqual([
      { n: 3 },
    ]);
  });

  it('rolls back a last statement that fails; a savepoint or the pool never carries the COMMIT', async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe (n) values (${210})`);
        await lastWithCommit(tx, 201);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
    expect(await has(210)).toBe(false);

    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        expect(commitAhead(savepoint)).toBeNull();
      });
    });
    expect(commitAhead(database.db)).toBeNull();
  });

  it('sends neither BEGIN nor its end for a transaction that sent nothing', async () => {
    expect(await statementsSent(() => database.db.transaction(async () => 'nada'))).toEqual([]);
    const refused = await statementsSent(() =>
      database.db
        .transaction(async () => {
          throw new Error('antes de tudo');
        })
        .catch((err: Error) => expect(err.message).toBe('antes de tudo')),
    );
    expect(refused).toEqual([]);
  });
});
