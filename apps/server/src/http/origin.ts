import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './context';
import { AppError } from './errors';
import { requestHost } from './proxy';
import { SESSION_COOKIE } from './session';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only route that takes a file (an image body or a multipart form). */
const UPLOAD_PATHS = new Set(['/api/admin/files']);
/** The payment simulator's checkout page runs no script: its decision is a plain HTML form post. */
const FORM_PATHS = new Set(['/api/payments/simulator/decide']);

const badOrigin = () => new AppError(403, 'bad_origin', 'Requisição bloqueada', 'Origem da requisição não permitida.');

function sameOrigin(origin: string, host: string | undefined, publicUrl: string) {
  try {
    const url = new URL(origin);
    return url.host === host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery guard for state-changing requests. A browser always sends `Origin` on them,
 * so a foreign or opaque Origin is refused with or without a session cookie (public actions such as
 * sign-up, reviews or recovery included); a request without Origin is accepted only from clients that
 * are not browsers: no session cookie and no cross-site fetch metadata.
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  if (origin) {
    if (!sameOrigin(origin, requestHost(c), c.get('deps').config.publicUrl)) throw badOrigin();
  } else if (getCookie(c, SESSION_COOKIE) || c.req.header('sec-fetch-site') === 'cross-site') {
    throw badOrigin();
  }
  return next();
};

/** What a route takes as its body, and how the refusal says it. */
function bodyRule(path: string): { accepts: (type: string) => boolean; hint: string } {
  if (UPLOAD_PATHS.has(path)) {
    return {
      accepts: (type) => type === 'multipart/form-data' || type.startsWith('image/'),
      hint: 'Envie uma imagem (multipart/form-data ou image/*).',
    };
  }
  if (FORM_PATHS.has(path)) {
    return {
      accepts: (type) => type === 'application/x-www-form-urlencoded',
      hint: 'Envie os dados como application/x-www-form-urlencoded.',
    };
  }
  return { accepts: (type) => type === 'application/json', hint: 'Envie os dados como application/json.' };
}

/**
 * Bodies are JSON sent as `application/json` (which a cross-site form cannot send without a CORS
 * preflight we never grant); the upload route takes an image or a multipart form, the simulator page a form.
 */
export const jsonContentType: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const rule = bodyRule(c.req.path);
  const json = !UPLOAD_PATHS.has(c.req.path) && !FORM_PATHS.has(c.req.path);
  if (!(await hasBody(c, json))) return next();
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!rule.accepts(type)) throw new AppError(415, 'unsupported_media_type', 'Formato não suportado', rule.hint);
  return next();
};

async function hasBody(c: Context<AppEnv>, json: boolean) {
  const length = c.req.header('content-length');
  if (length !== undefined) return length !== '0';
  if (c.req.header('transfer-encoding')) return true;
  if (!c.req.raw.body) return false;
  // No length header (a request built in-process): a JSON body is read now, Hono keeps the text for the
  // handler; a form is left unread, as its parser needs the original request.
  return !json || (await c.req.text()).length > 0;
}
