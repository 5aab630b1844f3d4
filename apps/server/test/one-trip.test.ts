import type { Database, DbOrTx } from '@meucardapio/db/client';
import { inOneTrip, runStep, step } from '@meucardapio/db/one-trip';
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

/** A restaurant written by a step named `name`, answering with its slug and a bigint. */
const restaurantStep = (name: string, slug: string) =>
  step<{ slug: string; big: number }>(
    [[name, sql`insert into ${restaurants} (name, slug) values (${`Restaurante ${slug}`}, ${slug}) returning slug`]],
    sql`select slug, 9007199254740::bigint as big from ${sql.identifier(name)}`,
  );

const slugs = async (db: DbOrTx, ...wanted: string[]) =>
  (await db.select({ slug: restaurants.slug }).from(restaurants)).map((r) => r.slug).filter((s) => wanted.includes(s));

describe('writes in one trip', () => {
  it('runs every step in one statement, each answering with its own rows', async () => {
    const log: string[] = [];
    const answer = await inOneTrip(countingDb(database.db, log), {
      first: restaurantStep('a', 'trip-a'),
      second: restaurantStep('b', 'trip-b'),
      none: step<{ n: number }>([], sql`select 1 as n where false`),
    });
    expect(log).toEqual(['execute']);
    expect(answer).toEqual({
      first: [{ slug: 'trip-a', big: 9007199254740 }],
      second: [{ slug: 'trip-b', big: 9007199254740 }],
      none: [],
    });
    expect((await slugs(database.db, 'trip-a', 'trip-b')).sort()).toEqual(['trip-a', 'trip-b']);
  });

  it('answers a step run alone as it answers in a trip', async () => {
    expect(await runStep(database.db, restaurantStep('a', 'trip-alone'))).toEqual([
      { slug: 'trip-alone', big: 9007199254740 },
    ]);
  });

  it('writes all of its steps or none', async () => {
    // The second step breaks the slug's unique key: the first one's row goes with it.
    await expect(
      inOneTrip(database.db, { fresh: restaurantStep('a', 'trip-fresh'), taken: restaurantStep('b', 'trip-a') }),
    ).rejects.toThrow();
    expect(await slugs(database.db, 'trip-fresh')).toEqual([]);
    await database.db.delete(restaurants).where(eq(restaurants.slug, 'trip-alone'));
  });

  it('refuses two steps that name a clause alike, before anything runs', async () => {
    const log: string[] = [];
    await expect(
      inOneTrip(countingDb(database.db, log), { x: restaurantStep('a', 'trip-x'), y: restaurantStep('a', 'trip-y') }),
    ).rejects.toThrow(/named twice/);
    expect(log).toEqual([]);
  });
});
