import { createHash } from 'node:crypto';
import { variantUrl, variantWidths } from '@meucardapio/domain/image-variants';
import sharp from 'sharp';
import { badRequest } from '../../http/errors';
import type { FileStorage } from '../../integrations/storage/storage';

/** Photos worth resizing; GIFs may be animated and are kept as sent. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
const WEBP_QUALITY = 78;

/** The id under which width `width` of file `id` is kept: derived, so the URL needs no lookup table. */
export function variantId(id: string, width: number): string {
  const h = createHash('sha256').update(`${id}:${width}`).digest('hex');
  // Shaped as a version-4 UUID, the files table's id type.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function resize(data: Buffer) {
  try {
    const { width, height, orientation } = await sharp(data).metadata();
    // Orientations 5–8 turn the photo a quarter: its upright width is the stored height.
    const uprightWidth = (orientation ?? 1) >= 5 ? height : width;
    const widths = variantWidths(uprightWidth ?? 1);
    const encoded = await Promise.all(
      widths.map((w) =>
        sharp(data).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      ),
    );
    return { widths, encoded };
  } catch {
    // The right first bytes, but a body no decoder can read (truncated, corrupt).
    throw badRequest('Imagem inválida', 'Não foi possível ler a imagem. Envie outro arquivo.', 'invalid_image');
  }
}

/**
 * Stores an uploaded image and answers the URL to keep. A photo is never kept as sent: it is turned
 * upright (EXIF orientation), resized to at most the largest standard width and re-encoded as WebP,
 * and its smaller widths are kept beside it (see packages/domain/src/image-variants.ts), so a phone
 * downloads a few dozen kilobytes instead of the camera's megabytes.
 */
export async function storeImage(
  storage: FileStorage,
  input: { restaurantId: string; contentType: string; data: Buffer },
): Promise<string> {
  if (!RESIZABLE.has(input.contentType)) return (await storage.put(input)).url;
  const { widths, encoded } = await resize(input.data);
  const largest = widths.length - 1;
  const main = await storage.put({
    restaurantId: input.restaurantId,
    contentType: 'image/webp',
    data: encoded[largest],
  });
  for (let i = 0; i < largest; i++) {
    await storage.put({
      restaurantId: input.restaurantId,
      contentType: 'image/webp',
      data: encoded[i],
      id: variantId(main.id, widths[i]),
    });
  }
  return variantUrl(main.id, widths);
}
