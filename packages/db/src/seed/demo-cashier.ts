import { closeDifferences, expectedByGroup, WALK_IN_CUSTOMER } from '@meucardapio/domain/cashier';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashSalePayments,
  cashWithdrawals,
  employees,
  orderHistory,
  orderItems,
  orders,
  paymentMethods,
  products,
  restaurants,
  stockHistory,
} from '../schema';

/**
 * Yesterday's shift at the demo PDV, so Relatórios, Conciliação and Histórico show something on first
 * start: the cashier opened with R$ 100,00, sold five times (PIX, cash with change, debit + cash
 * split, debit, PIX with a discount), took a sangria and closed blind R$ 0,10 short.
 */

type Line = { product: string; quantity: number };
type Pay = { method: string; amount: number; received?: number };
type DemoSale = { time: string; customer?: string; discount?: number; lines: Line[]; payments: Pay[] };

const SALES: DemoSale[] = [
  {
    time: '10:32',
    lines: [
      { product: 'Pão de Alho', quantity: 1 },
      { product: 'Coca-Cola Lata 350ml', quantity: 2 },
    ],
    payments: [{ method: 'PIX', amount: 2990 }],
  },
  {
    time: '12:15',
    customer: 'Roberto',
    lines: [
      { product: 'Calzone de Calabresa', quantity: 1 },
      { product: 'Coca-Cola Lata 350ml', quantity: 1 },
    ],
    payments: [{ method: 'Dinheiro', amount: 4640, received: 5000 }],
  },
  {
    time: '13:40',
    lines: [
      { product: 'Pudim de Leite Condensado', quantity: 2 },
      { product: 'Brownie com Nozes', quantity: 1 },
    ],
    payments: [
      { method: 'Cartão de Débito', amount: 3000 },
      { method: 'Dinheiro', amount: 1370, received: 1370 },
    ],
  },
  {
    time: '19:05',
    lines: [{ product: 'Pão de Alho', quantity: 2 }],
    payments: [{ method: 'Cartão de Débito', amount: 3380 }],
  },
  {
    time: '20:20',
    customer: 'Marcos',
    discount: 240,
    lines: [
      { product: 'Bruschetta de Tomate', quantity: 1 },
      { product: 'Coca-Cola Lata 350ml', quantity: 1 },
    ],
    payments: [{ method: 'PIX', amount: 2700 }],
  },
];

const INITIAL = 10000;
const WITHDRAWAL = { time: '16:00', amount: 5000, reason: 'Depósito no cofre' };
/** R$ 110,00 counted in the drawer, against R$ 110,10 expected. */
const COUNTED_NOTES = { '10000': 1, '500': 1, '200': 2, '100': 1 };
const COUNTED_OTHERS = { PIX: 5690, Débito: 6380 };
/** The Coca-Cola can's EAN-13, so a USB barcode scanner finds it in the PDV. */
export const DEMO_BARCODE = '7894900011517';
export const DEMO_PIX = {
  key: '11222333000181',
  keyType: 'cnpj',
  merchantName: 'Pizzaria Demo',
  merchantCity: 'Sao Paulo',
};

