import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_OPERATIONS,
  ACCOUNT_STATUSES,
  type AccountOperation,
  type AccountStatus,
  billOf,
  checkAccountDiscount,
  checkCanClose,
  checkCancelReason,
  checkCustomSplit,
  checkOperation,
  checkServicePercent,
  checkServiceRemoval,
  orderKindLabel,
  roundLabel,
  splitByItems,
  splitEqually,
  splitProportionally,
  statusAfter,
  tableOrderLabel,
  tableTurnover,
} from './table-accounts';

// The expected table written out by hand: Y = allowed, · = refused.
const EXPECTED: Record<AccountStatus, Record<AccountOperation, 'Y' | '·'>> = {
  //        open add  canc tran join req  reop svc  pay  close
  free: {
    open: 'Y',
    add_round: '·',
    cancel_item: '·',
    transfer: '·',
    join: '·',
    request_bill: '·',
    reopen: '·',
    set_service_charge: '·',
    discount: '·',
    pay: '·',
    close: '·',
  },
  occupied: {
    open: '·',
    add_round: 'Y',
    cancel_item: 'Y',
    transfer: 'Y',
    join: 'Y',
    request_bill: 'Y',
    reopen: '·',
    set_service_charge: 'Y',
    discount: 'Y',
    pay: 'Y',
    close: 'Y',
  },
  billing: {
    open: '·',
    add_round: '·',
    cancel_item: '·',
    transfer: '·',
    join: '·',
    request_bill: '·',
    reopen: 'Y',
    set_service_charge: 'Y',
    discount: 'Y',
    pay: 'Y',
    close: 'Y',
  },
  closed: {
    open: '·',
    add_round: '·',
    cancel_item: '·',
    transfer: '·',
    join: '·',
    request_bill: '·',
    reopen: '·',
    set_service_charge: '·',
    discount: '·',
    pay: '·',
    close: '·',
  },
};

describe('status × operation', () => {
  for (const status of ACCOUNT_STATUSES)
    for (const op of ACCOUNT_OPERATIONS)
      it(`${status} · ${op} → ${EXPECTED[status][op] === 'Y' ? 'allowed' : 'refused'}`, () => {
        const r = checkOperation(status, op);
        expect(r.ok).toBe(EXPECTED[status][op] === 'Y');
        if (!r.ok) expect(r.description).toMatch(/\w/);
      });

  it('moves livre → ocupada → em pagamento → fechada, and back to ordering from em pagamento', () => {
    expect(statusAfter('free', 'open')).toBe('occupied');
    expect(statusAfter('occupied', 'add_round')).toBe('occupied');
    expect(statusAfter('occupied', 'request_bill')).toBe('billing');
    expect(statusAfter('billing', 'pay')).toBe('billing');
    expect(statusAfter('billing', 'reopen')).toBe('occupied');
    expect(statusAfter('billing', 'close')).toBe('closed');
  });

  it('names a round as the board shows it', () => {
    expect(roundLabel('table', 12, 3)).toBe('Mesa 12 · rodada 3');
    expect(roundLabel('tab', 7, 1)).toBe('Comanda 7 · rodada 1');
    expect(tableOrderLabel(12, 3)).toBe('Mesa 12 · rodada 3');
    expect(tableOrderLabel(4, null)).toBe('Mesa 4');
    expect(tableOrderLabel(null, 2)).toBe('Rodada 2');
    expect(tableOrderLabel(null, 2, 7)).toBe('Comanda 7 · rodada 2');
    expect(tableOrderLabel(null, null, 7)).toBe('Comanda 7');
    expect(tableOrderLabel(null, null)).toBeNull();
  });

  it("badges a tab's round as a comanda, every other order by its delivery type", () => {
    expect(orderKindLabel('dine_in', 7)).toBe('Comanda');
    expect(orderKindLabel('dine_in', null)).toBe('Mesa');
    expect(orderKindLabel('delivery', null)).toBe('Delivery');
    expect(orderKindLabel('pdv', null)).toBe('PDV');
  });
});

