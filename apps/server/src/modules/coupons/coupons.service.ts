import { coupons, restaurants } from '@meucardapio/db/schema';
import type { CouponInput, CouponView } from '@meucardapio/domain/coupon-admin';
import { type CouponType, couponUsesLabel, normalizeCouponCode } from '@meucardapio/domain/coupons';
import { DEFAULT_TIMEZONE, localDateString, localParts } from '@meucardapio/domain/hours';
import { desc, eq, ne } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';

const couponNotFound = () => notFound('Cupom não encontrado', 'Recarregue a página e tente novamente.');

async function timezoneOf(ctx: StaffCtx): Promise<string> {
  const [r] = await ctx.db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .limit(1);
  return r?.timezone || DEFAULT_TIMEZONE;
}

function safeLocalDate(d: Date, tz: string): string {
  try {
    return localDateString(d, tz);
  } catch {
    return localDateString(d, DEFAULT_TIMEZONE);
  }
}

/**
 * The instant a local wall-clock time happens in a timezone ('2025-03-10', '00:00' in São Paulo →
 * 03:00Z). Two passes of "guess, measure the offset, correct" handle any fixed or DST offset.
 */
export function zonedInstant(date: string, time: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), tz);
    const [ly, lm, ld] = p.date.split('-').map(Number);
    const shown = Date.UTC(ly, lm - 1, ld, Math.floor(p.minutes / 60), p.minutes % 60);
    guess += wanted - shown;
  }
  return new Date(guess);
}

function view(row: typeof coupons.$inferSelect, tz: string): CouponView {
  return {
    id: row.id,
    code: row.code,
    type: row.type as CouponType,
    value: row.value,
    minTotal: row.minTotal,
    usageLimit: row.usageLimit,
    usesPerCustomer: row.usesPerCustomer,
    usesCount: row.usesCount,
    usesLabel: couponUsesLabel(row.usesCount, row.usageLimit),
    active: row.active,
    validFrom: safeLocalDate(row.validFrom, tz),
    // validTo is stored as the last millisecond of its day: shown as that day.
    validTo: row.validTo ? safeLocalDate(row.validTo, tz) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Checks the parts the schema cannot, and turns the local dates into instants. */
function toRow(input: CouponInput, tz: string) {
  const code = normalizeCouponCode(input.code);
  if (!code) throw badRequest('Código obrigatório', 'Informe o código do cupom.', 'code_required');
  if (input.type === 'percent' && input.value > 100) {
    throw badRequest('Valor inválido', 'O desconto percentual vai de 0 a 100.', 'invalid_value');
  }
  const fromDate = input.validFrom ?? safeLocalDate(new Date(), tz);
  if (input.validTo && input.validTo < fromDate) {
    throw badRequest('Data inválida', 'A data final deve ser igual ou posterior à data inicial.', 'invalid_dates');
  }
  let validFrom: Date;
  let validTo: Date | null;
  try {
    validFrom = zonedInstant(fromDate, '00:00', tz);
    validTo = input.validTo ? new Date(zonedInstant(input.validTo, '23:59', tz).getTime() + 59_999) : null;
  } catch {
    validFrom = zonedInstant(fromDate, '00:00', DEFAULT_TIMEZONE);
    validTo = input.validTo
      ? new Date(zonedInstant(input.validTo, '23:59', DEFAULT_TIMEZONE).getTime() + 59_999)
      : null;
  }
  return {
    code,
    type: input.type,
    value: input.value,
    minTotal: input.minTotal,
    usageLimit: input.usageLimit,
    usesPerCustomer: input.usesPerCustomer,
    active: input.active,
    validFrom,
    validTo,
  };
}

async function assertCodeFree(ctx: StaffCtx, code: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(tenant(coupons, ctx.restaurantId, eq(coupons.code, code), exceptId ? ne(coupons.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict('Código já existe', `Já existe um cupom com o código ${code}.`);
}

function duplicate(err: unknown, code: string): never {
  const pg = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (pg === '23505') throw conflict('Código já existe', `Já existe um cupom com o código ${code}.`);
  throw err;
}

export async function listCoupons(ctx: StaffCtx): Promise<CouponView[]> {
  const tz = await timezoneOf(ctx);
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(tenant(coupons, ctx.restaurantId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((r) => view(r, tz));
}

export async function createCoupon(ctx: StaffCtx, input: CouponInput): Promise<CouponView> {
  const tz = await timezoneOf(ctx);
  const values = toRow(input, tz);
  await assertCodeFree(ctx, values.code);
  const [row] = await ctx.db
    .insert(coupons)
    .values({ restaurantId: ctx.restaurantId, ...values })
    .returning()
    .catch((err) => duplicate(err, values.code));
  return view(row, tz);
}

export async function updateCoupon(ctx: StaffCtx, id: string, input: CouponInput): Promise<CouponView> {
  const tz = await timezoneOf(ctx);
  const values = toRow(input, tz);
  await assertCodeFree(ctx, values.code, id);
  const [row] = await ctx.db
    .update(coupons)
    .set(values)
    .where(tenant(coupons, ctx.restaurantId, eq(coupons.id, id)))
    .returning()
    .catch((err) => duplicate(err, values.code));
  if (!row) throw couponNotFound();
  return view(row, tz);
}

export async function setCouponActive(ctx: StaffCtx, id: string, active: boolean): Promise<CouponView> {
  const tz = await timezoneOf(ctx);
  const [row] = await ctx.db
    .update(coupons)
    .set({ active })
    .where(tenant(coupons, ctx.restaurantId, eq(coupons.id, id)))
    .returning();
  if (!row) throw couponNotFound();
  return view(row, tz);
}

export async function deleteCoupon(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(coupons)
    .where(tenant(coupons, ctx.restaurantId, eq(coupons.id, id)))
    .returning({ id: coupons.id });
  if (rows.length === 0) throw couponNotFound();
}
