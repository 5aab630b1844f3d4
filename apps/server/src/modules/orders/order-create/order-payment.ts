import type { Tx } from '@meucardapio/db/client';
import type { orders, restaurants } from '@meucardapio/db/schema';
import type { OrderProposal } from '@meucardapio/domain/checkout';
import { maxInstallmentsFor } from '@meucardapio/domain/installments';
import { MSG } from '@meucardapio/domain/messages';
import { cashChange, providerHandle } from '@meucardapio/domain/payment';
import type { Deps } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { type CheckoutPaymentMethod, checkoutPaymentMethodsFor } from '../checkout.service';
import { attachCheckoutLink, type CheckoutLinkInput } from './order-checkout-link';
import { attachLocalPix } from './order-local-pix';

type Restaurant = typeof restaurants.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * How the order's money is collected: on delivery or at the counter (cash, card machine), through the
 * provider's hosted checkout, or by PIX to the restaurant's own key (confirmed by staff) before the
 * kitchen sees it. A new way to pay is a new member here, a branch in `choosePayment` that checks it can
 * be offered, and a case in `startPayment`.
 */
export type PaymentCollection = 'on_delivery' | 'hosted_checkout' | 'local_pix';

export type PaymentPlan = {
  method: CheckoutPaymentMethod;
  collection: PaymentCollection;
  /** 'pending' while the order waits to be paid before it counts; null when paid on delivery. */
  paymentStatus: 'pending' | null;
  paymentData: Record<string, unknown>;
  installments: number | null;
};

/** Card/PIX ordered while the server runs with PAYMENTS=disabled. */
export const onlinePaymentUnavailable = () =>
  new AppError(
    409,
    'online_payment_unavailable',
    'Pagamento online indisponível',
    'No momento não é possível pagar com cartão ou PIX pelo site. Escolha outra forma de pagamento.',
  );

/** Step "payment": one of the methods the restaurant offers, checked against the order's total. */
export async function choosePayment(
  tx: Tx,
  deps: Deps,
  restaurant: Restaurant,
  input: Pick<OrderProposal, 'paymentMethod' | 'cashReceived' | 'installments'>,
  total: number,
): Promise<PaymentPlan> {
  const methods = await checkoutPaymentMethodsFor(tx, restaurant);
  const method = methods.find((m) => m.id === input.paymentMethod);
  if (!method)
    throw badRequest(
      MSG.selectPaymentMethod,
      'Escolha uma das formas de pagamento oferecidas.',
      'payment_method_required',
    );
  const collection: PaymentCollection = method.localPix
    ? 'local_pix'
    : method.online
      ? 'hosted_checkout'
      : 'on_delivery';
  if (collection === 'hosted_checkout') assertHostedCheckoutReady(deps, restaurant);

  const paymentData: Record<string, unknown> = { method_id: method.id };
  if (method.requiresChange || (method.type === 'cash' && input.cashReceived != null)) {
    const change = cashChange(total, input.cashReceived);
    if (!change.ok) throw new AppError(400, change.code, change.title, change.description ?? '');
    paymentData.paid_amount = input.cashReceived;
    paymentData.change_amount = change.change;
  }
  const installments = installmentsFor(method, total, input.installments);
  if (collection !== 'on_delivery' && total <= 0)
    throw badRequest(
      'Erro ao processar pedido',
      'Pedidos sem valor não podem ser pagos com cartão ou PIX.',
      'zero_total',
    );
  return {
    method,
    collection,
    paymentStatus: collection === 'on_delivery' ? null : 'pending',
    paymentData,
    installments,
  };
}

function assertHostedCheckoutReady(deps: Deps, restaurant: Restaurant) {
  if (deps.integrations.payments.name === 'disabled') throw onlinePaymentUnavailable();
  if (!providerHandle(restaurant))
    throw new AppError(409, 'checkout_not_configured', MSG.checkoutNotConfigured, MSG.checkoutNotConfiguredCustomer);
}

/** Card methods may split up to what the method and the total allow; every other method pays at once. */
function installmentsFor(method: CheckoutPaymentMethod, total: number, wanted: number | null | undefined) {
  if (method.online) {
    const max = method.maxInstallments > 1 ? maxInstallmentsFor(total, method.maxInstallments) : 1;
    const installments = wanted ?? 1;
    if (installments > max)
      throw badRequest('Parcelamento inválido', `Escolha entre 1 e ${max} parcela(s).`, 'invalid_installments');
    return installments;
  }
  if (wanted && wanted > 1)
    throw badRequest(
      'Parcelamento inválido',
      'Esta forma de pagamento não aceita parcelamento.',
      'invalid_installments',
    );
  return null;
}

/**
 * Step "checkout link", once the order exists: whatever the chosen collection needs to start (the
 * hosted checkout's link). Answers the order as stored afterwards and the URL to send the customer to.
 */
export async function startPayment(
  tx: Tx,
  deps: Deps,
  plan: PaymentPlan,
  link: CheckoutLinkInput,
): Promise<{ order: OrderRow; checkoutUrl: string | null }> {
  switch (plan.collection) {
    case 'on_delivery':
      return { order: link.order, checkoutUrl: null };
    case 'hosted_checkout':
      return attachCheckoutLink(tx, deps, plan.paymentData, link);
    case 'local_pix':
      return attachLocalPix(tx, plan.paymentData, link);
  }
}
