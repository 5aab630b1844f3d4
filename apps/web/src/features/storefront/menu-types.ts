import type { HoursRow } from '@meucardapio/domain/hours';

/** What GET /api/public/restaurants/:slug/menu answers (money in centavos). */
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
export type MenuOption = { id: string; name: string; priceModifier: number };
export type MenuAddon = { id: string; name: string; price: number; type?: string };

export type MenuProduct = {
  id: string;
  categoryId: string | null;
  name: string;
  description: string | null;
  price: number;
  imageUrl: string | null;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: number;
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
  show: boolean;
  googleRating: number;
  googleReviewsCount: number;
  googleMyBusinessUrl: string | null;
  average: number | null;
  count: number;
  latest: MenuReview[];
};

export type PublicMenu = {
  restaurant: MenuRestaurant;
  categories: MenuCategory[];
  products: MenuProduct[];
  hours: HoursRow[];
  openNow: boolean;
  reviews: MenuReviews;
};
