import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';

export const filesRoutes = new Hono<AppEnv>();

const fileNotFound = () =>
  new AppError(404, 'file_not_found', 'Arquivo não encontrado', 'O arquivo pedido não existe ou foi removido.');

/**
 * Uploaded images (logos, banners, products). A file never changes under its id, so it may be cached
 * for a year; the ETag is its SHA-256 for clients that revalidate anyway.
 */
filesRoutes.get('/files/:id', async (c) => {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw fileNotFound();
  const file = await c.get('deps').integrations.storage.get(id.data);
  if (!file) throw fileNotFound();
  const etag = `"${file.sha256}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  // Uploaded SVGs could carry scripts: opened directly, they run in a sandbox with nothing allowed.
  c.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  c.header('X-Content-Type-Options', 'nosniff');
  const inm = c.req.header('if-none-match');
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  c.header('Content-Type', file.contentType);
  c.header('Content-Length', String(file.data.length));
  return c.body(new Uint8Array(file.data), 200);
});

// ─── Admin upload (staff; images only, ≤ 5 MB) ───────────────────────────────────────────────────
import { uploadAdminFile } from './files.admin';

filesRoutes.post('/admin/files', uploadAdminFile);
