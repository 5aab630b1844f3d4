import { randomUUID } from 'node:crypto';
import { variantId } from '@meucardapio/db/image-files';
import { variantUrl, variantWidths } from '@meucardapio/domain/image-variants';
import sharp from 'sharp';
import { badRequest } from '../../http/errors';
import type { NewFile } from './file-store';

const WEBP_QUALITY = 78;
/** Animations are logos and banners, not photos to zoom into: kept at most this wide. */
const ANIMATED_MAX_WIDTH = 640;
/** Frames decoded at most: a GIF of thousands of tiny frames is cut, not refused. */
const MAX_FRAMES = 150;
/** Pixels decoded over all kept frames (~160 MB of RGBA): what one upload may cost in memory. */
const MAX_ANIMATION_PIXELS = 40_000_000;

const invalidImage = () =>
  badRequest('Imagem inválida', 'Não foi possível ler a imagem. Envie outro arquivo.', 'invalid_image');

/** How to decode the image: its upright width and, for an animation, how many of its frames to keep. */
async function plan(data: Buffer) {
  const {
    width = 1,
    height = 1,
    orientation,
    pages = 1,
    pageHeight,
  } = await sharp(data, { animated: true })
    .metadata()
    .catch(() => {
      throw invalidImage();
    });
  if (pages <= 1) {
    // Orientations 5–8 turn the photo a quarter: its upright width is the stored height.
    return { frames: 1, width: (orientation ?? 1) >= 5 ? height : width };
  }
  const framePixels = width * (pageHeight ?? height / pages);
  const frames = Math.max(1, Math.min(pages, MAX_FRAMES, Math.floor(MAX_ANIMATION_PIXELS / framePixels)));
  return { frames, width: Math.min(width, ANIMATED_MAX_WIDTH) };
}

function encode(data: Buffer, frames: number, width: number) {
  const image = frames > 1 ? sharp(data, { pages: frames }) : sharp(data).rotate();
  return image
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: frames > 1 ? 2 : 4 })
    .toBuffer();
}

/**
 * An uploaded image as it is kept, never as sent: turned upright (EXIF orientation), resized to at most
 * the largest standard width and re-encoded as WebP, with its smaller widths beside it (see
 * packages/domain/src/image-variants.ts), so a phone downloads a few dozen kilobytes instead of the
 * camera's megabytes. An animated GIF or WebP stays animated, at most 640 px wide and with its frames
 * capped, so a 5 MB GIF becomes a fraction of that.
 */
export async function imageVariants(data: Buffer): Promise<{ url: string; files: NewFile[] }> {
  const { frames, width } = await plan(data);
  const widths = variantWidths(width);
  const encoded = await Promise.all(widths.map((w) => encode(data, frames, w))).catch(() => {
    // The right first bytes, but a body no decoder can read (truncated, corrupt, too many pixels).
    throw invalidImage();
  });
  const id = randomUUID();
  const largest = widths.length - 1;
  const files = widths.map((w, i) => ({
    id: i === largest ? id : variantId(id, w),
    contentType: 'image/webp',
    data: encoded[i],
  }));
  return { url: variantUrl(id, widths), files };
}
