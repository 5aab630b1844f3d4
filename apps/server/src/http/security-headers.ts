import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** What every answer but an uploaded file carries. */
export const pageSecurityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
  },
  crossOriginResourcePolicy: 'same-origin',
});

/** Uploaded files carry their own, stricter policy (files.routes.ts); the page policy would replace it. */
export const fileSecurityHeaders = secureHeaders({ crossOriginResourcePolicy: 'same-origin' });

/** The headers a middleware adds to an empty answer, read once from a throwaway app. */
async function headersAddedBy(middleware: MiddlewareHandler): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('/', (c) => c.body(null));
  const res = await probe.request('/');
  return Object.freeze(Object.fromEntries(res.headers));
}

/**
 * The page policy as a plain record, for answers built whole from memory (the cached public menu): they
 * skip the middleware, whose per-request header object costs more than the rest of such an answer, yet
 * carry exactly what it sets, because it is the middleware that says what they are.
 */
export const pageSecurityHeaderRecord = await headersAddedBy(pageSecurityHeaders);
