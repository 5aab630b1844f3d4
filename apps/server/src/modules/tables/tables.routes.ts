import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { requestOrigin } from '../../http/proxy';
import { idParam, parseBody, parseParams } from '../../http/validate';
import { createTable, deleteTable, listTables, tableQrPng, updateTable } from './tables.service';

export const tablesRoutes = new Hono<AppEnv>();

const tableBody = z.object({
  number: z.coerce
    .number({ message: 'Informe o número da mesa' })
    .int({ message: 'O número da mesa deve ser inteiro' })
    .min(1, { message: 'O número da mesa deve ser no mínimo 1' })
    .max(100000, { message: 'Número de mesa muito alto' }),
});

tablesRoutes.get('/admin/tables', async (c) => {
  const ctx = staffCtx(c, 'manage_tables');
  return c.json({ tables: await listTables(ctx) });
});

tablesRoutes.post('/admin/tables', async (c) => {
  const ctx = staffCtx(c, 'manage_tables');
  const body = await parseBody(c, tableBody);
  return c.json({ table: await createTable(ctx, body) }, 201);
});

tablesRoutes.put('/admin/tables/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_tables');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, tableBody);
  return c.json({ table: await updateTable(ctx, id, body) });
});

tablesRoutes.delete('/admin/tables/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_tables');
  const { id } = parseParams(c, idParam);
  await deleteTable(ctx, id);
  return c.json({ ok: true });
});

/** The public origin the QR points at: PUBLIC_URL when configured, else the origin this request came to. */
function publicOrigin(c: Parameters<typeof staffCtx>[0]): string {
  return c.get('deps').config.PUBLIC_URL ?? requestOrigin(c);
}

tablesRoutes.get('/admin/tables/:id/qr.png', async (c) => {
  const ctx = staffCtx(c, 'manage_tables');
  const { id } = parseParams(c, idParam);
  const { png, number } = await tableQrPng(ctx, id, publicOrigin(c));
  c.header('Content-Type', 'image/png');
  c.header('Cache-Control', 'private, max-age=300');
  if (c.req.query('download') !== undefined) {
    c.header('Content-Disposition', `attachment; filename="mesa-${number}-qr.png"`);
  }
  return c.body(new Uint8Array(png), 200);
});
