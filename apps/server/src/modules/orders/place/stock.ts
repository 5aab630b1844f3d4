import { ONLINE_CUSTOMER_NAME } from '@meucardapio/domain/stock';
import { type SaleStockStep, saleStockSteps } from '../../catalog/stock.service';
import { CHANNELS, type OrderChannel } from './channels';
import type { PricedLine } from './pricing';

/**
 * Step "stock": conditional decrements (no oversell), one step per stock-controlled product; any
 * failure rolls the whole order back. A sale recorded as sold (made offline) already left the shop:
 * its stock is taken even below zero. A test order takes none.
 */
export function orderStockSteps(
  order: { id: string; restaurantId: string; number: number },
  lines: readonly PricedLine[],
  request: { channel: OrderChannel; placedBy: { name: string } },
): SaleStockStep[] {
  if (CHANNELS[request.channel].test) return [];
  return saleStockSteps(
    order.restaurantId,
    lines.flatMap((l) =>
      l.product.id
        ? [{ productId: l.product.id, quantity: l.quantity, controleEstoque: l.product.controleEstoque }]
        : [],
    ),
    {
      orderId: order.id,
      employeeName: request.placedBy.name || ONLINE_CUSTOMER_NAME,
      note: CHANNELS[request.channel].stockNote(order.number),
    },
    { mayGoNegative: CHANNELS[request.channel].asSold },
  );
}
