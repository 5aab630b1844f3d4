import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@meucardapio/db/client';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

/** When the newest migration shipped with this build was generated (drizzle records it once applied). */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
};

type Readiness = { ok: boolean; database: 'ok' | 'unreachable'; migrations: 'current' | 'behind' | 'unknown' };

/**
 * For a load balancer: `/api/health` says the process answers (restart it if not); `/api/ready` says it
 * should get traffic — the database answers, its migrations are the ones this build expects, and the
 * instance is not shutting down.
 */
export const healthRoutes = new Hono<AppEnv>();

healthRoutes.get('/health', (c) => c.json({ ok: true }));

healthRoutes.get('/ready', async (c) => {
  const { database, realtime, log } = c.get('deps');
  c.header('Cache-Control', 'no-store');
  if (realtime.streams.closing) return c.json({ ok: false, shuttingDown: true }, 503);
  const state: Readiness = { ok: false, database: 'unreachable', migrations: 'unknown' };
  try {
    const result = await database.db.execute<{ applied: string | null }>(
      sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
    );
    state.database = 'ok';
    const applied = Number(result.rows[0]?.applied ?? 0);
    state.migrations = applied >= newestMigration() ? 'current' : 'behind';
  } catch (err) {
    log.warn({ err }, 'readiness check failed');
  }
  state.ok = state.database === 'ok' && state.migrations === 'current';
  return c.json(state, state.ok ? 200 : 503);
});
