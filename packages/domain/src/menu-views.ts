import type { FlavorPricing } from './pricing';
/**
 * Shapes of the public answers about a restaurant (money in centavos): the menu and the review link's
 * order summary, shared by the server that builds them and the storefront that reads them. Types only.
 */

import type { HoursRow, ZoneOffset } from './hours';

/** The restaurant fields anyone may read. */
export type MenuRestaurant = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  buttonColor: string;
  timezone: string;
  businessSegment: 'restaurant' | 'commerce';
  showReviewsOnMenu: boolean;
  googleRating: number | null;
  googleReviewsCount: number | null;
  googleMyBusinessUrl: string | null;
};

export type MenuCategory = { id: string; name: string; sortOrder: number };
/** A size or colour; a size priced per size carries its own `price`. */
export type MenuOption = { id: string; name: string; priceModifier: number; price?: number };
export type MenuAddon = { id: string; name: string; price: number; type?: string };

/** The product fields the menu, the product dialog and the cart need (no cost price, no fiscal data). */
export type MenuProduct = {
  id: string;
  categoryId: string | null;
  name: string;
  description: string | null;
  price: number;
  /** The owner's former price, shown struck through; null when none was set. */
  compareAtPrice: number | null;
  imageUrl: string | null;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: number;
  flavorPricing: FlavorPricing;
  /** Ids of the flavour products a multi-flavour pizza offers (only available ones). */
  pizzaFlavors: string[];
  variations: MenuOption[];
  addons: MenuAddon[];
  colors: MenuOption[];
  controleEstoque: boolean;
  estoque: number;
  envioCorreios: boolean;
};

export type MenuReview = {
  id: string;
  rating: number;
  customerName: string;
  comment: string | null;
  createdAt: string;
};

export type MenuReviews = {
  /** The restaurant's show_reviews_on_menu flag; when false no review is sent. */
  show: boolean;
  /** The owner's Google rating and review count, both or neither (null: no Google block). */
  googleRating: number | null;
  googleReviewsCount: number | null;
  googleMyBusinessUrl: string | null;
  /** Average rating of all approved reviews, one decimal; null when there are none. */
  average: number | null;
  /** Number of approved reviews. */
  count: number;
  /** The newest approved reviews (at most 5). */
  latest: MenuReview[];
};

/** GET /api/public/restaurants/:slug/menu */
export type PublicMenu = {
  restaurant: MenuRestaurant;
  categories: MenuCategory[];
  products: MenuProduct[];
  hours: HoursRow[];
  /** By the server's clock in the restaurant's timezone, at answer time; the browser asks again every minute. */
  openNow: boolean;
  /** The restaurant's timezone (the default one if its own is unknown) with its offset for today and tomorrow. */
  zoneOffset: ZoneOffset;
  reviews: MenuReviews;
};

/** GET /api/public/restaurants/by-id/:restaurantId/orders/:orderId/review: what the review link shows. */
export type ReviewOrderSummary = {
  id: string;
  number: number;
  status: string;
  createdAt: string;
  total: number;
  items: { id: string; name: string; quantity: number; totalPrice: number }[];
  /** Delivered and not reviewed yet. */
  reviewable: boolean;
  reviewed: boolean;
};
