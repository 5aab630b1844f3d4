import type { DbOrTx } from '@meucardapio/db/client';
import { customers, paymentMethods } from '@meucardapio/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { Deps, ServiceCtx } from '../../../http/context';
import { tenant } from '../../../http/tenant';
import type { CheckoutCustomer } from '../../../integrations/payments/payments';
import { CHANNELS, type OrderChannel } from './channels';
import { hostedCheckoutLink, paymentLinkFailed } from './checkout-link';
import { localPixData } from './local-pix';
import type { PricedOrder } from './place-order';

/**
 * The restaurant's active payment methods, ordered by name: what a door offers. A door reads them
 * before the transaction, beside its other reads, and plans the payment with them.
 */
export function activePaymentMethods(db: DbOrTx, restaurantId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(tenant(paymentMethods, restaurantId, eq(paymentMethods.active, true)))
    .orderBy(asc(paymentMethods.name));
}

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * How the order's money is collected, as its door planned it: on delivery or at the counter (cash,
 * card machine), a part or all through the provider's hosted checkout, or by PIX to the restaurant's
 * own key (confirmed by staff) before the kitchen sees it. A new way to pay is one more field here and
 * its start in `startPayment`.
 */
export type PaymentPlan = {
  /** What `orders.payment_method` shows ("Dinheiro", "PIX + Crédito"). */
  label: string;
  /**
   * 'pending' while the order waits to be paid before it counts; 'approved' when it was paid before it
   * reached us (online, in an ordering app); null when paid on delivery or at the counter.
   */
  paymentStatus: 'pending' | 'approved' | null;
  paymentData: Record<string, unknown>;
  installments: number | null;
  /** The part the provider's hosted checkout collects. */
  hosted: {
    amount: number;
    itemized: boolean;
    /** Without it a link that cannot be made refuses the order; with it the order is kept and this warning answered. */
    failureWarning?: string;
    returnParams?: Record<string, string>;
  } | null;
  /** Paid by PIX to the restaurant's own key, its BR Code made once the order has its number (decision 025). */
  localPix: boolean;
};

export type StartedPayment = Omit<PaymentPlan, 'hosted' | 'localPix'> & {
  checkoutUrl: string | null;
  warning: string | null;
};

/** Who pays, for a hosted checkout: the customer's saved address fills what the order does not say. Read before the lock. */
export async function paymentContact(
  ctx: ServiceCtx,
  plan: PaymentPlan,
  customer: { id: string | null; name: string; phone: string | null; email: string | null },
): Promise<CheckoutCustomer> {
  const contact = { name: customer.name, email: customer.email, phone: customer.phone };
  if (!plan.hosted || !customer.id) return contact;
  const [profile] = await ctx.db
    .select({ cep: customers.cep, number: customers.number, complement: customers.complement })
    .from(customers)
    .where(tenant(customers, ctx.restaurantId, eq(customers.id, customer.id)))
    .limit(1);
  return { ...contact, ...profile };
}

/**
 * Step "payment start", once the order has its id and number and before its row is written: the
 * hosted checkout's link, or the local PIX code, go in the order's payment data.
 */
export function startPayment(
  deps: Deps,
  plan: PaymentPlan,
  order: { id: string; number: number; channel: OrderChannel; priced: PricedOrder; contact: CheckoutCustomer },
): StartedPayment {
  const { hosted, localPix, ...kept } = plan;
  const { priced } = order;
  const facts = {
    id: order.id,
    number: order.number,
    total: priced.total,
    deliveryFee: priced.delivery.deliveryFee,
    discount: priced.coupon.discount,
  };
  let paymentData = { ...plan.paymentData };
  let checkoutUrl: string | null = null;
  let warning: string | null = null;
  if (hosted) {
    const address = priced.delivery.address;
    checkoutUrl = hostedCheckoutLink(deps, priced.restaurant, {
      order: facts,
      amount: hosted.amount,
      itemized: hosted.itemized,
      label: CHANNELS[order.channel].label,
      lines: priced.lines,
      contact: {
        ...order.contact,
        cep: address.cep ?? order.contact.cep,
        number: address.addressNumber ?? order.contact.number,
        complement: address.complement ?? order.contact.complement,
      },
      returnParams: hosted.returnParams,
    });
    if (!checkoutUrl && hosted.failureWarning === undefined) throw paymentLinkFailed();
    if (checkoutUrl) {
      paymentData = {
        ...paymentData,
        infinitepay_checkout: checkoutUrl,
        provider: deps.integrations.payments.name,
        // The provider charges only its part of a split sale: verification compares against it.
        ...(hosted.amount !== priced.total ? { provider_amount: hosted.amount } : {}),
      };
    } else {
      warning = hosted.failureWarning ?? null;
    }
  }
  if (localPix) paymentData = { ...paymentData, ...localPixData(priced.restaurant, facts) };
  return { ...kept, paymentData, checkoutUrl, warning };
}
