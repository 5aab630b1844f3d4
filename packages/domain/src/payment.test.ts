import { describe, expect, it } from 'vitest';
import {
  cashChange,
  checkoutPaymentMethods,
  checkPaymentsCover,
  clampDiscount,
  DEFAULT_PAYMENT_METHODS,
  discountPercentLabel,
  FALLBACK_PAYMENT_METHODS,
  isCardProviderMethod,
  onePixChoice,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  type PaymentMethodLike,
  paymentGroupLabel,
  paymentTypeOf,
  posPaymentMethods,
  remainingToPay,
  validateSplitPayment,
  validateWithdrawal,
} from './payment';

describe('payment types', () => {
  it('has credit_card, debit_card, pix and cash', () => {
    expect(PAYMENT_TYPES).toEqual(['credit_card', 'debit_card', 'pix', 'cash']);
    expect(PAYMENT_TYPE_LABELS.cash).toBe('Dinheiro');
  });
});

describe('cashChange', () => {
  it('gives received − total', () => {
    expect(cashChange(4350, 5000)).toEqual({ ok: true, change: 650 });
    expect(cashChange(4350, 4350)).toEqual({ ok: true, change: 0 });
  });
  it('refuses less than the total, with the amount in the text', () => {
    expect(cashChange(4350, 4000)).toEqual({
      ok: false,
      code: 'insufficient_amount',
      title: 'Valor insuficiente',
      description: 'O valor recebido deve ser pelo menos R$ 43,50.',
    });
  });
  it('refuses zero, negative or missing amounts even for a free order', () => {
    expect(cashChange(0, 0)).toMatchObject({ ok: false, title: 'Valor insuficiente' });
    expect(cashChange(100, -5)).toMatchObject({ ok: false });
    expect(cashChange(100, null)).toMatchObject({ ok: false });
    expect(cashChange(100, Number.NaN)).toMatchObject({ ok: false });
  });
});

describe('payment methods', () => {
  it('falls back to card, debit, pix through the provider and cash', () => {
    expect(FALLBACK_PAYMENT_METHODS.map((m) => m.type)).toEqual(['credit_card', 'debit_card', 'pix', 'cash']);
    expect(FALLBACK_PAYMENT_METHODS.filter(isCardProviderMethod).map((m) => m.type)).toEqual([
      'credit_card',
      'debit_card',
      'pix',
    ]);
    expect(FALLBACK_PAYMENT_METHODS.find((m) => m.type === 'cash')?.requiresChange).toBe(true);
  });

  it('uses the configured active methods, or the fallback when there is none', () => {
    const configured = [
      { id: '1', name: 'Dinheiro', active: true },
      { id: '2', name: 'Vale', active: false },
    ];
    expect(checkoutPaymentMethods(configured).map((m) => m.id)).toEqual(['1']);
    expect(checkoutPaymentMethods([{ id: '2', name: 'Vale', active: false }])).toBe(FALLBACK_PAYMENT_METHODS);
    expect(checkoutPaymentMethods([])).toBe(FALLBACK_PAYMENT_METHODS);
  });

  it('offers one PIX choice: the local QR in place of every other PIX method when a key is set', () => {
    type Method = { id: string; name: string; type?: 'pix' };
    const rows: Method[] = DEFAULT_PAYMENT_METHODS.map((m) => ({ id: m.name, name: m.name }));
    const local: Method = { id: 'pix_qr', name: 'PIX (QR Code)', type: 'pix' };
    expect(onePixChoice(rows, local).map((m) => m.name)).toEqual([
      'Dinheiro',
      'PIX (QR Code)',
      'Cartão de Débito',
      'Cartão de Crédito',
    ]);
    expect(
      onePixChoice<PaymentMethodLike>(FALLBACK_PAYMENT_METHODS, local).filter((m) => paymentTypeOf(m.name) === 'pix'),
    ).toEqual([local]);
    expect(onePixChoice<Method>([{ id: 'cash', name: 'Dinheiro' }], local).map((m) => m.name)).toEqual([
      'Dinheiro',
      'PIX (QR Code)',
    ]);
    expect(onePixChoice(rows, null)).toEqual(rows);
  });

  it('lists the "Criar Padrões" defaults', () => {
    expect(DEFAULT_PAYMENT_METHODS.map((m) => m.name)).toEqual([
      'Dinheiro',
      'PIX',
      'Cartão de Débito',
      'Cartão de Crédito',
    ]);
    expect(DEFAULT_PAYMENT_METHODS.filter((m) => m.requiresChange).map((m) => m.name)).toEqual(['Dinheiro']);
  });

  it('knows which methods go through the card provider', () => {
    expect(isCardProviderMethod({ infinitepayEnabled: true })).toBe(true);
    expect(isCardProviderMethod({ infinitepayEnabled: false })).toBe(false);
    expect(isCardProviderMethod({})).toBe(false);
  });

  it('offers provider methods at the POS only when they are pix', () => {
    const methods = [
      { id: '1', name: 'Cartão Crédito Online', infinitepayEnabled: true },
      { id: '2', name: 'PIX', infinitepayEnabled: true },
      { id: '3', name: 'Dinheiro' },
      { id: '4', name: 'Débito (maquininha)', infinitepayEnabled: false },
      { id: '5', name: 'Pix antigo', active: false },
    ];
    expect(posPaymentMethods(methods).map((m) => m.id)).toEqual(['2', '3', '4']);
  });
});

