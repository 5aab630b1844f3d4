import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './context';
import { AppError } from './errors';
import { SESSION_COOKIE } from './session';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that carries a session cookie
 * must come from our own origin (browsers always send Origin on such requests).
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method) || !getCookie(c, SESSION_COOKIE)) return next();
  const origin = c.req.header('origin');
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  let ok = false;
  if (origin && host) {
    try {
      ok = new URL(origin).host === host;
    } catch {
      ok = false;
    }
  }
  if (!ok) throw new AppError(403, 'bad_origin', 'Requisição bloqueada', 'Origem da requisição não permitida.');
  return next();
};
