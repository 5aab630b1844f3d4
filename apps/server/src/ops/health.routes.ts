import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { readiness } from './readiness';

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
  const state = await readiness(database, log);
  return c.json(state, state.ok ? 200 : 503);
});
