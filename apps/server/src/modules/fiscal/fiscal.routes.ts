import { isCashierOnly } from '@meucardapio/domain/permissions';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, StaffCtx } from '../../http/context';
import { forbidden } from '../../http/errors';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams, parseQuery } from '../../http/validate';
import {
  getNote,
  issueNoteForSale,
  listNotes,
  noteCounts,
  noteFile,
  noteOfSale,
  noteXml,
  reissueNote,
  requestCancellation,
  retryAllNotes,
} from './fiscal-notes.service';
import { testFiscalConnection } from './fiscal-settings.service';

/**
 * NFC-e ("Notas fiscais"). Reading: the cashier, reports and settings holders. Re-emitting and issuing:
 * the cashier and settings holders. Cancelling a note is not for a cashier-only user.
 */
export const fiscalRoutes = new Hono<AppEnv>();

const reader = (c: Context<AppEnv>) => staffCtx(c, 'manage_cashier', 'view_reports', 'manage_settings');
const operator = (c: Context<AppEnv>) => staffCtx(c, 'manage_cashier', 'manage_settings');
function canceller(c: Context<AppEnv>): StaffCtx {
  const ctx = operator(c);
  if (isCashierOnly(ctx.actor.rules)) throw forbidden();
  return ctx;
}

const P = '/admin/fiscal';

const listQuery = z.object({
  status: z.enum(['pending', 'authorized', 'rejected', 'cancelled', 'all'], { message: 'Filtro inválido' }).optional(),
  q: z.string().max(60, 'Busca muito longa').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const cancelBody = z.object({
  justificativa: z
    .string({ error: 'Informe a justificativa.' })
    .max(255, 'Justificativa muito longa (máximo 255 caracteres).'),
});
const issueBody = z.object({ buyerCpf: z.string().max(20).nullish() });

fiscalRoutes.get(`${P}/notes`, async (c) => c.json(await listNotes(reader(c), parseQuery(c, listQuery))));

fiscalRoutes.get(`${P}/notes/counts`, async (c) => c.json(await noteCounts(reader(c))));

fiscalRoutes.post(`${P}/notes/retry-all`, async (c) => c.json(await retryAllNotes(operator(c))));

fiscalRoutes.get(`${P}/notes/:id`, async (c) => c.json(await getNote(reader(c), parseParams(c, idParam).id)));

fiscalRoutes.post(`${P}/notes/:id/reissue`, async (c) =>
  c.json(await reissueNote(operator(c), parseParams(c, idParam).id)),
);

fiscalRoutes.post(`${P}/notes/:id/cancel`, async (c) => {
  const ctx = canceller(c);
  const { id } = parseParams(c, idParam);
  const { justificativa } = await parseBody(c, cancelBody);
  return c.json(await requestCancellation(ctx, id, justificativa));
});

fiscalRoutes.get(`${P}/notes/:id/xml`, async (c) => {
  const file = await noteXml(reader(c), parseParams(c, idParam).id);
  return c.body(file.xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'content-disposition': `attachment; filename="${file.fileName}"`,
  });
});

for (const kind of ['pdf', 'escpos'] as const) {
  fiscalRoutes.get(`${P}/notes/:id/${kind}`, async (c) => {
    const file = await noteFile(reader(c), parseParams(c, idParam).id, kind);
    return c.body(file.bytes, 200, {
      'content-type': kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
      'content-disposition': `${kind === 'pdf' ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
    });
  });
}

/** A sale's note: `orders/:id` (a PDV sale or storefront order) or `accounts/:id` (a closed table account). */
for (const [path, kind] of [
  ['orders', 'order'],
  ['accounts', 'account'],
] as const) {
  fiscalRoutes.get(`${P}/${path}/:id/note`, async (c) => {
    const ctx = staffCtx(c, 'manage_cashier', 'manage_orders', 'view_reports', 'manage_settings');
    return c.json({ note: await noteOfSale(ctx, { kind, id: parseParams(c, idParam).id }) });
  });

  fiscalRoutes.post(`${P}/${path}/:id/note`, async (c) => {
    const ctx = operator(c);
    const { id } = parseParams(c, idParam);
    const { buyerCpf } = await parseBody(c, issueBody);
    return c.json({ note: await issueNoteForSale(ctx, { kind, id }, buyerCpf ?? null) }, 201);
  });
}

fiscalRoutes.post(`${P}/test-connection`, async (c) =>
  c.json(await testFiscalConnection(staffCtx(c, 'manage_settings'))),
);