describe('the bill', () => {
  const base = {
    itemsTotal: 10000,
    discount: 0,
    servicePercent: 10,
    serviceRemoved: false,
    couvertPerPerson: 0,
    people: 2,
  };

  it('adds 10 % of the items by default', () => {
    expect(billOf(base)).toEqual({ itemsTotal: 10000, discount: 0, serviceCharge: 1000, couvert: 0, total: 11000 });
  });

  it('charges the service on the discounted total, not on the items before the discount', () => {
    // R$ 87,50 − R$ 12,35 = R$ 75,15; 10 % = 7,515 → R$ 7,52 (half up)
    const bill = billOf({ ...base, itemsTotal: 8750, discount: 1235 });
    expect(bill.serviceCharge).toBe(752);
    expect(bill.total).toBe(7515 + 752);
  });

  it('takes a discount up to the items, never below what was already paid', () => {
    // R$ 100,00 − R$ 10,00 = R$ 90,00; 10 % = R$ 9,00 → R$ 99,00
    const ok = checkAccountDiscount({ ...base, discount: 1000 }, 5000);
    expect(ok).toEqual({ ok: true, bill: expect.objectContaining({ serviceCharge: 900, total: 9900 }) });
    expect(checkAccountDiscount({ ...base, discount: 10001 }, 0)).toMatchObject({
      ok: false,
      code: 'invalid_discount',
    });
    expect(checkAccountDiscount({ ...base, discount: -1 }, 0)).toMatchObject({ ok: false, code: 'invalid_discount' });
    const below = checkAccountDiscount({ ...base, discount: 2000 }, 9000);
    expect(below).toMatchObject({
      ok: false,
      code: 'discount_below_paid',
      description: 'Já foram pagos R$ 90,00: com este desconto a conta ficaria em R$ 88,00.',
    });
  });

  it('removes the service charge and keeps a configurable percentage', () => {
    expect(billOf({ ...base, serviceRemoved: true }).total).toBe(10000);
    expect(billOf({ ...base, servicePercent: 12 }).serviceCharge).toBe(1200);
    expect(checkServicePercent(12).ok).toBe(true);
    expect(checkServicePercent(21).ok).toBe(false);
    expect(checkServicePercent(10.5).ok).toBe(false);
    expect(checkServiceRemoval('  ').ok).toBe(false);
    expect(checkServiceRemoval('Cliente recusou')).toEqual({ ok: true, reason: 'Cliente recusou' });
  });

  it('adds the couvert per person, outside the service charge', () => {
    const bill = billOf({ ...base, couvertPerPerson: 1500, people: 3 });
    expect(bill).toMatchObject({ serviceCharge: 1000, couvert: 4500, total: 15500 });
  });

  it('never discounts below zero', () => {
    expect(billOf({ ...base, discount: 20000 })).toMatchObject({ discount: 10000, serviceCharge: 0, total: 0 });
  });

  it('closes only when the payments cover the total', () => {
    expect(checkCanClose(11000, 10999)).toMatchObject({
      ok: false,
      description: 'Faltam R$ 0,01 para fechar a conta.',
    });
    expect(checkCanClose(11000, 11000).ok).toBe(true);
  });

  it('asks a reason to cancel a sent item', () => {
    expect(checkCancelReason('').ok).toBe(false);
    expect(checkCancelReason('Cliente desistiu').ok).toBe(true);
  });
});

describe('splits', () => {
  it('R$ 100,00 by 3 → 33,34 + 33,33 + 33,33', () => {
    expect(splitEqually(10000, 3)).toEqual([3334, 3333, 3333]);
  });

  it('puts every leftover centavo on the first parts', () => {
    expect(splitEqually(10002, 4)).toEqual([2501, 2501, 2500, 2500]);
    expect(splitEqually(5, 1)).toEqual([5]);
    const parts = splitEqually(12345, 7);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(12345);
  });

  it('by items: each pays their items plus their share of service and couvert, to the centavo', () => {
    // items 30,00 + 45,00 + 25,00; 10 % service → total 110,00
    const bill = billOf({
      itemsTotal: 10000,
      discount: 0,
      servicePercent: 10,
      serviceRemoved: false,
      couvertPerPerson: 0,
      people: 3,
    });
    expect(splitByItems(bill, [[3000], [2000, 2500], [2500]])).toEqual([3300, 4950, 2750]);
  });

  it('shares proportionally and always adds up', () => {
    const parts = splitProportionally(1000, [1, 1, 1]);
    expect(parts).toEqual([334, 333, 333]);
    expect(splitProportionally(999, [0, 0])).toEqual([500, 499]);
    expect(splitProportionally(777, [3, 5, 11]).reduce((s, p) => s + p, 0)).toBe(777);
  });

  it('custom amounts must add up to what is left', () => {
    expect(checkCustomSplit(10000, [5000, 5000]).ok).toBe(true);
    expect(checkCustomSplit(10000, [5000, 4999])).toMatchObject({
      ok: false,
      description: 'As partes somam R$ 99,99, mas faltam R$ 100,00.',
    });
    expect(checkCustomSplit(10000, [10000, 0]).ok).toBe(false);
  });
});

describe('turnover', () => {
  it('averages minutes occupied and the ticket per person', () => {
    const t0 = new Date('2026-01-01T20:00:00Z');
    const at = (min: number) => new Date(t0.getTime() + min * 60000);
    expect(
      tableTurnover([
        { openedAt: t0, closedAt: at(60), people: 2, total: 10000 },
        { openedAt: t0, closedAt: at(90), people: 3, total: 15000 },
      ]),
    ).toEqual({ accounts: 2, averageMinutes: 75, averageTicketPerPerson: 5000 });
    expect(tableTurnover([]).accounts).toBe(0);
  });
});
