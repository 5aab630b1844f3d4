import { describe, expect, it } from 'vitest';
import {
  addPayment,
  CASH_DENOMINATIONS,
  checkCartNotEmpty,
  checkCashMovement,
  checkCustomerCpf,
  checkOpeningAmount,
  checkSellable,
  checkWithdrawalAgainstDrawer,
  closeDifferences,
  closingBalance,
  countTotal,
  denominationLabel,
  expectedByGroup,
  findByCode,
  type PdvCartLine,
  type PdvPayment,
  paymentsSummary,
  pdvTotals,
  searchProducts,
  setLineQuantity,
  usesHostedCheckout,
  usesLocalPixQr,
  validatePayments,
} from './cashier';
import type { PaymentMethodLike } from './payment';

const products = [
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    name: 'Pão de Queijo',
    description: 'Mineiro',
    sku: 'PQ-01',
    codigoBarras: '7891234567895',
    categoryId: 'c1',
    controleEstoque: true,
    estoque: 3,
  },
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000002',
    name: 'Café Expresso',
    description: 'Grão arábica',
    sku: null,
    codigoBarras: null,
    categoryId: 'c2',
    controleEstoque: false,
    estoque: 0,
  },
];

const methods: PaymentMethodLike[] = [
  { id: 'cash', name: 'Dinheiro', requiresChange: true, maxInstallments: 1 },
  { id: 'pix', name: 'PIX', maxInstallments: 1 },
  { id: 'credit', name: 'Cartão de Crédito', maxInstallments: 3 },
];

describe('product lookup', () => {
  it('finds an exact sku, barcode or id, trimmed and case-insensitive', () => {
    expect(findByCode(products, ' pq-01 ')).toMatchObject({ ok: true, product: { name: 'Pão de Queijo' } });
    expect(findByCode(products, '7891234567895')).toMatchObject({ ok: true, product: { name: 'Pão de Queijo' } });
    expect(findByCode(products, products[1].id.toUpperCase())).toMatchObject({
      ok: true,
      product: { name: 'Café Expresso' },
    });
  });
  it('answers the spec text when nothing matches exactly', () => {
    expect(findByCode(products, '789123')).toEqual({
      ok: false,
      code: 'product_not_found',
      title: 'Produto não encontrado',
      description: 'Nenhum produto encontrado com o código: 789123',
    });
    expect(findByCode(products, '   ').ok).toBe(false);
  });
  it('text search matches name, description or id without accents, within a category', () => {
    expect(searchProducts(products, 'pao').map((p) => p.name)).toEqual(['Pão de Queijo']);
    expect(searchProducts(products, 'ARABICA').map((p) => p.name)).toEqual(['Café Expresso']);
    expect(searchProducts(products, '000000000002').map((p) => p.name)).toEqual(['Café Expresso']);
    expect(searchProducts(products, '', 'c1').map((p) => p.name)).toEqual(['Pão de Queijo']);
    expect(searchProducts(products, 'cafe', 'c1')).toEqual([]);
  });
  it('refuses a stock-controlled product at zero', () => {
    expect(checkSellable({ ...products[0], estoque: 0 })).toEqual({
      ok: false,
      code: 'out_of_stock',
      title: 'Produto sem estoque',
      description: 'Pão de Queijo não possui estoque disponível',
    });
    expect(checkSellable(products[0]).ok).toBe(true);
    expect(checkSellable({ ...products[1], estoque: -2 }).ok).toBe(true);
  });
});

describe('cart', () => {
  const lines: PdvCartLine[] = [
    { id: 'l1', productId: 'p1', name: 'Pão', price: 750, quantity: 2, total: 1500 },
    { id: 'l2', productId: 'p2', name: 'Café', price: 500, quantity: 1, total: 500 },
  ];
  it('a quantity of zero or less removes the line', () => {
    expect(setLineQuantity(lines, 'l1', 0).map((l) => l.id)).toEqual(['l2']);
    expect(setLineQuantity(lines, 'l2', -1).map((l) => l.id)).toEqual(['l1']);
    expect(setLineQuantity(lines, 'l2', 3).find((l) => l.id === 'l2')?.total).toBe(1500);
  });
  it('clamps the discount to 0..subtotal and shows the percent with one decimal', () => {
    expect(pdvTotals(lines, 250)).toEqual({ subtotal: 2000, discount: 250, total: 1750, discountPercent: '12,5%' });
    expect(pdvTotals(lines, 5000)).toMatchObject({ discount: 2000, total: 0, discountPercent: '100,0%' });
    expect(pdvTotals(lines, -10)).toMatchObject({ discount: 0, total: 2000, discountPercent: '0,0%' });
    expect(pdvTotals([], 100)).toEqual({ subtotal: 0, discount: 0, total: 0, discountPercent: '0,0%' });
  });
  it('an empty cart cannot be finalized or reserved', () => {
    expect(checkCartNotEmpty([])).toEqual({ ok: false, code: 'empty_cart', title: 'Carrinho vazio' });
    expect(checkCartNotEmpty(lines).ok).toBe(true);
  });
});

