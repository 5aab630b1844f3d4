import { createHash } from 'node:crypto';
import type { DbOrTx } from '@meucardapio/db/client';
import { appUsers, categories, type PriceOption, products, restaurantHours } from '@meucardapio/db/schema';
import { isOpenAt } from '@meucardapio/domain/hours';
import { type MenuProduct, merchantDocument } from '@meucardapio/domain/open-delivery-merchant';
import { parseList, productKind } from '@meucardapio/domain/pricing';
import { asc, eq, max } from 'drizzle-orm';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';

/** A UUID that is always the same for the same key (the standard wants UUIDs for every entity). */
function stableUuid(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The restaurant's offset from UTC now, in minutes (São Paulo: -180). */
function utcOffsetMinutes(timeZone: string, at: Date): number {
  const local = new Date(at.toLocaleString('en-US', { timeZone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((local.getTime() - utc.getTime()) / 60_000);
}

const absolute = (publicUrl: string, url: string | null) =>
  url
    ? /^https?:\/\//.test(url)
      ? url
      : `${publicUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`
    : null;

/**
 * `GET /v1/merchant`: the restaurant and its menu in Open Delivery's `Merchant` shape; null while the
 * owner has not put the restaurant on the map (the standard requires its coordinates, and an app
 * would place a made-up point as the store: decision 083).
 */
export async function merchantMenu(db: DbOrTx, restaurantId: string, publicUrl: string) {
  const restaurant = await restaurantById(db, restaurantId);
  if (restaurant.latitude === null || restaurant.longitude === null) return null;
  const [cats, rows, hours, [owner], [last]] = await Promise.all([
    db.select().from(categories).where(tenant(categories, restaurantId)).orderBy(asc(categories.sortOrder)),
    db.select().from(products).where(tenant(products, restaurantId)).orderBy(asc(products.name)),
    db.select().from(restaurantHours).where(tenant(restaurantHours, restaurantId)),
    restaurant.ownerId
      ? db.select({ email: appUsers.email }).from(appUsers).where(eq(appUsers.id, restaurant.ownerId)).limit(1)
      : Promise.resolve([]),
    db
      .select({ at: max(products.updatedAt) })
      .from(products)
      .where(tenant(products, restaurantId)),
  ]);
  const menuProducts: MenuProduct[] = rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    available: p.available,
    imageUrl: absolute(publicUrl, p.imageUrl),
    categoryId: p.categoryId,
    multiFlavor: productKind(p) === 'multi_flavor_pizza',
    maxFlavors: p.maxFlavors,
    flavorIds: parseList<unknown>(p.pizzaFlavors).map(String),
    sizes: parseList<PriceOption>(p.variations).map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price ?? p.price + (s.priceModifier ?? 0),
    })),
    addons: parseList<{ id: string; name: string; price: number }>(p.addons),
  }));
  const now = new Date();
  return merchantDocument({
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      description: restaurant.description,
      document: restaurant.cnpj,
      corporateName: restaurant.nomeRazaoSocial,
      phone: restaurant.whatsapp,
      email: owner?.email ?? null,
      logoUrl: absolute(publicUrl, restaurant.logoUrl) ?? `${publicUrl.replace(/\/$/, '')}/favicon.svg`,
      address: {
        state: restaurant.addressState ?? '',
        city: restaurant.addressCity ?? '',
        district: restaurant.addressNeighborhood ?? '',
        street: restaurant.addressStreet ?? '',
        number: restaurant.addressNumber ?? '',
        postalCode: (restaurant.addressCep ?? '').replace(/\D/g, ''),
        complement: restaurant.addressComplement ?? '',
        latitude: restaurant.latitude,
        longitude: restaurant.longitude,
      },
      pizzeria: rows.some((p) => p.isPizza),
    },
    categories: cats.map((c) => ({ id: c.id, name: c.name })),
    products: menuProducts,
    hours,
    utcOffsetMinutes: utcOffsetMinutes(restaurant.timezone, now),
    lastUpdate: last?.at ?? restaurant.createdAt,
    open: isOpenAt(hours, now, restaurant.timezone),
    uuid: stableUuid,
  });
}
