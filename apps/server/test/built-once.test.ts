import { builtOnce } from '@meucardapio/db/built-once';
import type { Database, DbOrTx } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import { freshDatabase } from '@meucardapio/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb } from './counting-db';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function insertRestaurant(db: DbOrTx, slug: string) {
  const [row] = await db
    .insert(restaurants)
    .values({ name: `Restaurante ${slug}`, slug })
    .returning({ id: restaurants.id });
  return row.id;
}

describe('a read built once', () => {
  let writes = 0;
  const nameBySlug = builtOnce((db) => {
    writes += 1;
    return db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.slug, sql.placeholder('slug')));
  });

  it('writes its SQL once per database and answers each call with its own values', async () => {
    await insertRestaurant(database.db, 'primeiro');
    await insertRestaurant(database.db, 'segundo');
    writes = 0;
    expect(await nameBySlug(database.db, { slug: 'primeiro' })).toEqual([{ name: 'Restaurante primeiro' }]);
    expect(await nameBySlug(database.db, { slug: 'segundo' })).toEqual([{ name: 'Restaurante segundo' }]);
    expect(await nameBySlug(database.db, { slug: 'nenhum' })).toEqual([]);
    expect(writes).toBe(1);

    // Another handle (a replica's, a test's counting one) gets a read of its own, run on it.
    const log: string[] = [];
    const counted = countingDb(database.db, log);
    await nameBySlug(counted, { slug: 'primeiro' });
    await nameBySlug(counted, { slug: 'segundo' });
    expect(writes).toBe(2);
    expect(log).toEqual(['select', 'select']);
  });

  it("inside transactions is written once too, and each runs on its own transaction's connection", async () => {
    writes = 0;
    const inside = (slug: string) =>
      database.db
        .transaction(async (tx) => {
          await insertRestaurant(tx, slug);
          const seen = await nameBySlug(tx, { slug });
          throw Object.assign(new Error('rollback'), { seen });
        })
        .catch((err: { seen?: unknown }) => err.seen);
    expect(await inside('so-nesta-transacao')).toEqual([{ name: 'Restaurante so-nesta-transacao' }]);
    expect(await inside('so-na-outra')).toEqual([{ name: 'Restaurante so-na-outra' }]);
    expect(writes).toBe(1);
    expect(await nameBySlug(database.db, { slug: 'so-nesta-transacao' })).toEqual([]);
  });
});
