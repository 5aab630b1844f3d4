import type { Tx } from '@meucardapio/db/client';
import { ONLINE_CUSTOMER_NAME } from '@meucardapio/domain/stock';
import { takeSaleStock } from '../../catalog/stock.service';
import type { PricedLine } from './order-pricing';

/** Step "stock": conditional decrements (no oversell); any failure rolls the whole order back. */
export async function takeOrderStock(
  tx: Tx,
  restaurantId: string,
  order: { id: string; number: number },
  lines: readonly PricedLine[],
  customerName: string,
) {
  await takeSaleStock(
    tx,
    restaurantId,
    lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, controleEstoque: l.product.controleEstoque })),
    { orderId: order.id, employeeName: customerName || ONLINE_CUSTOMER_NAME, note: `Pedido online #${order.number}` },
  );
}
