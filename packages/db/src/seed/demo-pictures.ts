import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { variantUrl, variantWidths } from '@meucardapio/domain/image-variants';
import { variantId } from '../image-files';
import type { ProductSeed } from './demo-menu';

/*
 * The demo's pictures are kept as an owner's uploads are: WebP in the standard widths, so its menu
 * loads, decodes and paints as a real restaurant's does. They are drawn once from Fluent Emoji by
 * scripts/build-demo-pictures.ts into demo-pictures/, not at every seed.
 */

/** Each picture's name and the width it is drawn at (the largest it is kept in). */
export const DEMO_PICTURES = {
  logo: { name: 'logo', width: 256 },
  banner: { name: 'banner', width: 1280 },
  product: (p: Pick<ProductSeed, 'category' | 'icon' | 'accent'>) => ({
    name: [p.category, p.icon, p.accent].filter(Boolean).join('-'),
    width: 640,
  }),
};

export type DemoPicture = { name: string; width: number };

/** Where the pictures are kept in the repository, each width of each one a file. */
export const DEMO_PICTURES_DIR = new URL('./demo-pictures/', import.meta.url);

export const demoPictureFile = (name: string, width: number) => new URL(`${name}-${width}.webp`, DEMO_PICTURES_DIR);

/**
 * The `files` rows of every width of a demo picture for the restaurant, and the URL a logo, banner or
 * product keeps; the caller inserts the rows of all its pictures at once.
 */
export function demoPictureFiles(restaurantId: string, picture: DemoPicture) {
  const id = randomUUID();
  const widths = variantWidths(picture.width);
  const largest = widths[widths.length - 1];
  const rows = widths.map((width) => {
    const data = readFileSync(demoPictureFile(picture.name, width));
    return {
      id: width === largest ? id : variantId(id, width),
      restaurantId,
      contentType: 'image/webp',
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    };
  });
  return { url: variantUrl(id, widths), rows };
}
