import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { categories, kitchenStations, products } from '../schema';

/**
 * The demo pizzaria's kitchen stations, each with the menu categories it prepares (by category name).
 * The shop's retail products (Produtos da Casa) go to no station: they are picked, not cooked.
 */
export const DEMO_KITCHEN_STATIONS: readonly { name: string; categories: readonly string[] }[] = [
  { name: 'Pizzas', categories: ['Pizzas Salgadas', 'Pizzas Doces', 'Monte sua Pizza'] },
  { name: 'Cozinha', categories: ['Entradas e Porções'] },
  { name: 'Bebidas', categories: ['Bebidas'] },
  { name: 'Sobremesas', categories: ['Sobremesas'] },
];

/**
 * Creates the demo kitchen stations and assigns the demo products to them by category, so the kitchen
 * screen can be filtered by station on first start. Run after the demo catalogue exists; the timer
 * thresholds stay the defaults (15 and 25 minutes).
 */
export async function seedDemoKitchen(tx: Tx, restaurantId: string): Promise<void> {
  const stations = await tx
    .insert(kitchenStations)
    .values(DEMO_KITCHEN_STATIONS.map((s, sortOrder) => ({ restaurantId, name: s.name, sortOrder })))
    .returning({ id: kitchenStations.id, name: kitchenStations.name });
  const cats = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.restaurantId, restaurantId));
  for (const station of stations) {
    const names = DEMO_KITCHEN_STATIONS.find((s) => s.name === station.name)?.categories ?? [];
    const categoryIds = cats.filter((c) => names.includes(c.name)).map((c) => c.id);
    if (categoryIds.length === 0) continue;
    await tx
      .update(products)
      .set({ stationId: station.id })
      .where(and(eq(products.restaurantId, restaurantId), inArray(products.categoryId, categoryIds)));
  }
}