export async function seedDemoCashier(tx: Tx, restaurantId: string, ownerId: string, timeZone: string) {
  // Yesterday in the restaurant's own calendar, whatever the server's timezone.
  const at = (time: string) =>
    sql`((((now() at time zone ${timeZone})::date - 1) + ${time}::time) at time zone ${timeZone})`;

  await tx
    .update(restaurants)
    .set({
      pixKey: DEMO_PIX.key,
      pixKeyType: DEMO_PIX.keyType,
      pixMerchantName: DEMO_PIX.merchantName,
      pixMerchantCity: DEMO_PIX.merchantCity,
      orderSeq: SALES.length,
    })
    .where(eq(restaurants.id, restaurantId));
  await tx
    .update(products)
    .set({ codigoBarras: DEMO_BARCODE })
    .where(and(eq(products.restaurantId, restaurantId), eq(products.name, 'Coca-Cola Lata 350ml')));

  const names = [...new Set(SALES.flatMap((s) => s.lines.map((l) => l.product)))];
  const productRows = await tx
    .select()
    .from(products)
    .where(and(eq(products.restaurantId, restaurantId), inArray(products.name, names)));
  const product = (name: string) => {
    const p = productRows.find((r) => r.name === name);
    if (!p) throw new Error(`demo product "${name}" is missing`);
    return p;
  };
  const methodRows = await tx.select().from(paymentMethods).where(eq(paymentMethods.restaurantId, restaurantId));
  const methodId = (name: string) => methodRows.find((m) => m.name === name)?.id ?? name;
  const [cashier] = await tx
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.restaurantId, restaurantId), eq(employees.email, 'caixa@demo.com.br')));

  const [session] = await tx
    .insert(cashRegisterSessions)
    .values({
      restaurantId,
      employeeId: cashier.id,
      employeeName: cashier.name,
      openingDate: at('10:00'),
      initialAmount: INITIAL,
      notes: 'Troco inicial',
    })
    .returning({ id: cashRegisterSessions.id });
  const history = (operationType: string, time: string, amount: number, notes: string | null) => ({
    restaurantId,
    sessionId: session.id,
    employeeId: cashier.id,
    employeeName: cashier.name,
    operationType,
    amount,
    notes,
    createdAt: at(time),
  });

  const stockLeft = new Map(productRows.map((p) => [p.id, p.estoque]));
  for (const [index, sale] of SALES.entries()) {
    const lines = sale.lines.map((l) => ({ ...l, row: product(l.product) }));
    const subtotal = lines.reduce((s, l) => s + l.row.price * l.quantity, 0);
    const total = subtotal - (sale.discount ?? 0);
    const change = sale.payments.reduce((s, p) => s + (p.received ? p.received - p.amount : 0), 0);
    const received = sale.payments.reduce((s, p) => s + (p.received ?? 0), 0);
    const [order] = await tx
      .insert(orders)
      .values({
        restaurantId,
        number: index + 1,
        ownerId,
        customerName: sale.customer ?? WALK_IN_CUSTOMER,
        deliveryType: 'pdv',
        paymentMethod: [...new Set(sale.payments.map((p) => p.method))].join(' + '),
        paymentData: {
          multiple_payments: sale.payments.length > 1,
          payments: sale.payments.map((p) => ({
            method_id: methodId(p.method),
            method_name: p.method,
            amount: p.amount,
            installments: 1,
            received_amount: p.received ?? null,
            change: p.received ? p.received - p.amount : 0,
          })),
          ...(received > 0 ? { paid_amount: received, change_amount: change } : {}),
          employee_name: cashier.name,
          session_id: session.id,
        },
        installments: 1,
        subtotal,
        discount: sale.discount ?? 0,
        total,
        status: 'delivered',
        createdAt: at(sale.time),
        updatedAt: at(sale.time),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        restaurantId,
        orderId: order.id,
        productId: l.row.id,
        name: l.row.name,
        quantity: l.quantity,
        unitPrice: l.row.price,
        totalPrice: l.row.price * l.quantity,
      })),
    );
    await tx.insert(orderHistory).values({
      restaurantId,
      orderId: order.id,
      status: 'delivered',
      employeeId: cashier.id,
      employeeName: cashier.name,
      notes: 'Venda no PDV',
      createdAt: at(sale.time),
    });
    await tx.insert(cashSalePayments).values(
      sale.payments.map((p, position) => ({
        restaurantId,
        sessionId: session.id,
        orderId: order.id,
        methodId: methodId(p.method),
        methodName: p.method,
        position,
        amount: p.amount,
        receivedAmount: p.received ?? null,
        changeAmount: p.received ? p.received - p.amount : 0,
        createdAt: at(sale.time),
      })),
    );
    for (const l of lines.filter((x) => x.row.controleEstoque)) {
      const before = stockLeft.get(l.row.id) ?? 0;
      stockLeft.set(l.row.id, before - l.quantity);
      await tx
        .update(products)
        .set({ estoque: before - l.quantity })
        .where(eq(products.id, l.row.id));
      await tx.insert(stockHistory).values({
        restaurantId,
        productId: l.row.id,
        orderId: order.id,
        operationType: 'sale',
        quantityBefore: before,
        quantityAfter: before - l.quantity,
        quantityChanged: l.quantity,
        employeeName: cashier.name,
        notes: `Venda PDV #${index + 1}`,
        createdAt: at(sale.time),
      });
    }
  }

  await tx.insert(cashWithdrawals).values({
    restaurantId,
    sessionId: session.id,
    employeeId: cashier.id,
    employeeName: cashier.name,
    amount: WITHDRAWAL.amount,
    reason: WITHDRAWAL.reason,
    createdAt: at(WITHDRAWAL.time),
  });

  const allPayments = SALES.flatMap((s) => s.payments);
  const expected = expectedByGroup({
    initial: INITIAL,
    supplies: 0,
    withdrawals: WITHDRAWAL.amount,
    sales: allPayments.map((p) => ({ methodName: p.method, amount: p.amount })),
  });
  const countedCash = Object.entries(COUNTED_NOTES).reduce((s, [d, q]) => s + Number(d) * q, 0);
  const diff = closeDifferences(expected, { Dinheiro: countedCash, ...COUNTED_OTHERS });
  const cashSales = allPayments.filter((p) => p.method === 'Dinheiro').reduce((s, p) => s + p.amount, 0);
  await tx
    .update(cashRegisterSessions)
    .set({
      status: 'closed',
      closingTime: at('22:00'),
      totalSales: allPayments.reduce((s, p) => s + p.amount, 0),
      cashSales,
      totalWithdrawals: WITHDRAWAL.amount,
      finalBalance: expected.Dinheiro,
      blindClose: true,
      countedDenominations: COUNTED_NOTES,
      totalDifference: diff.totalDifference,
    })
    .where(eq(cashRegisterSessions.id, session.id));
  await tx.insert(cashCloseCounts).values(diff.methods.map((m) => ({ restaurantId, sessionId: session.id, ...m })));
  await tx
    .insert(cashRegisterHistory)
    .values([
      history('opening', '10:00', INITIAL, 'Troco inicial'),
      history('withdrawal', WITHDRAWAL.time, WITHDRAWAL.amount, WITHDRAWAL.reason),
      history('closing', '22:00', expected.Dinheiro, null),
    ]);
}
