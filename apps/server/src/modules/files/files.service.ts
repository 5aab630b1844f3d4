import type { DbOrTx } from '@meucardapio/db/client';
import { variantId } from '@meucardapio/db/image-files';
import { IMAGE_WIDTHS } from '@meucardapio/domain/image-variants';
import { type PermissionKey, ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import type { Deps, StaffCtx } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { consume } from '../../http/rate-limit';
import { keepFiles, openFile } from './file-store';
import { imageVariants } from './image-variants';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Who uploads images: product managers (product photos) and settings managers (logo, banner). */
export const UPLOAD_PERMISSIONS: PermissionKey[] = [...ROUTE_PERMISSIONS.products, 'manage_settings'];

export const tooLarge = () => new AppError(413, 'file_too_large', 'Arquivo muito grande', 'Envie imagens de até 5 MB.');
export const fileRequired = () => badRequest('Arquivo obrigatório', 'Escolha uma imagem para enviar.', 'file_required');
const notImage = () =>
  badRequest('Formato não suportado', 'Envie uma imagem PNG, JPEG, WebP ou GIF.', 'unsupported_file_type');

/**
 * The image type from the file's first bytes, not from the name or the declared type, so a script
 * renamed to .png is refused. SVG is refused too: it can carry scripts.
 */
export function sniffImageType(data: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    data[8] === 0x57 &&
    data[9] === 0x45 &&
    data[10] === 0x42 &&
    data[11] === 0x50
  ) {
    return 'image/webp';
  }
  return null;
}

const HOUR = 60 * 60 * 1000;

/**
 * Keeps an uploaded image of this restaurant (its resized variants too) and answers the URL to store in
 * a product, logo or banner. Only PNG, JPEG, WebP or GIF of at most 5 MB, judged by the bytes; each
 * restaurant uploads at most UPLOADS_PER_HOUR images an hour and keeps at most FILE_QUOTA_MB.
 */
export async function uploadImage(ctx: StaffCtx, data: Uint8Array): Promise<{ url: string }> {
  if (data.length === 0) throw fileRequired();
  if (data.length > MAX_UPLOAD_BYTES) throw tooLarge();
  if (!sniffImageType(data)) throw notImage();
  await consume(
    ctx.db,
    `upload:restaurant:${ctx.restaurantId}`,
    { max: ctx.deps.config.UPLOADS_PER_HOUR, windowMs: HOUR },
    'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  );
  const { url, files } = await imageVariants(Buffer.from(data));
  await keepFiles(ctx, files);
  return { url };
}

/**
 * A file to download: `width` of it when the image was kept in that width (see image-variants.ts),
 * else the file itself.
 */
export async function downloadFile(ctx: { db: DbOrTx; deps: Deps }, id: string, width: number) {
  const variant = IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])
    ? await openFile(ctx, variantId(id, width))
    : null;
  return variant ?? openFile(ctx, id);
}
