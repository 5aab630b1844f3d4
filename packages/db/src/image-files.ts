import { createHash } from 'node:crypto';

/**
 * The id under which width `width` of image file `id` is kept: derived, so a URL naming the widths
 * (`/api/files/<id>?widths=…`) needs no lookup table to find each one.
 */
export function variantId(id: string, width: number): string {
  const h = createHash('sha256').update(`${id}:${width}`).digest('hex');
  // Shaped as a version-4 UUID, the files table's id type.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
