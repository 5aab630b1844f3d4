import type { Db } from '@meucardapio/db/client';
import { categories, productChoiceColumns, products, restaurantHours } from '@meucardapio/db/schema';
import { DEFAULT_TIMEZONE, isOpenAt, type ZoneOffset, zoneOffsetAround } from '@meucardapio/domain/hours';
import type { MenuAddon, MenuOption, MenuProduct, MenuRestaurant, PublicMenu } from '@meucardapio/domain/menu-views';
import { flavourChoiceIds, parseList } from '@meucardapio/domain/pricing';
import { normalizePizzaFlags } from '@meucardapio/domain/product-rules';
import { asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { tenant } from '../../http/tenant';
import { type RestaurantRow, restaurantById, restaurantBySlug } from '../../tenancy/restaurant-lookup';
import { reviewSummary } from '../reviews/reviews.service';

/** Public reads need only the database: the visitor is anonymous and the tenant comes from the slug. */
export type PublicCtx = { db: Db };

/** The product fields the menu, the product dialog and the cart need (no cost price, no fiscal data). */
const publicProductColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  description: products.description,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  imageUrl: products.imageUrl,
  ...productChoiceColumns,
  estoque: products.estoque,
  envioCorreios: products.envioCorreios,
};

/**
 * The restaurant fields anyone may read. Picked one by one so a column added later — owner, fiscal
 * ids, provider settings — stays private until someone decides otherwise.
 */
export function publicRestaurantOf(row: RestaurantRow): MenuRestaurant {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoUrl: row.logoUrl,
    bannerUrl: row.bannerUrl,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    buttonColor: row.buttonColor,
    timezone: row.timezone,
    businessSegment: row.businessSegment === 'commerce' ? 'commerce' : 'restaurant',
    showReviewsOnMenu: row.showReviewsOnMenu,
    googleRating: row.googleRating === null ? null : Number(row.googleRating),
    googleReviewsCount: row.googleReviewsCount,
    googleMyBusinessUrl: row.googleMyBusinessUrl,
  };
}

/** Options stored as JSON may come from older imports with loose shapes; keep only well-formed ones. */
function cleanOptions(value: unknown): MenuOption[] {
  return parseList<Record<string, unknown>>(value)
    .filter((o) => o && typeof o.name === 'string' && o.name.trim() !== '')
    .map((o, i) => ({
      id: typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : `opt-${i}`,
      name: String(o.name),
      priceModifier: Number.isInteger(o.priceModifier) ? Number(o.priceModifier) : 0,
      ...(Number.isInteger(o.price) ? { price: Number(o.price) } : {}),
    }));
}

function cleanAddons(value: unknown): MenuAddon[] {
  return parseList<Record<string, unknown>>(value)
    .filter((a) => a && typeof a.name === 'string' && a.name.trim() !== '')
    .map((a, i) => {
      const addon: MenuAddon = {
        id: typeof a.id === 'string' || typeof a.id === 'number' ? String(a.id) : `addon-${i}`,
        name: String(a.name),
        price: Number.isInteger(a.price) ? Number(a.price) : 0,
      };
      if (typeof a.type === 'string') addon.type = a.type;
      return addon;
    });
}

function menuZone(timezone: string, now: Date): ZoneOffset {
  try {
    return zoneOffsetAround(now, timezone);
  } catch {
    // An invalid stored timezone must not break the menu; fall back to the default one.
    return zoneOffsetAround(now, DEFAULT_TIMEZONE);
  }
}

/** The same menu with its open/closed state recomputed for `now` (cached menus outlive the minute). */
export function withOpenNow(menu: PublicMenu, now: Date): PublicMenu {
  return { ...menu, openNow: isOpenAt(menu.hours, now, menu.zoneOffset) };
}

/** A menu read; `complete` is false when a part of it was left empty because it could not be read. */
export type PublicMenuRead = { menu: PublicMenu; complete: boolean };

/** Everything the first paint of a public menu needs, in one read. */
export async function getPublicMenu(
  ctx: PublicCtx & { log: Logger },
  slug: string,
  now = new Date(),
): Promise<PublicMenuRead> {
  const restaurant = publicRestaurantOf(await restaurantBySlug(ctx.db, slug));
  const restaurantId = restaurant.id;

  const [cats, rows, hoursRows, reviewBlock] = await Promise.all([
    ctx.db
      .select({ id: categories.id, name: categories.name, sortOrder: categories.sortOrder })
      .from(categories)
      .where(tenant(categories, restaurantId))
      .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id)),
    ctx.db
      .select(publicProductColumns)
      .from(products)
      .where(tenant(products, restaurantId, eq(products.available, true)))
      .orderBy(asc(products.name), asc(products.id)),
    ctx.db
      .select({
        dayOfWeek: restaurantHours.dayOfWeek,
        isClosed: restaurantHours.isClosed,
        openTime: restaurantHours.openTime,
        closeTime: restaurantHours.closeTime,
      })
      .from(restaurantHours)
      .where(tenant(restaurantHours, restaurantId))
      .orderBy(asc(restaurantHours.dayOfWeek)),
    reviewSummary(ctx.db, ctx.log, restaurant),
  ]);

  // Every available product is listed (uncategorised ones included), so the flavours a multi-flavour
  // pizza references are always in the payload; references to unavailable or foreign products are dropped.
  const availableIds = new Set(rows.map((p) => p.id));
  const categoryIds = new Set(cats.map((c) => c.id));
  // A shop (commerce segment) shows no pizza choices, even for products saved before it changed segment.
  const productsOut: MenuProduct[] = rows.map((p) =>
    normalizePizzaFlags(
      {
        ...p,
        flavorPricing: p.flavorPricing === 'highest' ? 'highest' : 'average',
        categoryId: p.categoryId && categoryIds.has(p.categoryId) ? p.categoryId : null,
        pizzaFlavors: flavourChoiceIds(
          { id: p.id, pizzaFlavors: parseList<unknown>(p.pizzaFlavors).map(String) },
          rows,
        ).filter((id) => availableIds.has(id) && id !== p.id),
        variations: cleanOptions(p.variations),
        addons: cleanAddons(p.addons),
        colors: cleanOptions(p.colors),
      },
      restaurant.businessSegment,
    ),
  );

  const zoneOffset = menuZone(restaurant.timezone, now);
  const menu: PublicMenu = {
    restaurant,
    categories: cats,
    products: productsOut,
    hours: hoursRows,
    openNow: isOpenAt(hoursRows, now, zoneOffset),
    zoneOffset,
    reviews: reviewBlock.reviews,
  };
  return { menu, complete: reviewBlock.complete };
}

/** The review page's restaurant header: identity and brand only. */
export async function getPublicRestaurantById(ctx: PublicCtx, id: string) {
  const r = await restaurantById(ctx.db, id);
  return {
    restaurant: {
      id: r.id,
      name: r.name,
      slug: r.slug,
      logoUrl: r.logoUrl,
      bannerUrl: r.bannerUrl,
      primaryColor: r.primaryColor,
      secondaryColor: r.secondaryColor,
      buttonColor: r.buttonColor,
      showReviewsOnMenu: r.showReviewsOnMenu,
    },
  };
}