describe('payments list', () => {
  it('adds a cash payment with change', () => {
    const r = addPayment([], 2000, { methodId: 'cash', amount: 1000, received: 5000 }, methods);
    expect(r).toMatchObject({
      ok: true,
      payment: { methodName: 'Dinheiro', amount: 1000, received: 5000, change: 4000, installments: 1 },
    });
  });
  it('answers each spec text', () => {
    expect(addPayment([], 2000, { methodId: null, amount: 100 }, methods)).toMatchObject({
      title: 'Selecione um método de pagamento',
    });
    expect(addPayment([], 2000, { methodId: 'unknown', amount: 100 }, methods)).toMatchObject({
      title: 'Selecione um método de pagamento',
    });
    expect(addPayment([], 2000, { methodId: 'pix', amount: 0 }, methods)).toMatchObject({
      title: 'Valor deve ser maior que zero',
    });
    expect(addPayment([], 2000, { methodId: 'pix', amount: 2001 }, methods)).toMatchObject({
      title: 'Valor não pode ser maior que o restante',
    });
    expect(addPayment([], 2000, { methodId: 'cash', amount: 1000, received: 999 }, methods)).toMatchObject({
      title: 'Valor recebido insuficiente',
    });
    expect(addPayment([], 2000, { methodId: 'cash', amount: 1000 }, methods)).toMatchObject({
      title: 'Valor recebido insuficiente',
    });
  });
  it('the remaining shrinks with each payment', () => {
    const first = addPayment([], 2000, { methodId: 'pix', amount: 1500 }, methods);
    if (!first.ok) throw new Error('unexpected');
    expect(addPayment(first.payments, 2000, { methodId: 'pix', amount: 501 }, methods)).toMatchObject({
      code: 'amount_above_remaining',
    });
    expect(addPayment(first.payments, 2000, { methodId: 'pix', amount: 500 }, methods).ok).toBe(true);
  });
  it('installments are 1..max when max > 1, else only 1', () => {
    expect(addPayment([], 9000, { methodId: 'credit', amount: 9000, installments: 3 }, methods).ok).toBe(true);
    expect(addPayment([], 9000, { methodId: 'credit', amount: 9000, installments: 4 }, methods)).toMatchObject({
      title: 'Parcelamento inválido',
    });
    expect(addPayment([], 9000, { methodId: 'pix', amount: 9000, installments: 2 }, methods)).toMatchObject({
      code: 'invalid_installments',
    });
  });
  it('validates the whole list and requires the total to be covered', () => {
    expect(validatePayments(2000, [], methods)).toMatchObject({ title: 'Adicione pelo menos um método de pagamento' });
    expect(validatePayments(2000, [{ methodId: 'pix', amount: 1000 }], methods)).toMatchObject({
      title: 'Valor total não foi coberto pelos pagamentos',
    });
    expect(
      validatePayments(
        2000,
        [
          { methodId: 'pix', amount: 1500 },
          { methodId: 'pix', amount: 1000 },
        ],
        methods,
      ),
    ).toMatchObject({
      code: 'amount_above_remaining',
    });
    const ok = validatePayments(
      2000,
      [
        { methodId: 'pix', amount: 1000 },
        { methodId: 'cash', amount: 1000, received: 2000 },
      ],
      methods,
    );
    expect(ok).toMatchObject({ ok: true });
    if (ok.ok) expect(paymentsSummary(ok.payments)).toEqual({ change: 1000, methodLabel: 'PIX + Dinheiro' });
  });
  it('ignores received for methods without change', () => {
    const r = addPayment([], 1000, { methodId: 'pix', amount: 1000, received: 5000 }, methods);
    expect(r).toMatchObject({ ok: true, payment: { received: null, change: 0 } });
  });
  it('labels one method once', () => {
    const p: PdvPayment = { methodId: 'pix', methodName: 'PIX', amount: 1, installments: 1, received: null, change: 0 };
    expect(paymentsSummary([p, p]).methodLabel).toBe('PIX');
  });
});

describe('PIX at the PDV', () => {
  const providerPix = { id: 'p', name: 'PIX', infinitepayEnabled: true };
  it('a configured PIX key makes every PIX method a local QR, without the provider', () => {
    expect(usesLocalPixQr(providerPix, true)).toBe(true);
    expect(usesHostedCheckout(providerPix, true)).toBe(false);
    expect(usesLocalPixQr({ name: 'Pix na hora' }, true)).toBe(true);
  });
  it('without a key a provider PIX opens the hosted checkout, and nothing shows a local QR', () => {
    expect(usesHostedCheckout(providerPix, false)).toBe(true);
    expect(usesLocalPixQr(providerPix, false)).toBe(false);
    expect(usesHostedCheckout({ id: 'c', name: 'Dinheiro' }, false)).toBe(false);
    expect(usesLocalPixQr({ name: 'Cartão de Crédito' }, true)).toBe(false);
  });
});

