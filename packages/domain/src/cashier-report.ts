import { csvCell } from './csv';
import { localParts } from './hours';
import { orderStatusLabel } from './order-status';
import { paymentGroupLabel } from './payment';
import { ACCOUNT_STATUS_LABELS, type AccountStatus } from './table-accounts';

/**
 * PDV reports (spec 3 §9): total, order count, average ticket, top payment method and totals by hour,
 * grouped PIX / Crédito / Débito / Dinheiro / Não informado, in the restaurant's timezone
 * (ARCHITECTURE §6.10). Pure: the server feeds it rows, the web may feed it the same rows.
 */

export type ReportSale = {
  id: string;
  /** A PDV sale, or a table account's payments (its account's status in `status`). */
  kind?: 'pdv' | 'table';
  number: number;
  /** How the order column names it when it is not "#number": "Mesa 4", "Comanda 7". */
  label?: string | null;
  customerName: string | null;
  createdAt: Date | string;
  total: number;
  /** The sale's discount (0 without one) and who gave it, with the approver when above the giver's limit. */
  discount: number;
  discountBy?: string | null;
  /** A table account's service charge (the staff's share), counted the day the account closed. */
  serviceCharge?: number;
  status: string;
  /** The order's single method label (used when the sale has no payments list, e.g. older sales). */
  paymentMethod: string | null;
  payments: readonly { methodName: string | null; amount: number }[];
};

export type MethodTotal = { method: string; total: number; count: number };
export type HourTotal = { hour: number; total: number; count: number };

export type SalesSummary = {
  total: number;
  /** Σ discounts given. */
  discounts: number;
  /** Σ service charge of table accounts, inside `total`, shown apart for the staff. */
  serviceCharge: number;
  count: number;
  /** Rounded to the centavo; 0 without sales. */
  averageTicket: number;
  /** The group with the largest amount; null without sales. */
  topPaymentMethod: string | null;
  byMethod: MethodTotal[];
  /** 24 entries, 0..23 local hours. */
  byHour: HourTotal[];
};

/** A sale's amounts per report group: its payments list, else its total under its one method. */
export function saleGroups(sale: Pick<ReportSale, 'payments' | 'paymentMethod' | 'total'>): MethodTotal[] {
  const parts = sale.payments.length > 0 ? sale.payments : [{ methodName: sale.paymentMethod, amount: sale.total }];
  const byGroup = new Map<string, number>();
  for (const p of parts) {
    const g = paymentGroupLabel(p.methodName);
    byGroup.set(g, (byGroup.get(g) ?? 0) + p.amount);
  }
  return [...byGroup].map(([method, total]) => ({ method, total, count: 1 }));
}

/** Report figures of a set of sales. */
export function summarizeSales(sales: readonly ReportSale[], timeZone: string): SalesSummary {
  const byHour: HourTotal[] = Array.from({ length: 24 }, (_, hour) => ({ hour, total: 0, count: 0 }));
  const methods = new Map<string, MethodTotal>();
  let total = 0;
  let discounts = 0;
  let serviceCharge = 0;
  for (const sale of sales) {
    total += sale.total;
    discounts += sale.discount;
    serviceCharge += sale.serviceCharge ?? 0;
    const hour = Number(localParts(new Date(sale.createdAt), timeZone).time.slice(0, 2));
    byHour[hour].total += sale.total;
    byHour[hour].count += 1;
    for (const g of saleGroups(sale)) {
      const m = methods.get(g.method) ?? { method: g.method, total: 0, count: 0 };
      m.total += g.total;
      m.count += 1;
      methods.set(g.method, m);
    }
  }
  const byMethod = [...methods.values()].sort((a, b) => b.total - a.total || a.method.localeCompare(b.method));
  return {
    total,
    discounts,
    serviceCharge,
    count: sales.length,
    averageTicket: sales.length > 0 ? Math.round(total / sales.length) : 0,
    topPaymentMethod: byMethod[0]?.method ?? null,
    byMethod,
    byHour,
  };
}

export type ProductTotal = { productId: string | null; name: string; quantity: number; total: number };

/** The best-selling products by quantity (then revenue), at most `limit` (5 in the detailed report). */
export function topProducts(
  items: readonly { productId: string | null; name: string; quantity: number; totalPrice: number }[],
  limit = 5,
): ProductTotal[] {
  const byKey = new Map<string, ProductTotal>();
  for (const i of items) {
    const key = i.productId ?? `name:${i.name}`;
    const p = byKey.get(key) ?? { productId: i.productId, name: i.name, quantity: 0, total: 0 };
    p.quantity += i.quantity;
    p.total += i.totalPrice;
    byKey.set(key, p);
  }
  return [...byKey.values()]
    .sort((a, b) => b.quantity - a.quantity || b.total - a.total || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export const CSV_COLUMNS = [
  'Pedido',
  'Cliente',
  'Horário',
  'Total',
  'Pagamento',
  'Status',
  'Desconto',
  'Desconto por',
  'Taxa de serviço',
] as const;

/** A sale's status as reports name it: the order's status, or a table account's ("Fechada"). */
export function saleStatusLabel(sale: Pick<ReportSale, 'kind' | 'status'>): string {
  return sale.kind === 'table'
    ? (ACCOUNT_STATUS_LABELS[sale.status as AccountStatus] ?? sale.status)
    : orderStatusLabel(sale.status);
}

/** The order column: "#123" for a PDV sale, "Mesa 4" for a table's payments. */
export const saleRef = (sale: Pick<ReportSale, 'label' | 'number'>): string => sale.label ?? `#${sale.number}`;

export const MOVEMENT_CSV_COLUMNS = ['Movimentação', 'Horário', 'Valor', 'Motivo', 'Responsável'] as const;

/** A sangria or suprimento as the CSV lists it. */
export type ReportMovement = {
  kind: 'withdrawal' | 'supply';
  createdAt: Date | string;
  amount: number;
  reason: string;
  employeeName: string;
};

const MOVEMENT_LABEL = { withdrawal: 'Sangria', supply: 'Suprimento' } as const;

/** Centavos as a pt-BR decimal a spreadsheet reads as a number: 123456 → '1234,56'. */
function csvMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The detailed report's CSV: UTF-8 with BOM and ';' separators so a pt-BR spreadsheet opens it as is;
 * columns order, customer, time (HH:MM local), total, payment, status, then the discount and who gave
 * it and a table's service charge; after a blank line, the day's sangrias and suprimentos; CRLF line ends.
 */
export function salesCsv(
  sales: readonly ReportSale[],
  timeZone: string,
  movements: readonly ReportMovement[] = [],
): string {
  const lines = [CSV_COLUMNS.join(';')];
  for (const s of sales) {
    const groups = saleGroups(s).map((g) => g.method);
    lines.push(
      [
        saleRef(s),
        s.customerName ?? '',
        localParts(new Date(s.createdAt), timeZone).time,
        csvMoney(s.total),
        groups.join(' + '),
        saleStatusLabel(s),
        csvMoney(s.discount),
        s.discountBy ?? '',
        csvMoney(s.serviceCharge ?? 0),
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  if (movements.length > 0) {
    lines.push('', MOVEMENT_CSV_COLUMNS.join(';'));
    for (const m of movements) {
      lines.push(
        [
          MOVEMENT_LABEL[m.kind],
          localParts(new Date(m.createdAt), timeZone).time,
          csvMoney(m.amount),
          m.reason,
          m.employeeName,
        ]
          .map(csvCell)
          .join(';'),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
