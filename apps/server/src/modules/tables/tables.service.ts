import type { DbOrTx } from '@meucardapio/db/client';
import { diningTables } from '@meucardapio/db/schema';
import { and, asc, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { StaffCtx } from '../../http/context';
import { AppError, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';

/** QR images are 300×300 (spec 3 §9) and generated here, never by a public service. */
export const QR_SIZE = 300;

export type TableView = { id: string; number: number; qrUrl: string; createdAt: string };

const tableNotFound = () => notFound('Mesa não encontrada', 'Recarregue a página e tente novamente.');

/** The menu link of a table: the storefront with the table parameter. */
export function tableMenuPath(slug: string, number: number): string {
  return `/${encodeURIComponent(slug)}?table=${number}`;
}

/** Whether the restaurant has table `number`: a menu link names only a table that exists. */
export async function tableExists(ctx: { db: DbOrTx; restaurantId: string }, number: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(tenant(diningTables, ctx.restaurantId), eq(diningTables.number, number)))
    .limit(1);
  return !!row;
}

async function restaurantSlug(ctx: StaffCtx): Promise<string> {
  const r = await restaurantById(ctx.db, ctx.restaurantId);
  const slug = r.slug?.trim();
  if (!slug) {
    throw new AppError(
      400,
      'slug_missing',
      'Slug do restaurante ausente',
      'Defina o endereço do cardápio na aba Config.',
    );
  }
  return slug;
}

const view = (t: typeof diningTables.$inferSelect): TableView => ({
  id: t.id,
  number: t.number,
  qrUrl: t.qrUrl ?? '',
  createdAt: t.createdAt.toISOString(),
});

/**
 * The tables by number. Links written in an old format ('/menu/…') or for a previous slug are
 * rewritten to the current one as they are read (the spec's one-time fix, kept permanent).
 */
export async function listTables(ctx: StaffCtx): Promise<TableView[]> {
  const rows = await ctx.db
    .select()
    .from(diningTables)
    .where(tenant(diningTables, ctx.restaurantId))
    .orderBy(asc(diningTables.number));
  if (rows.length === 0) return [];
  const slug = await restaurantSlug(ctx).catch(() => null);
  if (slug) {
    for (const row of rows) {
      const expected = tableMenuPath(slug, row.number);
      if (row.qrUrl !== expected) {
        await ctx.db
          .update(diningTables)
          .set({ qrUrl: expected })
          .where(tenant(diningTables, ctx.restaurantId, eq(diningTables.id, row.id)));
        row.qrUrl = expected;
      }
    }
  }
  return rows.map(view);
}

async function assertNumberFree(ctx: StaffCtx, number: number, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      tenant(
        diningTables,
        ctx.restaurantId,
        eq(diningTables.number, number),
        exceptId ? ne(diningTables.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict('Mesa já existe', `Já existe uma mesa com o número ${number}.`);
}

function uniqueViolation(err: unknown, number: number): never {
  const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (code === '23505') throw conflict('Mesa já existe', `Já existe uma mesa com o número ${number}.`);
  throw err;
}

export async function createTable(ctx: StaffCtx, input: { number: number }): Promise<TableView> {
  const slug = await restaurantSlug(ctx);
  await assertNumberFree(ctx, input.number);
  const [row] = await ctx.db
    .insert(diningTables)
    .values({ restaurantId: ctx.restaurantId, number: input.number, qrUrl: tableMenuPath(slug, input.number) })
    .returning()
    .catch((err) => uniqueViolation(err, input.number));
  return view(row);
}

export async function updateTable(ctx: StaffCtx, id: string, input: { number: number }): Promise<TableView> {
  const slug = await restaurantSlug(ctx);
  await assertNumberFree(ctx, input.number, id);
  const [row] = await ctx.db
    .update(diningTables)
    .set({ number: input.number, qrUrl: tableMenuPath(slug, input.number) })
    .where(tenant(diningTables, ctx.restaurantId, eq(diningTables.id, id)))
    .returning()
    .catch((err) => uniqueViolation(err, input.number));
  if (!row) throw tableNotFound();
  return view(row);
}

export async function deleteTable(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(diningTables)
    .where(and(tenant(diningTables, ctx.restaurantId, eq(diningTables.id, id))))
    .returning({ id: diningTables.id });
  if (rows.length === 0) throw tableNotFound();
}

/** Height of the band under the code that names the table, so a printed code is put on the right table. */
const QR_LABEL_BAND = 40;

/** The table's QR code as a 300×300 PNG of the absolute menu link, "Mesa N" written under the code. */
export async function tableQrPng(ctx: StaffCtx, id: string, origin: string): Promise<{ png: Buffer; number: number }> {
  const [row] = await ctx.db
    .select()
    .from(diningTables)
    .where(tenant(diningTables, ctx.restaurantId, eq(diningTables.id, id)))
    .limit(1);
  if (!row) throw tableNotFound();
  const slug = await restaurantSlug(ctx);
  const url = `${origin.replace(/\/+$/, '')}${tableMenuPath(slug, row.number)}`;
  const codeSize = QR_SIZE - QR_LABEL_BAND;
  const code = await QRCode.toBuffer(url, { type: 'png', width: codeSize, margin: 2, errorCorrectionLevel: 'M' });
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${QR_SIZE}" height="${QR_LABEL_BAND}">` +
      `<text x="50%" y="${QR_LABEL_BAND - 12}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" ` +
      `font-weight="bold" font-size="26" text-anchor="middle" fill="#000">Mesa ${row.number}</text></svg>`,
  );
  const png = await sharp({
    create: { width: QR_SIZE, height: QR_SIZE, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: code, top: 0, left: (QR_SIZE - codeSize) / 2 },
      { input: label, top: codeSize, left: 0 },
    ])
    .png()
    .toBuffer();
  return { png, number: row.number };
}
