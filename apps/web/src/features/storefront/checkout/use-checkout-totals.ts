import type { CheckoutOptions, CheckoutPaymentMethod, ShippingOption } from '@meucardapio/domain/checkout';
import { type DeliveryArea, deliveryCharge } from '@meucardapio/domain/delivery';
import { installmentOptions } from '@meucardapio/domain/installments';
import { parseBRLInput } from '@meucardapio/domain/money';
import { cashChange } from '@meucardapio/domain/payment';
import { orderTotal } from '@meucardapio/domain/pricing';
import { useMemo } from 'react';

export type AppliedCoupon = { code: string; discount: number };

/**
 * The checkout's figures, with the same rules the server applies (it recomputes them all): the
 * delivery charge (`deliveryCharge`: the neighbourhood fee for the restaurant's own items, the freight
 * for shipped ones, a refusal outside the area), the discount, the total, the change for cash and the
 * instalments of an online method.
 */
export function useCheckoutTotals({
  subtotal,
  delivering,
  local,
  shipped,
  options,
  area: where,
  shippingOption,
  coupon,
  method,
  cashInput,
}: {
  subtotal: number;
  /** Delivered (not picked up nor served at a table). */
  delivering: boolean;
  /** The cart has items the restaurant delivers itself. */
  local: boolean;
  /** The cart has items sent by carrier. */
  shipped: boolean;
  options: CheckoutOptions | undefined;
  area: DeliveryArea;
  shippingOption: ShippingOption | null;
  coupon: AppliedCoupon | null;
  method: CheckoutPaymentMethod | undefined;
  cashInput: string;
}) {
  const { state, city, neighborhood } = where;
  // The server's own rule: an address outside the area is refused, never delivered for free.
  const charge = useMemo(() => {
    if (!options) return null;
    return deliveryCharge({
      deliveryType: delivering ? 'delivery' : 'pickup',
      localItems: local,
      shippingOption: shipped ? shippingOption : null,
      area: { state, city, neighborhood },
      config: { states: options.states.map((s) => ({ ...s, active: true })), neighborhoods: options.neighborhoods },
    });
  }, [delivering, local, shipped, shippingOption, options, state, city, neighborhood]);

  const freight = charge?.ok ? (charge.freight ?? 0) : 0;
  const localFee = charge?.ok ? charge.localFee : 0;
  const deliveryFee = freight + localFee;
  const discount = Math.min(coupon?.discount ?? 0, subtotal);
  const total = orderTotal({ subtotal, deliveryFee, discount });
  const cashReceived = cashInput ? parseBRLInput(cashInput) : null;
  // No change is promised before the fee is known: it would be counted on the wrong total.
  const change = method?.requiresChange && cashReceived !== null && charge?.ok ? cashChange(total, cashReceived) : null;
  const installmentChoices =
    method?.online && method.maxInstallments > 1 ? installmentOptions(total, method.maxInstallments) : [];

  return {
    charge,
    subtotal,
    freight,
    localFee,
    deliveryFee,
    discount,
    total,
    cashReceived,
    change,
    installmentChoices,
  };
}

export type CheckoutTotals = ReturnType<typeof useCheckoutTotals>;