describe('paymentTypeOf / paymentGroupLabel', () => {
  it('infers the type from a free-text name', () => {
    expect(paymentTypeOf('PIX')).toBe('pix');
    expect(paymentTypeOf('Cartão de Débito')).toBe('debit_card');
    expect(paymentTypeOf('cartao de credito')).toBe('credit_card');
    expect(paymentTypeOf('Cartão')).toBe('credit_card');
    expect(paymentTypeOf('Dinheiro')).toBe('cash');
    expect(paymentTypeOf('cash')).toBe('cash');
    expect(paymentTypeOf('Vale-refeição')).toBeNull();
    expect(paymentTypeOf(null)).toBeNull();
  });
  it('groups for reports', () => {
    expect(paymentGroupLabel('pix')).toBe('PIX');
    expect(paymentGroupLabel('Cartão de Crédito')).toBe('Crédito');
    expect(paymentGroupLabel('Débito')).toBe('Débito');
    expect(paymentGroupLabel('dinheiro')).toBe('Dinheiro');
    expect(paymentGroupLabel('')).toBe('Não informado');
    expect(paymentGroupLabel(null)).toBe('Não informado');
    expect(paymentGroupLabel(' Vale ')).toBe('Vale');
  });
});

describe('POS discount', () => {
  it('keeps the discount between 0 and the subtotal', () => {
    expect(clampDiscount(500, 2000)).toBe(500);
    expect(clampDiscount(5000, 2000)).toBe(2000);
    expect(clampDiscount(-100, 2000)).toBe(0);
    expect(clampDiscount(Number.NaN, 2000)).toBe(0);
  });
  it('shows the percent with one decimal', () => {
    expect(discountPercentLabel(250, 2000)).toBe('12,5%');
    expect(discountPercentLabel(0, 2000)).toBe('0,0%');
    expect(discountPercentLabel(100, 0)).toBe('0,0%');
    expect(discountPercentLabel(1000, 3000)).toBe('33,3%');
  });
});

describe('POS split payments', () => {
  it('computes what remains', () => {
    expect(remainingToPay(10000, [{ amount: 3000 }, { amount: 2000 }])).toBe(5000);
    expect(remainingToPay(10000, [{ amount: 12000 }])).toBe(0);
  });

  it('validates one payment', () => {
    expect(validateSplitPayment({ methodId: null, amount: 100, remaining: 500 })).toMatchObject({
      title: 'Selecione um método de pagamento',
    });
    expect(validateSplitPayment({ methodId: 'm', amount: 0, remaining: 500 })).toMatchObject({
      title: 'Valor deve ser maior que zero',
    });
    expect(validateSplitPayment({ methodId: 'm', amount: null, remaining: 500 })).toMatchObject({
      title: 'Valor deve ser maior que zero',
    });
    expect(validateSplitPayment({ methodId: 'm', amount: 600, remaining: 500 })).toMatchObject({
      title: 'Valor não pode ser maior que o restante',
    });
    expect(validateSplitPayment({ methodId: 'm', amount: 500, remaining: 500 })).toEqual({ ok: true, change: 0 });
  });

  it('needs enough cash received and gives the change', () => {
    expect(
      validateSplitPayment({ methodId: 'm', amount: 500, remaining: 500, requiresChange: true, received: 400 }),
    ).toMatchObject({
      title: 'Valor recebido insuficiente',
    });
    expect(validateSplitPayment({ methodId: 'm', amount: 500, remaining: 500, requiresChange: true })).toMatchObject({
      ok: false,
    });
    expect(
      validateSplitPayment({ methodId: 'm', amount: 500, remaining: 500, requiresChange: true, received: 1000 }),
    ).toEqual({
      ok: true,
      change: 500,
    });
  });

  it('confirms only with at least one payment covering the total', () => {
    expect(checkPaymentsCover(1000, [])).toMatchObject({ title: 'Adicione pelo menos um método de pagamento' });
    expect(checkPaymentsCover(1000, [{ amount: 999 }])).toMatchObject({
      title: 'Valor total não foi coberto pelos pagamentos',
    });
    expect(checkPaymentsCover(1000, [{ amount: 400 }, { amount: 600 }])).toEqual({ ok: true });
  });
});

describe('validateWithdrawal', () => {
  it('requires amount and reason', () => {
    expect(validateWithdrawal({ amount: null, reason: 'Troco' })).toMatchObject({ title: 'Campos obrigatórios' });
    expect(validateWithdrawal({ amount: 1000, reason: '  ' })).toMatchObject({ title: 'Campos obrigatórios' });
  });
  it('requires an amount above zero', () => {
    expect(validateWithdrawal({ amount: 0, reason: 'Troco' })).toMatchObject({ title: 'Valor inválido' });
    expect(validateWithdrawal({ amount: -10, reason: 'Troco' })).toMatchObject({ title: 'Valor inválido' });
  });
  it('accepts a valid withdrawal', () => {
    expect(validateWithdrawal({ amount: 5000, reason: 'Pagamento fornecedor' })).toEqual({ ok: true });
  });
});
