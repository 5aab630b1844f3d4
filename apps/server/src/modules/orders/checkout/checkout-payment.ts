import type { DbOrTx } from '@meucardapio/db/client';
import type { CheckoutPaymentMethod, OrderProposal } from '@meucardapio/domain/checkout';
import { providerHandle } from '@meucardapio/domain/hosted-checkout';
import { maxInstallmentsFor } from '@meucardapio/domain/installments';
import { MSG } from '@meucardapio/domain/messages';
import { LOCAL_PIX_METHOD } from '@meucardapio/domain/order-pix';
import {
  cashChange,
  checkoutPaymentMethods,
  isCardProviderMethod,
  onePixChoice,
  type PaymentMethodLike,
  paymentTypeOf,
} from '@meucardapio/domain/payment';
import { pixSettingsOf } from '@meucardapio/domain/pix';
import type { Deps } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import type { RestaurantRow } from '../../../tenancy/restaurant-lookup';
import { activePaymentMethods, type PaymentPlan } from '../place/place-order';

/*
 * How a storefront order is paid: one of the methods the restaurant offers, on delivery, through the
 * provider's hosted checkout, or by PIX to the restaurant's own key.
 */

function toCheckoutMethod(m: PaymentMethodLike): CheckoutPaymentMethod {
  const type = m.type ?? paymentTypeOf(m.name);
  return {
    id: m.id,
    name: m.name,
    icon: m.icon ?? null,
    type,
    online: isCardProviderMethod(m),
    localPix: false,
    requiresChange: m.requiresChange === true,
    maxInstallments: isCardProviderMethod(m) ? Math.max(1, m.maxInstallments ?? 1) : 1,
  };
}

/** "PIX (QR Code)", offered while the restaurant has a complete PIX key (decision 025). */
const LOCAL_PIX_CHECKOUT_METHOD: CheckoutPaymentMethod = {
  ...LOCAL_PIX_METHOD,
  icon: 'pix',
  type: 'pix',
  online: false,
  localPix: true,
  requiresChange: false,
  maxInstallments: 1,
};

type PixRestaurant = Pick<RestaurantRow, 'id' | 'pixKey' | 'pixKeyType' | 'pixMerchantName' | 'pixMerchantCity'>;

/**
 * The active methods, or the spec's fallback list (card, debit, pix online; cash) when none; with the
 * restaurant's own PIX key, "PIX (QR Code)" is the one PIX choice among them.
 */
function offeredMethods(active: readonly PaymentMethodLike[], restaurant: PixRestaurant): CheckoutPaymentMethod[] {
  const methods = checkoutPaymentMethods([...active]).map(toCheckoutMethod);
  return onePixChoice(methods, pixSettingsOf(restaurant) ? LOCAL_PIX_CHECKOUT_METHOD : null);
}

/** What the checkout offers (`offeredMethods`), read. */
export async function checkoutPaymentMethodsFor(db: DbOrTx, restaurant: PixRestaurant) {
  return offeredMethods(await activePaymentMethods(db, restaurant.id), restaurant);
}

/** Card/PIX ordered while the server runs with PAYMENTS=disabled, or with the demo's simulator elsewhere. */
export const onlinePaymentUnavailable = () =>
  new AppError(
    409,
    'online_payment_unavailable',
    MSG.onlinePaymentsOff,
    'No momento não é possível pagar com cartão ou PIX pelo site. Escolha outra forma de pagamento.',
  );

/** The storefront's payment plan: one of the methods the restaurant offers, checked against the order's total. */
export function choosePayment(
  deps: Deps,
  restaurant: RestaurantRow,
  active: readonly PaymentMethodLike[],
  input: Pick<OrderProposal, 'paymentMethod' | 'cashReceived' | 'installments'>,
  total: number,
): PaymentPlan {
  const method = offeredMethods(active, restaurant).find((m) => m.id === input.paymentMethod);
  if (!method)
    throw badRequest(
      MSG.selectPaymentMethod,
      'Escolha uma das formas de pagamento oferecidas.',
      'payment_method_required',
    );
  if (method.online) assertHostedCheckoutReady(deps, restaurant);

  const paymentData: Record<string, unknown> = { method_id: method.id };
  if (method.requiresChange || (method.type === 'cash' && input.cashReceived != null)) {
    const change = cashChange(total, input.cashReceived);
    if (!change.ok) throw new AppError(400, change.code, change.title, change.description ?? '');
    paymentData.paid_amount = input.cashReceived;
    paymentData.change_amount = change.change;
  }
  const installments = installmentsFor(method, total, input.installments);
  const paidBeforehand = method.online || method.localPix;
  if (paidBeforehand && total <= 0)
    throw badRequest(
      'Erro ao processar pedido',
      'Pedidos sem valor não podem ser pagos com cartão ou PIX.',
      'zero_total',
    );
  return {
    label: method.name,
    paymentStatus: paidBeforehand ? 'pending' : null,
    paymentData,
    installments,
    hosted: method.online ? { amount: total, itemized: true } : null,
    localPix: method.localPix,
  };
}

function assertHostedCheckoutReady(deps: Deps, restaurant: RestaurantRow) {
  if (!deps.integrations.payments.offersCheckoutTo(restaurant.slug)) throw onlinePaymentUnavailable();
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