describe('customer CPF', () => {
  it('is optional and validated when given', () => {
    expect(checkCustomerCpf('')).toEqual({ ok: true, cpf: null });
    expect(checkCustomerCpf(null)).toEqual({ ok: true, cpf: null });
    expect(checkCustomerCpf('529.982.247-25')).toEqual({ ok: true, cpf: '52998224725' });
    expect(checkCustomerCpf('111.111.111-11')).toMatchObject({ ok: false, title: 'CPF inválido' });
    expect(checkCustomerCpf('123')).toMatchObject({ ok: false });
  });
});

describe('cash session', () => {
  it('opening amount defaults to 0 and cannot be negative', () => {
    expect(checkOpeningAmount(undefined)).toEqual({ ok: true, amount: 0 });
    expect(checkOpeningAmount(10000)).toEqual({ ok: true, amount: 10000 });
    expect(checkOpeningAmount(-1)).toMatchObject({ ok: false, title: 'Valor inválido' });
  });
  it('sangria/suprimento need amount and reason, amount above 0', () => {
    expect(checkCashMovement({ amount: null, reason: 'x' })).toMatchObject({ title: 'Campos obrigatórios' });
    expect(checkCashMovement({ amount: 100, reason: '  ' })).toMatchObject({ title: 'Campos obrigatórios' });
    expect(checkCashMovement({ amount: 0, reason: 'Troco' })).toMatchObject({ title: 'Valor inválido' });
    expect(checkCashMovement({ amount: 10.5, reason: 'Troco' })).toMatchObject({ title: 'Valor inválido' });
    expect(checkCashMovement({ amount: 1000, reason: 'Depósito' })).toEqual({ ok: true });
  });
  it('closing balance = initial + cash sales + suprimentos − sangrias', () => {
    expect(closingBalance({ initial: 10000, cashSales: 4550, supplies: 2000, withdrawals: 3000 })).toBe(13550);
  });
  it('counts the drawer from R$ 200,00 down to R$ 0,05', () => {
    expect(CASH_DENOMINATIONS[0]).toBe(20000);
    expect(CASH_DENOMINATIONS.at(-1)).toBe(5);
    expect(denominationLabel(20000)).toBe('Nota de R$ 200,00');
    expect(denominationLabel(200)).toBe('Nota de R$ 2,00');
    expect(denominationLabel(100)).toBe('Moeda de R$ 1,00');
    expect(countTotal({ '20000': 1, '5000': 2, '25': 3, '5': 1 })).toEqual({ ok: true, total: 30080 });
    expect(countTotal({})).toEqual({ ok: true, total: 0 });
    expect(countTotal({ '300': 1 })).toMatchObject({ ok: false });
    expect(countTotal({ '100': -1 })).toMatchObject({ ok: false });
    expect(countTotal({ '100': 1.5 })).toMatchObject({ ok: false });
  });
  it('expects the closing balance in the drawer and the sales of each other group', () => {
    const expected = expectedByGroup({
      initial: 10000,
      supplies: 500,
      withdrawals: 2000,
      sales: [
        { methodName: 'Dinheiro', amount: 3000 },
        { methodName: 'PIX', amount: 1500 },
        { methodName: 'Cartão de Débito', amount: 700 },
        { methodName: 'PIX', amount: 500 },
      ],
    });
    expect(expected).toEqual({ Dinheiro: 11500, PIX: 2000, Débito: 700 });
    expect(expectedByGroup({ initial: 0, supplies: 0, withdrawals: 0, sales: [] })).toEqual({ Dinheiro: 0 });
  });
  it('difference = counted − expected per group, cash first', () => {
    const r = closeDifferences(
      { Dinheiro: 11500, PIX: 2000, Débito: 700 },
      { Dinheiro: 11000, PIX: 2000, Crédito: 100 },
    );
    expect(r.methods).toEqual([
      { method: 'Dinheiro', expected: 11500, counted: 11000, difference: -500 },
      { method: 'Crédito', expected: 0, counted: 100, difference: 100 },
      { method: 'Débito', expected: 700, counted: 0, difference: -700 },
      { method: 'PIX', expected: 2000, counted: 2000, difference: 0 },
    ]);
    expect(r.totalDifference).toBe(-1100);
  });
});

describe('checkWithdrawalAgainstDrawer (decision 054)', () => {
  it('lets a sangria up to the drawer through', () => {
    expect(checkWithdrawalAgainstDrawer(1000, 1000, { cashierOnly: true, confirmed: false }).ok).toBe(true);
  });
  it('refuses a cashier-only user above the drawer, confirmed or not, without the figure', () => {
    const r = checkWithdrawalAgainstDrawer(1001, 1000, { cashierOnly: true, confirmed: true });
    expect(r).toMatchObject({ ok: false, code: 'withdrawal_above_drawer' });
    expect(r.ok === false && r.description).not.toContain('R$');
  });
  it('asks the owner to confirm with the amount available', () => {
    const r = checkWithdrawalAgainstDrawer(1500, 1000, { cashierOnly: false, confirmed: false });
    expect(r).toMatchObject({ ok: false, code: 'withdrawal_above_drawer_confirm' });
    expect(r.ok === false && r.description).toContain('Há R$ 10,00 em dinheiro no caixa');
    expect(checkWithdrawalAgainstDrawer(1500, 1000, { cashierOnly: false, confirmed: true }).ok).toBe(true);
  });
});
