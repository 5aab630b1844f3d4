import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { staffCtx } from '../../http/guard';
import {
  downloadFile,
  fileRequired,
  MAX_UPLOAD_BYTES,
  tooLarge,
  UPLOAD_PERMISSIONS,
  uploadImage,
} from './files.service';

export const filesRoutes = new Hono<AppEnv>();

const fileNotFound = () =>
  new AppError(404, 'file_not_found', 'Arquivo não encontrado', 'O arquivo pedido não existe ou foi removido.');

/**
 * Uploaded images (logos, banners, products), streamed from the file storage. A file never changes
 * under its id, so it may be cached for a year; the ETag is its SHA-256 for clients that revalidate
 * anyway, and they get a 304 without the storage being touched.
 */
filesRoutes.get('/files/:id', async (c) => {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw fileNotFound();
  // `?w=` asks for one of the smaller widths an uploaded photo is kept in.
  const file = await downloadFile({ db: c.get('db'), deps: c.get('deps') }, id.data, Number(c.req.query('w')));
  if (!file) throw fileNotFound();
  const etag = `"${file.sha256}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  // Uploaded SVGs could carry scripts: opened directly, they run in a sandbox with nothing allowed.
  c.header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  c.header('X-Content-Type-Options', 'nosniff');
  const inm = c.req.header('if-none-match');
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  const body = await file.body();
  if (!body) throw fileNotFound();
  c.header('Content-Type', file.contentType);
  c.header('Content-Length', String(file.size));
  return c.body(body, 200);
});

// ─── Admin upload (staff; images only, ≤ 5 MB) ───────────────────────────────────────────────────

/** The uploaded bytes: the `file` field of a multipart form, or the raw request body. */
async function uploadedBytes(c: Context<AppEnv>): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    return new Uint8Array(await c.req.arrayBuffer());
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('Dados inválidos', 'Não foi possível ler o arquivo enviado.', 'invalid_upload');
  }
  const file = form.file ?? Object.values(form).find((v) => v instanceof Blob);
  if (!(file instanceof Blob)) throw fileRequired();
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

/** POST /api/admin/files: answers `{ url }` to store in a product, logo or banner. */
filesRoutes.post('/admin/files', async (c) => {
  const ctx = staffCtx(c, ...UPLOAD_PERMISSIONS);
  return c.json(await uploadImage(ctx, await uploadedBytes(c)), 201);
});
