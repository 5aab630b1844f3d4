import { randomUUID } from 'node:crypto';
import { closeDifferences, expectedByGroup, WALK_IN_CUSTOMER } from '@meucardapio/domain/cashier';
import type { cashCloseCounts, cashRegisterHistory, cashRegisterSessions } from '../schema';
import { CUSTOMERS } from './demo-history-data';
import { basket, type Employee, orderTime, type Rng, type Sales, simpleLine } from './demo-history-orders';

/** PDV sales are rung up by the cashier and paid with the restaurant's own payment methods. */
export type Pdv = Sales & { cashier: Employee; methodId: (name: string) => string };

export type ShiftRows = {
  sessionRows: (typeof cashRegisterSessions.$inferInsert)[];
  countRows: (typeof cashCloseCounts.$inferInsert)[];
  registerRows: (typeof cashRegisterHistory.$inferInsert)[];
};

type Payment = { methodName: string; amount: number };

/** One day's shift, opened and closed at the PDV; `at` turns minutes after that day's midnight into an instant. */
export function pdvShift(rng: Rng, pdv: Pdv, at: (minutes: number) => Date, shifts: ShiftRows) {
  const { restaurantId, cashier } = pdv;
  const sessionId = randomUUID();
  const opening = at(10 * 60 + 45);
  const closing = at(22 * 60 + 45);
  const initial = 10000;
  const payments: Payment[] = [];
  const sales = rng.int(3, 8);
  for (let i = 0; i < sales; i++) pdvSale(rng, pdv, sessionId, at, payments);
  const expected = expectedByGroup({ initial, supplies: 0, withdrawals: 0, sales: payments });
  const diff = closeDifferences(expected, expected);
  const cashSales = payments.filter((p) => p.methodName === 'Dinheiro').reduce((s, p) => s + p.amount, 0);
  shifts.sessionRows.push({
    id: sessionId,
    restaurantId,
    employeeId: cashier.id,
    employeeName: cashier.name,
    openingDate: opening,
    closingTime: closing,
    initialAmount: initial,
    totalSales: payments.reduce((s, p) => s + p.amount, 0),
    cashSales,
    finalBalance: expected.Dinheiro,
    status: 'closed',
    notes: 'Troco inicial',
    totalDifference: 0,
  });
  shifts.countRows.push(...diff.methods.map((m) => ({ restaurantId, sessionId, ...m })));
  const register = (operationType: string, createdAt: Date, amount: number) => ({
    restaurantId,
    sessionId,
    employeeId: cashier.id,
    employeeName: cashier.name,
    operationType,
    amount,
    createdAt,
  });
  shifts.registerRows.push(register('opening', opening, initial), register('closing', closing, expected.Dinheiro));
}

function pdvSale(rng: Rng, pdv: Pdv, sessionId: string, at: (minutes: number) => Date, payments: Payment[]) {
  const { restaurantId, ownerId, menu, cashier, methodId } = pdv;
  const { orderRows, itemRows, historyRows, paymentRows } = pdv.rows;
  const id = randomUUID();
  const { minutes, lunch } = orderTime(rng);
  const createdAt = at(minutes);
  const lines =
    rng.next() < 0.5
      ? basket(rng, pdv, id, lunch)
      : [
          simpleLine(restaurantId, id, rng.popular(rng.next() < 0.5 ? menu.starters : menu.desserts), rng.int(1, 2)),
          simpleLine(restaurantId, id, rng.popular(menu.drinks, 1.3), 1),
        ];
  const total = lines.reduce((s, l) => s + l.totalPrice, 0);
  const method = rng.weighted([
    ['Dinheiro', 3],
    ['PIX', 4],
    ['Cartão de Débito', 3],
    ['Cartão de Crédito', 2],
  ] as const);
  const split =
    rng.next() < 0.15 && total > 3000
      ? [
          { method: 'Dinheiro', amount: 2000 },
          { method: method === 'Dinheiro' ? 'PIX' : method, amount: total - 2000 },
        ]
      : [{ method, amount: total }];
  for (const [position, p] of split.entries()) {
    const received = p.method === 'Dinheiro' ? Math.ceil(p.amount / 1000) * 1000 : null;
    paymentRows.push({
      restaurantId,
      sessionId,
      orderId: id,
      methodId: methodId(p.method),
      methodName: p.method,
      position,
      amount: p.amount,
      receivedAmount: received,
      changeAmount: received ? received - p.amount : 0,
      createdAt,
    });
    payments.push({ methodName: p.method, amount: p.amount });
  }
  const customerName = rng.next() < 0.3 ? rng.pick(CUSTOMERS)[0].split(' ')[0] : WALK_IN_CUSTOMER;
  orderRows.push({
    id,
    restaurantId,
    number: 0,
    ownerId,
    customerName,
    deliveryType: 'pdv',
    paymentMethod: [...new Set(split.map((p) => p.method))].join(' + '),
    paymentData: {
      multiple_payments: split.length > 1,
      payments: split.map((p) => ({ method_id: methodId(p.method), method_name: p.method, amount: p.amount })),
      employee_name: cashier.name,
      session_id: sessionId,
    },
    installments: 1,
    subtotal: total,
    total,
    status: 'delivered',
    createdAt,
    updatedAt: createdAt,
  });
  itemRows.push(...lines);
  historyRows.push({
    restaurantId,
    orderId: id,
    status: 'delivered',
    employeeId: cashier.id,
    employeeName: cashier.name,
    notes: 'Venda no PDV',
    createdAt,
  });
}
