/**
 * Pure helpers of the public menu (no React, no I/O), unit-tested in menu-logic.test.ts.
 */

import {
  closedNotice,
  closedToastDescription,
  DEFAULT_TIMEZONE,
  type HoursRow,
  isOpenAt,
  type Zone,
} from '@meucardapio/domain/hours';
import { groupThousands } from '@meucardapio/domain/money';
import { productKind } from '@meucardapio/domain/pricing';

import type { MenuCategory, MenuProduct } from './menu-types';

export {
  buildCartLine,
  directImageUrl,
  lineSummary,
  newLineId,
  type ProductSelection,
  proposedLines,
} from '@/lib/menu-choice';

/** Lower-case, accent-free text for searching ('Açaí' matches 'acai'). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export const ALL_CATEGORIES = 'all';
export const REVIEWS_TAB = 'reviews';

/** Products of the chosen category (or all) whose name or description contains every word searched. */
export function filterProducts(products: readonly MenuProduct[], category: string, search: string): MenuProduct[] {
  const words = normalizeText(search).split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    if (category !== ALL_CATEGORIES && p.categoryId !== category) return false;
    if (words.length === 0) return true;
    const haystack = normalizeText(`${p.name} ${p.description ?? ''}`);
    return words.every((w) => haystack.includes(w));
  });
}

export type ProductSection = { id: string; title: string | null; products: MenuProduct[] };

/**
 * 'Todos' shows the products in sections following the category order; products of no category come
 * last under 'Outros'. A single category is one untitled section.
 */
export function sectionsFor(
  categories: readonly MenuCategory[],
  products: readonly MenuProduct[],
  category: string,
): ProductSection[] {
  if (category !== ALL_CATEGORIES)
    return products.length ? [{ id: category, title: null, products: [...products] }] : [];
  const sections: ProductSection[] = [];
  for (const c of categories) {
    const items = products.filter((p) => p.categoryId === c.id);
    if (items.length) sections.push({ id: c.id, title: c.name, products: items });
  }
  const known = new Set(categories.map((c) => c.id));
  const rest = products.filter((p) => !p.categoryId || !known.has(p.categoryId));
  if (rest.length) sections.push({ id: 'outros', title: sections.length ? 'Outros' : null, products: rest });
  return sections;
}

/**
 * Whether 'Adicionar' in the list opens the product dialog: a size or a colour must be chosen, or
 * flavours picked; everything else goes straight into the cart.
 */
export function opensDialog(p: Pick<MenuProduct, 'variations' | 'colors' | 'isPizza' | 'allowsMultipleFlavors'>) {
  return p.variations.length > 0 || p.colors.length > 0 || productKind(p) === 'multi_flavor_pizza';
}

/**
 * The readable text colour on a background: near-black on light colours, white on dark ones
 * (WCAG relative luminance). Unknown formats get white, which suits the usual brand reds.
 */
export function readableForeground(hex: string | null | undefined): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((hex ?? '').trim());
  if (!m) return '#ffffff';
  const full = m[1].length === 3 ? [...m[1]].map((ch) => ch + ch).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white vs with #111: pick whichever is higher.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}

/** A CSS colour we accept from the restaurant's settings ('#rgb' / '#rrggbb'), else the fallback. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test((value ?? '').trim()) ? (value as string).trim() : fallback;
}

/** A positive table number from '?table=', else null. */
export function parseTableNumber(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,4}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** '4,3' — averages and ratings with one decimal and a comma. */
export function formatRating(value: number): string {
  // By hand: toLocaleString builds a number formatter on every call, in the menu's first render.
  return (Math.round(value * 10) / 10).toFixed(1).replace('.', ',');
}

/** '2.069 avaliações' / '1 avaliação'. */
export function reviewsCountLabel(count: number): string {
  return `${groupThousands(count)} ${count === 1 ? 'avaliação' : 'avaliações'}`;
}

export type OpenStatus = {
  isOpen: boolean;
  /** The closed notice under the header, null while open. */
  notice: string | null;
  /** Description of the 'Restaurante fechado' toast. */
  toastDescription: string;
};

/**
 * Open/closed at `now` with the domain's hours rules in the restaurant's timezone. A timezone the
 * browser does not know falls back to São Paulo rather than breaking the page.
 */
export function openStatus(hours: readonly HoursRow[], zone: Zone, now: Date): OpenStatus {
  let tz: Zone = zone || DEFAULT_TIMEZONE;
  let isOpen: boolean;
  try {
    isOpen = isOpenAt(hours, now, tz);
  } catch {
    tz = DEFAULT_TIMEZONE;
    isOpen = isOpenAt(hours, now, tz);
  }
  return {
    isOpen,
    notice: isOpen ? null : closedNotice(hours, now, tz),
    toastDescription: closedToastDescription(hours, now, tz),
  };
}
