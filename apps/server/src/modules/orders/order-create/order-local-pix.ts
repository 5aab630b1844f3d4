import type { Tx } from '@meucardapio/db/client';
import { orders, type restaurants } from '@meucardapio/db/schema';
import { orderPixTxid } from '@meucardapio/domain/order-pix';
import { pixBrCode, pixSettingsOf } from '@meucardapio/domain/pix';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';

/**
 * The order's static BR Code, built here from the restaurant's PIX key for the exact total with the txid
 * PEDIDO{number}, and kept on the order so the customer can see it again until staff confirm the
 * payment (decision 025). Without a code the customer could not pay, so the order is rolled back.
 */
export async function attachLocalPix(
  tx: Tx,
  paymentData: Record<string, unknown>,
  { restaurant, order }: { restaurant: typeof restaurants.$inferSelect; order: typeof orders.$inferSelect },
) {
  const settings = pixSettingsOf(restaurant);
  const txid = orderPixTxid(order.number);
  const brCode = settings ? pixBrCode(settings, order.total, txid) : null;
  if (!brCode)
    throw new AppError(
      409,
      'pix_unavailable',
      'PIX indisponível',
      'Não foi possível gerar o QR Code PIX deste pedido. Escolha outra forma de pagamento.',
    );
  const [withPix] = await tx
    .update(orders)
    .set({ paymentData: { ...paymentData, local_pix: true, pix_br_code: brCode, pix_txid: txid } })
    .where(tenant(orders, restaurant.id, eq(orders.id, order.id)))
    .returning();
  return { order: withPix, checkoutUrl: null };
}
