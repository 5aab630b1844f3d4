import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, migrationsFolder } from '@meucardapio/db/client';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';

/** When the newest migration shipped with this build was generated (drizzle records it once applied). */
const NEWEST_MIGRATION = (() => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
})();

export type Readiness = { ok: boolean; database: 'ok' | 'unreachable'; migrations: 'current' | 'behind' | 'unknown' };

/** Whether the database answers and holds the migrations this build expects. */
export async function readiness(database: Database, log: Logger): Promise<Readiness> {
  const state: Readiness = { ok: false, database: 'unreachable', migrations: 'unknown' };
  try {
    const result = await database.db.execute<{ applied: string | null }>(
      sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
    );
    state.database = 'ok';
    const applied = Number(result.rows[0]?.applied ?? 0);
    state.migrations = applied >= NEWEST_MIGRATION ? 'current' : 'behind';
  } catch (err) {
    log.warn({ err }, 'readiness check failed');
  }
  state.ok = state.database === 'ok' && state.migrations === 'current';
  return state;
}
