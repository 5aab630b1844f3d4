import { describe, expect, it } from 'vitest';
import {
  checkoutRefs,
  isCheckoutOrder,
  isOnlineCheckoutOrder,
  judgeProviderPayment,
  PAYMENT_RETURN_DETAIL_NAMES,
  paymentReturnDetails,
  providerAmountDue,
  providerHandle,
} from './hosted-checkout';

describe('providerHandle', () => {
  it("is the restaurant's app_client_referrer, trimmed", () => {
    expect(providerHandle({ appClientReferrer: ' pizzariademo ' })).toBe('pizzariademo');
  });
  it('is null while not configured: never the slug or the name', () => {
    expect(providerHandle({ appClientReferrer: '  ' })).toBeNull();
    expect(providerHandle({ appClientReferrer: null })).toBeNull();
    expect(providerHandle({})).toBeNull();
  });
});

describe('isOnlineCheckoutOrder', () => {
  it('is true only for orders placed with a hosted-checkout link', () => {
    const link = { infinitepay_checkout: 'https://checkout.example/x' };
    expect(isOnlineCheckoutOrder({ deliveryType: 'delivery', paymentData: link })).toBe(true);
    expect(isOnlineCheckoutOrder({ deliveryType: 'pickup', paymentData: { infinitepay_checkout: true } })).toBe(true);
    expect(isOnlineCheckoutOrder({ deliveryType: 'delivery', paymentData: { method_id: 'cash' } })).toBe(false);
    expect(isOnlineCheckoutOrder({ deliveryType: 'delivery', paymentData: { infinitepay_checkout: '' } })).toBe(false);
    expect(isOnlineCheckoutOrder({ deliveryType: 'delivery', paymentData: null })).toBe(false);
    // A PDV sale is online only when the server produced a real checkout link for it.
    expect(isOnlineCheckoutOrder({ deliveryType: 'pdv', paymentData: link })).toBe(true);
    expect(isOnlineCheckoutOrder({ deliveryType: 'pdv', paymentData: { infinitepay_checkout: true } })).toBe(false);
    expect(isOnlineCheckoutOrder({ deliveryType: 'pdv', paymentData: { pix_br_code: '000201…' } })).toBe(false);
  });
});

describe('providerAmountDue', () => {
  it('is the order total, or the provider part of a split PDV sale', () => {
    expect(providerAmountDue({ deliveryType: 'delivery', total: 6500, paymentData: { provider_amount: 100 } })).toBe(
      6500,
    );
    expect(providerAmountDue({ deliveryType: 'pdv', total: 6500, paymentData: { provider_amount: 2500 } })).toBe(2500);
    expect(providerAmountDue({ deliveryType: 'pdv', total: 6500, paymentData: null })).toBe(6500);
    // Nonsense parts never lower what must be paid below something real.
    for (const bad of [0, -5, 9000, 12.5, '2500'])
      expect(providerAmountDue({ deliveryType: 'pdv', total: 6500, paymentData: { provider_amount: bad } })).toBe(6500);
  });
});

