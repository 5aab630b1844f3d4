import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, kitchenStations, products } from '../schema';
import { DEMO_KITCHEN_STATIONS } from './demo-kitchen';
import { seededDemo } from './demo-test-setup';

const demo = seededDemo();
const restaurantId = () => demo.result?.restaurantId as string;

describe('the demo kitchen', () => {
  it('creates the stations in order', async () => {
    const rows = await demo.database.db
      .select({ name: kitchenStations.name, sortOrder: kitchenStations.sortOrder })
      .from(kitchenStations)
      .where(eq(kitchenStations.restaurantId, restaurantId()))
      .orderBy(kitchenStations.sortOrder);
    expect(rows.map((r) => r.name)).toEqual(['Pizzas', 'Cozinha', 'Bebidas', 'Sobremesas']);
  });

  it('puts every cooked product in the station of its category, and the retail products in none', async () => {
    const rows = await demo.database.db
      .select({ product: products.name, category: categories.name, station: kitchenStations.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(kitchenStations, eq(kitchenStations.id, products.stationId))
      .where(eq(products.restaurantId, restaurantId()));
    const stationOf = (category: string | null) =>
      DEMO_KITCHEN_STATIONS.find((s) => category !== null && s.categories.includes(category))?.name ?? null;
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows)
      expect({ product: r.product, station: r.station }).toEqual({
        product: r.product,
        station: stationOf(r.category),
      });
    expect(rows.find((r) => r.product === 'Guaraná Antarctica 2L')?.station).toBe('Bebidas');
    expect(rows.find((r) => r.product === 'Calabresa')?.station).toBe('Pizzas');
    expect(rows.find((r) => r.product === 'Boné Pizzaria Demo')?.station).toBeNull();
  });
});
