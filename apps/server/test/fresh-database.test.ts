import type { Database } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import { freshDatabase } from '@meucardapio/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

/** Which database this is: its name on a server, its start on an embedded one (every one is 'postgres'). */
const identity = async (database: Database) =>
  (
    await database.db.execute<{ id: string }>(
      sql`select current_database() || ' ' || pg_postmaster_start_time()::text as id`,
    )
  ).rows[0].id;

/** A new restaurant's first event: the id the events' sequence gives next. */
const newEventId = async (database: Database, slug: string) => {
  const [restaurant] = await database.db
    .insert(restaurants)
    .values({ name: `Restaurante ${slug}`, slug })
    .returning({ id: restaurants.id });
  const inserted = await database.db.execute<{ id: string }>(
    sql`insert into events (restaurant_id, type) values (${restaurant.id}, 'teste') returning id`,
  );
  return Number(inserted.rows[0].id);
};

describe("a test file's database", () => {
  it('goes to the next file emptied, its sequences restarted and its session new; the closed handle refuses work', async () => {
    const first = await freshDatabase();
    await newEventId(first, 'antigo');
    expect(await newEventId(first, 'outro-antigo')).toBe(2);
    await first.db.execute(sql`set application_name = 'arquivo anterior'`);
    const firstIdentity = await identity(first);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();

    const next = await freshDatabase();
    try {
      expect(await identity(next)).toBe(firstIdentity);
      expect(await next.db.select().from(restaurants)).toEqual([]);
      expect(await newEventId(next, 'novo')).toBe(1);
      const setting = await next.db.execute<{ name: string }>(sql`select current_setting('application_name') as name`);
      expect(setting.rows[0].name).not.toBe('arquivo anterior');
    } finally {
      await next.close();
    }
  });

  it('is not handed on once a test changed its schema', async () => {
    const changed = await freshDatabase();
    const changedIdentity = await identity(changed);
    await changed.db.execute(sql`create table left_behind (id int)`);
    await changed.close();

    const next = await freshDatabase();
    try {
      expect(await identity(next)).not.toBe(changedIdentity);
      const table = await next.db.execute<{ t: string | null }>(sql`select to_regclass('left_behind')::text as t`);
      expect(table.rows[0].t).toBeNull();
    } finally {
      await next.close();
    }
  });
});
