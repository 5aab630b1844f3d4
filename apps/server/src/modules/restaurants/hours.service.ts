import { restaurantHours, restaurants } from '@meucardapio/db/schema';
import { defaultWeek, type HoursRow, weekForSave } from '@meucardapio/domain/hours';
import { asc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';

/** The 7 days (0 = Sunday); days never saved show the default 08:00–18:00. */
export async function getHours(ctx: StaffCtx): Promise<HoursRow[]> {
  const rows = await ctx.db
    .select({
      dayOfWeek: restaurantHours.dayOfWeek,
      isClosed: restaurantHours.isClosed,
      openTime: restaurantHours.openTime,
      closeTime: restaurantHours.closeTime,
    })
    .from(restaurantHours)
    .where(tenant(restaurantHours, ctx.restaurantId))
    .orderBy(asc(restaurantHours.dayOfWeek));
  return defaultWeek().map((d) => rows.find((r) => r.dayOfWeek === d.dayOfWeek) ?? d);
}

/**
 * Replaces the whole week in one transaction (delete + insert, as the spec does, but atomic): the week
 * is validated first, and any failure leaves the previous week untouched.
 */
export async function replaceHours(ctx: StaffCtx, week: HoursRow[]): Promise<HoursRow[]> {
  const rows = weekForSave(week);
  if (!rows) {
    throw badRequest(
      'Horário inválido',
      'Informe os 7 dias da semana; em dias abertos, abertura e fechamento no formato HH:MM.',
      'invalid_hours',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(restaurantHours).where(tenant(restaurantHours, ctx.restaurantId));
    await tx.insert(restaurantHours).values(rows.map((r) => ({ restaurantId: ctx.restaurantId, ...r })));
    await tx.update(restaurants).set({ hoursSetAt: new Date() }).where(eq(restaurants.id, ctx.restaurantId));
    await appendEvent(tx, {
      restaurantId: ctx.restaurantId,
      type: 'hours.updated',
      payload: { hours: rows },
    });
  });
  return rows;
}