describe('judgeProviderPayment', () => {
  const order = { total: 6500, online: true };
  const paid = { success: true, paid: true };

  it('no answer is pending, not paid is failed, a covered amount is approved', () => {
    expect(judgeProviderPayment(order, null)).toEqual({ status: 'pending' });
    expect(judgeProviderPayment(order, { success: false, paid: true, paidAmount: 6500 })).toEqual({
      status: 'pending',
    });
    expect(judgeProviderPayment(order, { success: true, paid: false })).toEqual({ status: 'failed' });
    expect(judgeProviderPayment(order, { ...paid, paidAmount: 6500 })).toEqual({ status: 'approved' });
    // Installment interest makes the paid amount larger than the order's.
    expect(judgeProviderPayment(order, { ...paid, amount: 6500, paidAmount: 6890, currency: 'brl' })).toEqual({
      status: 'approved',
    });
  });

  it('rejects a paid amount below the total, with the amounts in the warning', () => {
    const v = judgeProviderPayment(order, { ...paid, paidAmount: 1 });
    expect(v).toMatchObject({ status: 'rejected', reason: 'amount' });
    expect(v.status === 'rejected' && v.warning).toBe(
      'Valor pago (R$ 0,01) menor que o total do pedido (R$ 65,00). O pedido não foi marcado como pago: confira com a operadora antes de preparar.',
    );
    // A checkout amount below the total is rejected even when interest lifted the paid amount above it.
    expect(judgeProviderPayment(order, { ...paid, amount: 6000, paidAmount: 6600 })).toMatchObject({
      status: 'rejected',
      reason: 'amount',
    });
    expect(judgeProviderPayment(order, paid)).toMatchObject({ status: 'rejected', reason: 'amount' });
  });

  it('rejects another currency and orders not created for an online payment', () => {
    expect(judgeProviderPayment(order, { ...paid, paidAmount: 6500, currency: 'USD' })).toMatchObject({
      status: 'rejected',
      reason: 'currency',
    });
    expect(judgeProviderPayment({ total: 6500, online: false }, { ...paid, paidAmount: 6500 })).toMatchObject({
      status: 'rejected',
      reason: 'not_online',
    });
    // Not paid stays "failed" whatever the order is.
    expect(judgeProviderPayment({ total: 6500, online: false }, { success: true, paid: false })).toEqual({
      status: 'failed',
    });
  });
});

describe('checkout orders', () => {
  const order = (o: Partial<Parameters<typeof isCheckoutOrder>[0]>) => ({
    paymentMethod: 'PIX',
    paymentStatus: null,
    paymentData: {},
    deliveryType: 'delivery',
    ...o,
  });

  it('reads the transaction and slug a checkout left, whatever their field names', () => {
    expect(checkoutRefs({ transaction_nsu: ' TX-1 ', slug: 'chk' })).toEqual({ transactionNsu: 'TX-1', slug: 'chk' });
    expect(checkoutRefs({ transactionId: 'TX-2', checkout_slug: 'c2' })).toEqual({
      transactionNsu: 'TX-2',
      slug: 'c2',
    });
    expect(checkoutRefs({ transaction_nsu: '  ' })).toEqual({ transactionNsu: null, slug: null });
  });

  it('is a card/PIX order with a payment status, a checkout link or a transaction', () => {
    expect(isCheckoutOrder(order({ paymentStatus: 'pending' }))).toBe(true);
    expect(isCheckoutOrder(order({ paymentData: { infinitepay_checkout: true } }))).toBe(true);
    expect(isCheckoutOrder(order({ paymentData: { transaction_id: 'TX' } }))).toBe(true);
    expect(isCheckoutOrder(order({}))).toBe(false);
  });

  it('is never a cash order, a PDV sale or a local PIX order', () => {
    expect(isCheckoutOrder(order({ paymentMethod: 'Dinheiro', paymentStatus: 'pending' }))).toBe(false);
    expect(isCheckoutOrder(order({ deliveryType: 'pdv', paymentStatus: 'pending' }))).toBe(false);
    expect(isCheckoutOrder(order({ paymentStatus: 'pending', paymentData: { local_pix: true } }))).toBe(false);
  });
});

describe('paymentReturnDetails', () => {
  it('keeps the seven return details the provider sends, trimmed', () => {
    expect(
      paymentReturnDetails({
        aut: ' A1B2C3 ',
        card_brand: 'MASTERCARD',
        user_id: 'u_123',
        access_id: 'acc-9',
        handle: '$loja-do-ze',
        merchant_document: '12.345.678/0001-99',
        test: 'false',
        transaction_nsu: 'not a detail',
      }),
    ).toEqual({
      aut: 'A1B2C3',
      card_brand: 'MASTERCARD',
      user_id: 'u_123',
      access_id: 'acc-9',
      handle: '$loja-do-ze',
      merchant_document: '12.345.678/0001-99',
      test: 'false',
    });
    expect(PAYMENT_RETURN_DETAIL_NAMES).toHaveLength(7);
  });

  it('drops values that are too long, of another shape or not text', () => {
    expect(
      paymentReturnDetails({
        aut: 'A'.repeat(41),
        card_brand: '<script>',
        user_id: 42,
        merchant_document: '123',
        test: 'sim',
        handle: '',
      }),
    ).toEqual({});
    expect(paymentReturnDetails(null)).toEqual({});
  });
});
