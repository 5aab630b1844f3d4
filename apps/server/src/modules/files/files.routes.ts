import { IMAGE_WIDTHS } from '@meucardapio/domain/image-variants';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { variantId } from './image-variants';

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
  const { storage } = c.get('deps').integrations;
  // `?w=` asks for one of the smaller widths an uploaded photo is kept in (see image-variants.ts);
  // a width it does not have answers the file itself.
  const width = Number(c.req.query('w'));
  const variant = IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])
    ? await storage.get(variantId(id.data, width))
    : null;
  const file = variant ?? (await storage.get(id.data));
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
