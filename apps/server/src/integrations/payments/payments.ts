/**
 * Card / PIX hosted checkout (ARCHITECTURE §5): the real provider (InfinitePay), our own simulator, or
 * none (PAYMENTS=disabled). Amounts are integer centavos; the provider wants centavos too.
 */

export type CheckoutOrder = { id: string; number: number; total: number };
export type CheckoutRestaurant = { name: string; slug: string; appClientReferrer: string | null };
export type CheckoutItem = { name: string; unitPrice: number; quantity: number };
export type CheckoutCustomer = {
  name: string;
  email?: string | null;
  phone?: string | null;
  cep?: string | null;
  number?: string | null;
  complement?: string | null;
};

export type VerifyInput = {
  /** The restaurant's provider handle (its app_client_referrer; never guessed from the slug). */
  handle: string;
  transactionNsu: string;
  /** Our order id, sent as order_nsu when the checkout was opened. */
  externalOrderNsu: string;
  /** The provider's own checkout slug, echoed back in the redirect. */
  slug: string;
};

/**
 * `success` says the provider answered; `paid` whether the payment went through; `paidAmount` what the
 * buyer paid and `amount` what the checkout charged (centavos), `currency` when the provider says it.
 */
export type VerifyResult = {
  success: boolean;
  paid: boolean;
  paidAmount?: number | null;
  amount?: number | null;
  currency?: string | null;
  raw?: unknown;
};

export interface PaymentProvider {
  readonly name: 'infinitepay' | 'simulator' | 'disabled';
  /**
   * Whether this restaurant's customers and cashiers may be sent to the hosted checkout; without it only
   * in-person payments and the restaurant's own PIX are offered.
   */
  offersCheckoutTo(restaurantSlug: string): boolean;
  /** The URL the customer is sent to; throws when no link can be produced. */
  checkoutUrl(
    order: CheckoutOrder,
    restaurant: CheckoutRestaurant,
    items: CheckoutItem[],
    customer: CheckoutCustomer,
  ): string;
  /** Asks the provider whether the transaction was paid; never trusts the redirect alone. */
  verify(input: VerifyInput): Promise<VerifyResult>;
}

/** Where the provider sends the customer back: our payment-return page, keyed by order id. */
export function paymentCallbackPath(orderId: string): string {
  return `/payment-callback?orderId=${encodeURIComponent(orderId)}`;
}

/** PAYMENTS=disabled: no hosted checkout at all; order creation refuses card/PIX before asking for a link. */
export const disabledPaymentProvider: PaymentProvider = {
  name: 'disabled',
  offersCheckoutTo: () => false,
  checkoutUrl() {
    throw new Error('online payments are disabled');
  },
  async verify() {
    throw new Error('online payments are disabled');
  },
};
