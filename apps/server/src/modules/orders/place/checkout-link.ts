import type { Deps } from '../../../http/context';
import { AppError } from '../../../http/errors';
import type { CheckoutCustomer, CheckoutItem } from '../../../integrations/payments/payments';
import type { RestaurantRow } from '../../../tenancy/restaurant-lookup';
import type { PricedLine } from './pricing';

export type HostedCharge = {
  order: { id: string; number: number; total: number; deliveryFee: number; discount: number };
  /** What the provider collects: the total, or a split sale's provider part. */
  amount: number;
  /** Line by line, or one line named `${label} #number` (a discount or a split has no line of its own). */
  itemized: boolean;
  label: string;
  lines: readonly PricedLine[];
  contact: CheckoutCustomer;
  /** Query parameters the provider must bring back to our return page (the PDV's popup). */
  returnParams?: Record<string, string>;
};

/** Items as the hosted checkout shows them; their sum must be what is charged. */
function checkoutItems(charge: HostedCharge): CheckoutItem[] {
  const { order, lines } = charge;
  // The provider has no discount line: with a coupon the order is charged as one item of the real total.
  if (!charge.itemized || order.discount > 0 || charge.amount !== order.total)
    return [{ name: `${charge.label} #${order.number}`, unitPrice: charge.amount, quantity: 1 }];
  const items: CheckoutItem[] = lines.map((l) => ({
    name: l.product.name,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
  }));
  if (order.deliveryFee > 0) items.push({ name: 'Taxa de entrega', unitPrice: order.deliveryFee, quantity: 1 });
  return items;
}

/** The return URL inside the checkout link gains `params` (kept relative when it was). */
function withReturnParams(url: string, params: Record<string, string>): string {
  const base = 'http://return.invalid';
  const u = new URL(url, base);
  const redirect = u.searchParams.get('redirect_url');
  if (redirect) {
    const r = new URL(redirect, base);
    for (const [k, v] of Object.entries(params)) r.searchParams.set(k, v);
    u.searchParams.set('redirect_url', r.origin === base ? `${r.pathname}${r.search}` : r.toString());
  }
  return u.origin === base ? `${u.pathname}${u.search}` : u.toString();
}

/** The provider's hosted-checkout link, or null when it could not be produced (logged). */
export function hostedCheckoutLink(deps: Deps, restaurant: RestaurantRow, charge: HostedCharge): string | null {
  const { order, contact } = charge;
  try {
    const url = deps.integrations.payments.checkoutUrl(
      { id: order.id, number: order.number, total: charge.amount },
      { name: restaurant.name, slug: restaurant.slug, appClientReferrer: restaurant.appClientReferrer },
      checkoutItems(charge),
      contact,
    );
    if (!url) return null;
    return charge.returnParams ? withReturnParams(url, charge.returnParams) : url;
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'payment link could not be produced');
    return null;
  }
}

/** No link, no storefront order: the customer could never pay it, so the order is not kept. */
export const paymentLinkFailed = () =>
  new AppError(
    502,
    'payment_link_failed',
    'Erro ao processar pedido',
    'Não foi possível gerar o link de pagamento. Tente novamente.',
  );
