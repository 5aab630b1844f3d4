/*
 * Uploaded photos are stored in a few widths. The URL kept in a product, logo or banner names the
 * widths it has — `/api/files/<id>?widths=320,640,1280` — so a page can offer them in `srcset` without
 * asking anything; `/api/files/<id>?w=640` answers one of them (the largest is the file itself).
 */

/** Widths kept of an uploaded photo, never wider than the photo itself. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

const VARIANT_URL = /^\/api\/files\/([0-9a-f-]{36})\?widths=(\d{1,5}(?:,\d{1,5}){0,7})$/i;

/**
 * An image address a logo, banner or product may keep: an absolute http(s) URL, or one of our own
 * uploads (`/api/files/<id>`, with or without the widths it is kept in).
 */
export function isImageUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url) || /^\/api\/files\/[\w-]+$/.test(url) || VARIANT_URL.test(url);
}

/** The widths to keep of a photo `width` pixels wide: the standard ones below it, then its own (at most the largest). */
export function variantWidths(width: number): number[] {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const top = Math.min(Math.max(1, Math.round(width)), largest);
  return [...IMAGE_WIDTHS.filter((w) => w < top), top];
}

/** The URL to store for an uploaded file `id` kept in `widths` (ascending; the last is the file itself). */
export function variantUrl(id: string, widths: readonly number[]): string {
  return `/api/files/${id}?widths=${widths.join(',')}`;
}

/**
 * `srcset` for a stored image URL, or undefined when the URL has no widths (an external link, an SVG,
 * a file uploaded before widths were kept).
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const m = VARIANT_URL.exec(url ?? '');
  if (!m) return undefined;
  const widths = m[2].split(',').map(Number);
  const largest = widths[widths.length - 1];
  return widths.map((w) => `/api/files/${m[1]}${w === largest ? '' : `?w=${w}`} ${w}w`).join(', ');
}
