import { kitchenSettings, kitchenStations, products } from '@meucardapio/db/schema';
import {
  DEFAULT_KITCHEN_THRESHOLDS,
  type KitchenStation,
  type KitchenThresholds,
  type StationInput,
} from '@meucardapio/domain/kitchen';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';

const stationNotFound = () => notFound('Estação não encontrada', 'A estação não existe ou foi excluída.');
const duplicateStation = () => conflict('Estação já existe', 'Já existe uma estação com esse nome.');

/** Kitchen screens reload their stations and thresholds when the owner changes them. */
function kitchenChanged(ctx: StaffCtx) {
  return appendEvent(ctx.db, {
    restaurantId: ctx.restaurantId,
    type: 'kitchen.updated',
    permission: 'manage_kitchen',
    payload: {},
  });
}

/** The restaurant's stations in display order, with how many products each prepares. */
export async function listStations(ctx: StaffCtx): Promise<KitchenStation[]> {
  return ctx.db
    .select({
      id: kitchenStations.id,
      name: kitchenStations.name,
      sortOrder: kitchenStations.sortOrder,
      productCount: count(products.id),
    })
    .from(kitchenStations)
    .leftJoin(
      products,
      and(eq(products.stationId, kitchenStations.id), eq(products.restaurantId, kitchenStations.restaurantId)),
    )
    .where(tenant(kitchenStations, ctx.restaurantId))
    .groupBy(kitchenStations.id)
    .orderBy(asc(kitchenStations.sortOrder), asc(kitchenStations.name));
}

/** One station of the restaurant (404 for another restaurant's). */
export async function findStation(ctx: StaffCtx, id: string): Promise<KitchenStation> {
  const station = (await listStations(ctx)).find((s) => s.id === id);
  if (!station) throw stationNotFound();
  return station;
}

async function nameTaken(ctx: StaffCtx, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: kitchenStations.id })
    .from(kitchenStations)
    .where(
      tenant(
        kitchenStations,
        ctx.restaurantId,
        sql`lower(${kitchenStations.name}) = lower(${name})`,
        exceptId ? ne(kitchenStations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Adds a station; a name is unique per restaurant, whatever its case. New stations go last unless told. */
export async function createStation(ctx: StaffCtx, input: StationInput): Promise<KitchenStation> {
  if (await nameTaken(ctx, input.name)) throw duplicateStation();
  const id = await inTransaction(ctx, async (txCtx) => {
    const [row] = await txCtx.db
      .insert(kitchenStations)
      .values({
        restaurantId: ctx.restaurantId,
        name: input.name,
        sortOrder:
          input.sortOrder ??
          sql`(select coalesce(max(${kitchenStations.sortOrder}) + 1, 0) from ${kitchenStations} where ${kitchenStations.restaurantId} = ${ctx.restaurantId})`,
      })
      .returning({ id: kitchenStations.id });
    await kitchenChanged(txCtx);
    return row.id;
  });
  return findStation(ctx, id);
}

export async function updateStation(ctx: StaffCtx, id: string, input: StationInput): Promise<KitchenStation> {
  await findStation(ctx, id);
  if (await nameTaken(ctx, input.name, id)) throw duplicateStation();
  await inTransaction(ctx, async (txCtx) => {
    await txCtx.db
      .update(kitchenStations)
      .set({ name: input.name, ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }) })
      .where(tenant(kitchenStations, ctx.restaurantId, eq(kitchenStations.id, id)));
    await kitchenChanged(txCtx);
  });
  return findStation(ctx, id);
}

/** Deletes a station; its products stay, with no station (shown under "Todas"). */
export async function deleteStation(ctx: StaffCtx, id: string): Promise<void> {
  await inTransaction(ctx, async (txCtx) => {
    const removed = await txCtx.db
      .delete(kitchenStations)
      .where(tenant(kitchenStations, ctx.restaurantId, eq(kitchenStations.id, id)))
      .returning({ id: kitchenStations.id });
    if (removed.length === 0) throw stationNotFound();
    await kitchenChanged(txCtx);
  });
}

/** When the timers turn amber and red: the restaurant's own, or the defaults. */
export async function getThresholds(ctx: StaffCtx): Promise<KitchenThresholds> {
  const [row] = await ctx.db
    .select({ warnMinutes: kitchenSettings.warnMinutes, lateMinutes: kitchenSettings.lateMinutes })
    .from(kitchenSettings)
    .where(tenant(kitchenSettings, ctx.restaurantId))
    .limit(1);
  return row ?? { ...DEFAULT_KITCHEN_THRESHOLDS };
}

export async function saveThresholds(ctx: StaffCtx, input: KitchenThresholds): Promise<KitchenThresholds> {
  await inTransaction(ctx, async (txCtx) => {
    await txCtx.db
      .insert(kitchenSettings)
      .values({ restaurantId: ctx.restaurantId, ...input })
      .onConflictDoUpdate({ target: kitchenSettings.restaurantId, set: { ...input, updatedAt: new Date() } });
    await kitchenChanged(txCtx);
  });
  return getThresholds(ctx);
}
