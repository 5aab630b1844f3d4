import { randomBytes } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { paymentTransactions } from '@meucardapio/db/schema';
import { DEMO_SLUG } from '@meucardapio/db/seed/demo';
import { providerHandle } from '@meucardapio/domain/hosted-checkout';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentProvider, VerifyResult } from './payments';
import { paymentCallbackPath } from './payments';

/** Our own checkout page (the default provider); relative so it works on whatever host the shop is served. */
export const SIMULATOR_CHECKOUT_PATH = '/api/payments/simulator/checkout';
export const SIMULATOR_PROVIDER = 'simulator';
const CHOICE_KIND = 'simulator_choice';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SimulatorChoice = {
  restaurantId: string;
  orderId: string;
  approved: boolean;
  captureMethod: string;
  /** What the simulated buyer pays: the order's total as stored on the server. */
  amount: number;
};

export type SimulatorCallback = {
  transactionNsu: string;
  slug: string;
  receiptUrl: string | null;
  captureMethod: string;
};

/**
 * Records the tester's approve/decline choice the way the provider would record a transaction, and
 * returns the parameters the provider appends to the redirect.
 */
export async function recordSimulatorChoice(db: Db, choice: SimulatorChoice): Promise<SimulatorCallback> {
  const transactionNsu = `SIM-${randomBytes(6).toString('hex').toUpperCase()}`;
  const slug = `sim-${randomBytes(5).toString('hex')}`;
  const receiptUrl = choice.approved ? `/api/payments/simulator/receipt/${transactionNsu}` : null;
  await db.insert(paymentTransactions).values({
    restaurantId: choice.restaurantId,
    orderId: choice.orderId,
    provider: SIMULATOR_PROVIDER,
    status: choice.approved ? 'approved' : 'declined',
    transactionId: transactionNsu,
    response: {
      kind: CHOICE_KIND,
      slug,
      receipt_url: receiptUrl,
      capture_method: choice.captureMethod,
      amount: choice.amount,
    },
  });
  return { transactionNsu, slug, receiptUrl, captureMethod: choice.captureMethod };
}

/** Printed at every start with the simulator on: it approves whatever the tester clicks. */
export const SIMULATOR_WARNING =
  'ATENÇÃO: simulador de pagamento ativo (PAYMENTS=simulator). Pedidos com cartão/PIX são aprovados sem cobrança real. Nunca use em produção: configure PAYMENTS=infinitepay.';

/**
 * The demo's payment provider: links to our simulator page; verification answers from the recorded
 * choice, so a forged callback (unknown transaction or slug) is never "paid".
 */
/**
 * Our checkout page. `demoOnly` (the quick start's default) keeps it to the demo restaurant: a real
 * restaurant signed up on a plain `npm start` must not let its customers approve their own card orders.
 */
export function simulatorProvider(db: Db, options: { demoOnly: boolean }): PaymentProvider {
  const offersCheckoutTo = (slug: string) => !options.demoOnly || slug.toLowerCase() === DEMO_SLUG;
  return {
    name: 'simulator',
    offersCheckoutTo,
    checkoutUrl(order, restaurant, items, customer) {
      if (!offersCheckoutTo(restaurant.slug)) throw new Error('the simulator serves the demo restaurant only');
      const handle = providerHandle(restaurant);
      if (!handle) throw new Error('payment handle missing');
      if (items.length === 0 || order.total <= 0) throw new Error('nothing to charge');
      const params = new URLSearchParams();
      params.set('handle', handle);
      params.set(
        'items',
        JSON.stringify(items.map((i) => ({ name: i.name, price: Math.round(i.unitPrice), quantity: i.quantity }))),
      );
      params.set('order_nsu', order.id);
      params.set('redirect_url', paymentCallbackPath(order.id));
      params.set('customer_name', customer.name);
      if (customer.email) params.set('customer_email', customer.email);
      return `${SIMULATOR_CHECKOUT_PATH}?${params.toString()}`;
    },
    async verify(input): Promise<VerifyResult> {
      if (!UUID_RE.test(input.externalOrderNsu)) return { success: false, paid: false };
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.orderId, input.externalOrderNsu),
            eq(paymentTransactions.provider, SIMULATOR_PROVIDER),
            eq(paymentTransactions.transactionId, input.transactionNsu),
            sql`${paymentTransactions.response}->>'kind' = ${CHOICE_KIND}`,
            sql`${paymentTransactions.response}->>'slug' = ${input.slug}`,
          ),
        )
        .orderBy(desc(paymentTransactions.createdAt))
        .limit(1);
      if (!row) return { success: false, paid: false };
      const amount = typeof row.response.amount === 'number' ? row.response.amount : null;
      return {
        success: true,
        paid: row.status === 'approved',
        paidAmount: amount,
        amount,
        currency: 'BRL',
        raw: { status: row.status, amount },
      };
    },
  };
}
