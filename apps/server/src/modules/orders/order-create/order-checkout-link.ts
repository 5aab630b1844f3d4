import type { Tx } from '@meucardapio/db/client';
import { customers, orders, type restaurants } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import type { CustomerActor, Deps } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import type { CheckoutItem } from '../../../integrations/payments/payments';
import type { PricedLine } from './order-pricing';

export type CheckoutLinkInput = {
  restaurant: typeof restaurants.$inferSelect;
  order: typeof orders.$inferSelect;
  lines: readonly PricedLine[];
  customer: Pick<CustomerActor, 'id' | 'email'> & { name: string; phone: string };
};

/** Items as the hosted checkout shows them; their sum must be what is charged. */
function checkoutItems(order: CheckoutLinkInput['order'], lines: readonly PricedLine[]): CheckoutItem[] {
  const { deliveryFee: fee, discount, total, number } = order;
  // The provider has no discount line: with a coupon the order is charged as one item of the real total.
  if (discount > 0) return [{ name: `Pedido #${number}`, unitPrice: total, quantity: 1 }];
  const items: CheckoutItem[] = lines.map((l) => ({
    name: l.product.name,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
  }));
  if (fee > 0) items.push({ name: 'Taxa de entrega', unitPrice: fee, quantity: 1 });
  return items;
}

/**
 * The provider's hosted-checkout link, kept in the order's payment data. No link, no order: the
 * customer could never pay it (spec 1 §4: the order is deleted), so a failure rolls the order back.
 */
export async function attachCheckoutLink(
  tx: Tx,
  deps: Deps,
  paymentData: Record<string, unknown>,
  { restaurant, order, lines, customer }: CheckoutLinkInput,
) {
  const [profile] = await tx
    .select()
    .from(customers)
    .where(tenant(customers, restaurant.id, eq(customers.id, customer.id)))
    .limit(1);
  let checkoutUrl: string | null;
  try {
    checkoutUrl = deps.integrations.payments.checkoutUrl(
      { id: order.id, number: order.number, total: order.total },
      { name: restaurant.name, slug: restaurant.slug, appClientReferrer: restaurant.appClientReferrer },
      checkoutItems(order, lines),
      {
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        cep: order.cep ?? profile?.cep,
        number: order.addressNumber ?? profile?.number,
        complement: order.complement ?? profile?.complement,
      },
    );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'payment link could not be produced');
    checkoutUrl = null;
  }
  if (!checkoutUrl)
    throw new AppError(
      502,
      'payment_link_failed',
      'Erro ao processar pedido',
      'Não foi possível gerar o link de pagamento. Tente novamente.',
    );
  const withLink = { ...paymentData, infinitepay_checkout: checkoutUrl, provider: deps.integrations.payments.name };
  const [updated] = await tx
    .update(orders)
    .set({ paymentData: withLink })
    .where(tenant(orders, restaurant.id, eq(orders.id, order.id)))
    .returning();
  return { order: updated, checkoutUrl };
}
