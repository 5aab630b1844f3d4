import { describe, expect, it } from 'vitest';
import { isSettledSale, type SalesRow, salesByDay, salesSplit } from './daily-sales';

const row = (r: Partial<SalesRow> & Pick<SalesRow, 'day'>): SalesRow => ({
  deliveryType: 'pickup',
  source: null,
  method: 'Dinheiro',
  orders: 0,
  total: 0,
  payments: 0,
  paid: 0,
  ...r,
});

describe('isSettledSale', () => {
  it('counts delivered orders paid or paid at the counter, never a test', () => {
    expect(isSettledSale({ status: 'delivered', paymentStatus: null, isTest: false })).toBe(true);
    expect(isSettledSale({ status: 'delivered', paymentStatus: 'approved', isTest: false })).toBe(true);
    expect(isSettledSale({ status: 'delivered', paymentStatus: 'pending', isTest: false })).toBe(false);
    expect(isSettledSale({ status: 'delivered', paymentStatus: 'failed', isTest: false })).toBe(false);
    expect(isSettledSale({ status: 'delivered', paymentStatus: null, isTest: true })).toBe(false);
  });

  it('leaves orders on the board and cancelled ones to be read live or not at all', () => {
    for (const status of ['pending', 'preparing', 'confirmed', 'out_for_delivery', 'cancelled'])
      expect(isSettledSale({ status, paymentStatus: 'approved', isTest: false }), status).toBe(false);
  });
});

describe('salesByDay', () => {
  it('adds orders and totals per day, oldest first, leaving payment-only rows out of the count', () => {
    const rows = [
      row({ day: '2026-03-10', orders: 2, total: 5000, payments: 2, paid: 5000 }),
      row({ day: '2026-03-09', deliveryType: 'pdv', orders: 1, total: 3000, payments: 1, paid: 1000 }),
      // The second method of a sale paid two ways: paid, not another order.
      row({ day: '2026-03-09', deliveryType: 'pdv', method: 'PIX', payments: 1, paid: 2000 }),
      row({ day: '2026-03-10', deliveryType: 'delivery', source: 'ifood', orders: 1, total: 7000 }),
    ];
    expect(salesByDay(rows)).toEqual([
      { date: '2026-03-09', total: 3000, count: 1 },
      { date: '2026-03-10', total: 12000, count: 3 },
    ]);
  });
});

describe('salesSplit', () => {
  const rows = [
    row({ day: '2026-03-09', deliveryType: 'pdv', orders: 1, total: 3000, payments: 1, paid: 1000 }),
    row({ day: '2026-03-09', deliveryType: 'pdv', method: 'PIX', payments: 1, paid: 2000 }),
    row({ day: '2026-03-10', orders: 2, total: 5000, payments: 2, paid: 5000 }),
    row({ day: '2026-03-10', deliveryType: 'delivery', source: 'ifood', method: null, orders: 1, total: 7000 }),
    row({ day: '2026-03-10', deliveryType: 'delivery', source: 'ifood', method: null, payments: 1, paid: 7000 }),
    row({
      day: '2026-03-08',
      deliveryType: 'delivery',
      source: 'keeta',
      orders: 1,
      total: 900,
      payments: 1,
      paid: 900,
    }),
    // A day whose only sale left the counts (a round's last item cancelled after it was delivered).
    row({ day: '2026-03-07', source: 'keeta' }),
  ];

  it('splits payments by group, largest first: a sale paid two ways in each, a method never named apart', () => {
    expect(salesSplit(rows).payments).toEqual([
      { method: 'Não informado', total: 7000, count: 1 },
      { method: 'Dinheiro', total: 6900, count: 4 },
      { method: 'PIX', total: 2000, count: 1 },
    ]);
  });

  it('splits orders by delivery type, always all four, each order once', () => {
    expect(salesSplit(rows).channels.map((c) => [c.channel, c.total, c.count])).toEqual([
      ['delivery', 7900, 2],
      ['pickup', 5000, 2],
      ['dine_in', 0, 0],
      ['pdv', 3000, 1],
    ]);
  });

  it('splits orders by source: our own first, then each app once, largest first', () => {
    expect(salesSplit(rows).sources).toEqual([
      { source: 'own', label: 'Próprio', total: 8000, count: 3 },
      { source: 'ifood', label: 'iFood', total: 7000, count: 1 },
      { source: 'keeta', label: 'Keeta', total: 900, count: 1 },
    ]);
  });
});
