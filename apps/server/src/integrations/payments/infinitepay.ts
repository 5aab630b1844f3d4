import { providerHandle } from '@meucardapio/domain/hosted-checkout';
import { toE164BR } from '@meucardapio/domain/phone';
import type { PaymentProvider, VerifyResult } from './payments';
import { paymentCallbackPath } from './payments';

export type InfinitePayOptions = {
  publicUrl: string;
  checkoutBase?: string;
  apiBase?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const CHECKOUT_BASE = 'https://checkout.infinitepay.io';
const API_BASE = 'https://api.infinitepay.io/invoices/public/checkout/payment_check';

/**
 * The real provider (PAYMENTS=infinitepay): a redirect to its hosted checkout with the
 * query parameters of spec 1 §7, and a verification GET before anything is marked paid.
 */
export function infinitePayProvider(options: InfinitePayOptions): PaymentProvider {
  const checkoutBase = (options.checkoutBase ?? CHECKOUT_BASE).replace(/\/$/, '');
  const apiBase = (options.apiBase ?? API_BASE).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  return {
    name: 'infinitepay',
    offersCheckoutTo: () => true,
    checkoutUrl(order, restaurant, items, customer) {
      const handle = providerHandle(restaurant);
      if (!handle) throw new Error('payment handle missing');
      if (items.length === 0 || order.total <= 0) throw new Error('nothing to charge');
      const params = new URLSearchParams();
      params.set(
        'items',
        JSON.stringify(items.map((i) => ({ name: i.name, price: Math.round(i.unitPrice), quantity: i.quantity }))),
      );
      params.set('order_nsu', order.id);
      params.set('redirect_url', `${publicUrl}${paymentCallbackPath(order.id)}`);
      params.set('customer_name', customer.name);
      if (customer.email) params.set('customer_email', customer.email);
      const phone = customer.phone ? toE164BR(customer.phone) : null;
      if (phone) params.set('customer_cellphone', phone);
      if (customer.cep) params.set('address_cep', customer.cep.replace(/\D/g, ''));
      if (customer.number) params.set('address_number', customer.number);
      if (customer.complement) params.set('address_complement', customer.complement);
      return `${checkoutBase}/${encodeURIComponent(handle)}?${params.toString()}`;
    },
    async verify(input): Promise<VerifyResult> {
      const q = new URLSearchParams({
        handle: input.handle,
        transaction_nsu: input.transactionNsu,
        external_order_nsu: input.externalOrderNsu,
        slug: input.slug,
      });
      const res = await doFetch(`${apiBase}/${encodeURIComponent(input.handle)}?${q.toString()}`, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`payment check answered ${res.status}`);
      const body = (await res.json()) as {
        success?: unknown;
        paid?: unknown;
        paid_amount?: unknown;
        amount?: unknown;
        currency?: unknown;
      };
      const centavos = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      return {
        success: body.success === true,
        paid: body.paid === true,
        paidAmount: centavos(body.paid_amount),
        amount: centavos(body.amount),
        currency: typeof body.currency === 'string' ? body.currency : null,
        raw: body,
      };
    },
  };
}
