import { orderPixTxid } from '@meucardapio/domain/order-pix';
import { pixBrCode, pixSettingsOf } from '@meucardapio/domain/pix';
import { AppError } from '../../../http/errors';
import type { RestaurantRow } from '../../../tenancy/restaurant-lookup';

/**
 * The order's static BR Code, built from the restaurant's PIX key for the exact total with the txid
 * PEDIDO{number}, and kept on the order so the customer can see it again until staff confirm the
 * payment (decision 025). Without a code the customer could not pay, so the order is not placed.
 */
export function localPixData(restaurant: RestaurantRow, order: { number: number; total: number }) {
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
  return { local_pix: true, pix_br_code: brCode, pix_txid: txid };
}
