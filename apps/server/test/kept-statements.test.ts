import type { Database, Db } from '@meucardapio/db/client';
import { runKept } from '@meucardapio/db/kept-statements';
import { freshDatabase } from '@meucardapio/db/testing';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsSent } from './sent-statements';

/*
 * A statement kept prepared on the server connection it lands on (db/kept-statements.ts, decision 127):
 * it answers what the same statement sent unnamed answers, its values stay values whatever they hold,
 * and a connection parses it once. The pooled run of the suite sends these through pgbouncer in
 * transaction mode.
 */

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table kept_probe (id integer primary key, note text, data jsonb)`);
});
afterAll(async () => {
  await database?.db.execute(sql`drop table kept_probe`);
  await database?.close();
});

/** Writes a probe row and answers it as JSON, as an order's statement answers its steps. */
const probe = (id: number, note: string | null, data: unknown) =>
  sql`with w as (insert into kept_probe (id, note, data) values (${id}, ${note}, ${JSON.stringify(data)}::jsonb)
      returning *)
      select (select json_agg(w) from w) as written, ${9007199254740}::bigint as big, ${true}::boolean as yes,
        ${new Date('2026-12-06T12:00:00.000Z')}::timestamptz as at`;

/** A database handle of its own, on a client of its own: one server connection. */
async function onOwnClient(run: (own: Db) => Promise<void>) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await run(drizzle(client) as unknown as Db);
  } finally {
    await client.end();
  }
}

describe('a kept statement', () => {
  it('answers what the statement sent unnamed answers', async () => {
    const values = ['Sem cebola 🧅', { borda: 'catupiry', sabores: ['calabresa', 'muçarela'] }] as const;
    const keptRows = await runKept(database.db, probe(1, ...values));
    const plainRows = (await database.db.execute(probe(2, ...values))).rows;
    expect(keptRows).toEqual([
      {
        written: [{ id: 1, note: values[0], data: values[1] }],
        big: plainRows[0].big,
        yes: true,
        at: plainRows[0].at,
      },
    ]);
    expect(plainRows[0].written).toEqual([{ id: 2, note: values[0], data: values[1] }]);
  });

  it('keeps quotes, backslashes and SQL in values as data', async () => {
    const hostile = `x'); drop table kept_probe; -- \\' \\\\ $$ $1 E'\\n'`;
    const [answer] = await runKept<{ written: { note: string; data: unknown }[] }>(
      database.db,
      probe(3, hostile, { hostile }),
    );
    expect(answer.written).toEqual([{ id: 3, note: hostile, data: { hostile } }]);
    const stored = await database.db.execute<{ note: string }>(sql`select note from kept_probe where id = 3`);
    expect(stored.rows).toEqual([{ note: hostile }]);
  });

  it('is parsed once on a connection, however often it runs there', async () => {
    await database.db.transaction(async (tx) => {
      for (const id of [10, 11, 12]) await runKept(tx, probe(id, null, null));
      const onThisConnection = await tx.execute<{ statement: string; runs: number }>(sql`select statement,
          (generic_plans + custom_plans)::int as runs from pg_prepared_statements
          where name like 'mc_kept_%' and statement like '%kept_probe%'`);
      expect(onThisConnection.rows).toHaveLength(1);
      expect(onThisConnection.rows[0].statement).toContain('insert into kept_probe');
      expect(onThisConnection.rows[0].runs).toBeGreaterThanOrEqual(3);
    });
  });

  it('rolls back with its transaction, and runs again after one that made it rolled back', async () => {
    const run = (id: number) =>
      database.db.transaction(async (tx) => {
        await runKept(tx, probe(id, 'desfeito', null));
        throw new Error('desfaz');
      });
    await expect(run(20)).rejects.toThrow('desfaz');
    await expect(run(21)).rejects.toThrow('desfaz');
    await runKept(database.db, probe(22, 'mantido', null));
    const rows = await database.db.execute<{ id: number }>(sql`select id from kept_probe where id >= 20 order by id`);
    expect(rows.rows).toEqual([{ id: 22 }]);
  });

  it('fails as the unnamed statement fails', async () => {
    const duplicate = probe(1, 'de novo', null);
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
    expect(await codeOf(runKept(database.db, duplicate))).toBe('23505');
    // A NUL cannot travel in a literal: that call goes unnamed, and PostgreSQL refuses the value itself.
    const withNul = probe(30, 'a\u0000b', null);
    expect(await codeOf(runKept(database.db, withNul))).toBe(await codeOf(database.db.execute(withNul)));
    expect(await codeOf(runKept(database.db, withNul))).not.toBe('ok');
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'answers as the first statement of a transaction, which carries its BEGIN',
    async () => {
      await expect(
        database.db.transaction(async (tx) => {
          expect(await runKept(tx, probe(40, 'primeiro', null))).toHaveLength(1);
          throw new Error('desfaz');
        }),
      ).rejects.toThrow('desfaz');
      const rows = await database.db.execute(sql`select id from kept_probe where id = 40`);
      expect(rows.rows).toEqual([]);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    "carries its transaction's COMMIT when it goes last (decision 128)",
    async () => {
      const texts = await statementsSent(() =>
        database.db.transaction(async (tx) => {
          expect(await runKept(tx, probe(45, 'último', null), { last: true })).toHaveLength(1);
        }),
      );
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(
        /^select mc_keep_prepared\('mc_kept_[0-9a-f]+', .*; execute mc_kept_[0-9a-f]+\(.*\); commit$/s,
      );
      const rows = await database.db.execute(sql`select note from kept_probe where id = 45`);
      expect(rows.rows).toEqual([{ note: 'último' }]);
    },
  );

  it('runs the statements after it once it has written, and their values stay values', async () => {
    const hostile = `o'x $1 \\ $$`;
    const after = [
      sql`update kept_probe set note = ${hostile} where id = ${60} and note is null`,
      sql`update kept_probe set data = ${JSON.stringify({ seen: true })}::jsonb where id = ${60} and note = ${hostile}`,
    ];
    const texts = await statementsSent(() =>
      database.db.transaction(async (tx) => {
        expect(await runKept(tx, probe(60, null, null), { after, last: true })).toHaveLength(1);
      }),
    );
    const rows = await database.db.execute(sql`select note, data from kept_probe where id = 60`);
    expect(rows.rows).toEqual([{ note: hostile, data: { seen: true } }]);
    if (process.env.TEST_DB !== 'postgres') return;
    // On a server: one round trip, the COMMIT last.
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/; execute mc_kept_[0-9a-f]+\(.*\); update kept_probe .*; update kept_probe .*; commit$/s);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'sends a statement after it on its own when its text holds a $ of its own, and then commits apart',
    async () => {
      const texts = await statementsSent(() =>
        database.db.transaction(async (tx) => {
          await runKept(tx, probe(61, null, null), {
            after: [sql`update kept_probe set note = $$dólar$$ where id = ${61}`],
            last: true,
          });
        }),
      );
      expect(texts).toHaveLength(3);
      expect(texts[0]).not.toContain('update kept_probe');
      expect(texts[1]).toBe('update kept_probe set note = $$dólar$$ where id = $1');
      expect(texts[2]).toBe('commit');
      const rows = await database.db.execute(sql`select note from kept_probe where id = 61`);
      expect(rows.rows).toEqual([{ note: 'dólar' }]);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'is prepared on a connection that lacks it, whichever the pooler hands',
    async () => {
      // A client of its own: a server connection that has never seen the statement.
      await onOwnClient(async (own) => {
        await runKept(own, probe(50, null, null));
        await runKept(own, probe(51, null, null));
        const rows = await own.execute(sql`select id from kept_probe where id in (50, 51) order by id`);
        expect(rows.rows).toEqual([{ id: 50 }, { id: 51 }]);
      });
    },
  );

  it('keeps a bounded number of texts; any other runs unnamed and answers alike', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 24; i++) {
      const [row] = await runKept<{ n: number }>(database.db, sql.raw(`select ${i} + 0 * ${i} as n`));
      answers.push(row.n);
    }
    expect(answers).toEqual([...Array(24).keys()]);
    // Through a pooler this server connection may also hold texts another handle prepared (the tests
    // above with a client of their own): only this test's texts are counted.
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 24; i++) await runKept(tx, sql.raw(`select ${i} + 0 * ${i} as n`));
      const here = await tx.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements
          where name like 'mc_kept_%' and statement like '%select % + 0 * % as n'`);
      expect(here.rows[0].n).toBeGreaterThan(0);
      expect(here.rows[0].n).toBeLessThanOrEqual(16);
    });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    "keeps another database's texts once this one's bound is used up",
    async () => {
      await onOwnClient(async (other) => {
        const texts = await statementsSent(() => runKept(other, sql.raw('select 100 + 0 * 100 as n')));
        expect(texts.filter((text) => text.startsWith('select mc_keep_prepared('))).toEqual([
          expect.stringContaining('select 100 + 0 * 100'),
        ]);
      });
    },
  );
});
