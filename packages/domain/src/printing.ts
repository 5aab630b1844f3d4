import { z } from 'zod';
import { formatBRL } from './money';
import { DELIVERY_TYPE_LABELS, type DeliveryType, isDeliveryType } from './order-status';

/*
 * Thermal printing (decision 060): what a printer is, which jobs go to it, and what a ticket says.
 * The server renders a ticket to ESC/POS bytes (escpos.ts) and the print agent only delivers them.
 */

/** What a job prints. */
/** What staff are told once a reprint is queued. */
export const sentToPrinters = (jobs: number) =>
  jobs > 1 ? `Enviado para ${jobs} impressoras` : 'Enviado para a impressora';

export const PRINT_JOB_KINDS = ['order', 'kitchen', 'pdv_receipt', 'nfce_danfe', 'cash_closing', 'test'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** The kinds the owner may switch between "Imprimir automaticamente" and on demand only. */
export const AUTO_PRINT_KINDS = ['order', 'kitchen', 'pdv_receipt', 'nfce_danfe', 'cash_closing'] as const;
export type AutoPrintKind = (typeof AUTO_PRINT_KINDS)[number];
export type AutoPrint = Record<AutoPrintKind, boolean>;
export const DEFAULT_AUTO_PRINT: AutoPrint = {
  order: true,
  kitchen: true,
  pdv_receipt: true,
  nfce_danfe: true,
  cash_closing: true,
};

export const PRINT_JOB_KIND_LABELS: Record<PrintJobKind, string> = {
  order: 'Via do balcão (pedido aceito)',
  kitchen: 'Comanda da estação',
  pdv_receipt: 'Cupom do PDV',
  nfce_danfe: 'DANFE NFC-e',
  cash_closing: 'Fechamento de caixa',
  test: 'Página de teste',
};

export const PRINT_JOB_STATUSES = ['queued', 'sent', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** 58 mm paper prints 32 columns of font A; 80 mm prints 48. */
export const PAPER_COLUMNS = [32, 48] as const;
export type PaperColumns = (typeof PAPER_COLUMNS)[number];
export const PRINTER_CODEPAGES = ['cp860', 'cp850'] as const;
export type PrinterCodepage = (typeof PRINTER_CODEPAGES)[number];

/** Copies of the counter ticket per order channel: e.g. 2 for delivery (one goes with the rider). */
export type CounterCopies = Record<Exclude<DeliveryType, 'pdv'>, number>;

export type PrinterRoutes = {
  /** The counter copy of an accepted order, per channel; all zero = this printer gets none. */
  order: CounterCopies;
  /** Kitchen stations whose items this printer gets, one ticket per order. */
  stations: string[];
  pdvReceipt: boolean;
  /** The DANFE NFC-e of an authorised note; for a PDV sale it takes the receipt's place (decision 079). */
  nfceDanfe: boolean;
  cashClosing: boolean;
};

const copies = z.number().int().min(0, 'Cópias de 0 a 5').max(5, 'Cópias de 0 a 5');

/**
 * A network printer is `host:port` (raw TCP, port 9100 on most); anything else is a device path the
 * agent writes to: `/dev/usb/lp0`, `COM3`, `\\computador\impressora`.
 */
const connection = z
  .string()
  .trim()
  .min(1, 'Informe o endereço da impressora')
  .max(200, 'Endereço muito longo')
  .refine((v) => !/[\s]/.test(v) || v.startsWith('\\\\'), 'Endereço sem espaços: ex. 192.168.0.50:9100');

export const printerInput = z.object({
  name: z.string().trim().min(1, 'Informe o nome da impressora').max(60, 'Nome muito longo'),
  connection,
  agentId: z.uuid({ message: 'Agente inválido' }).nullable().default(null),
  columns: z.union([z.literal(32), z.literal(48)], { message: 'Largura do papel: 58 mm ou 80 mm' }),
  codepage: z.enum(PRINTER_CODEPAGES, { message: 'Página de código: CP860 ou CP850' }),
  cut: z.boolean(),
  drawer: z.boolean(),
  routes: z.object({
    order: z.object({ delivery: copies, pickup: copies, dine_in: copies }),
    stations: z.array(z.uuid({ message: 'Estação inválida' })).max(50),
    pdvReceipt: z.boolean(),
    nfceDanfe: z.boolean().default(false),
    cashClosing: z.boolean(),
  }),
});
export type PrinterInput = z.infer<typeof printerInput>;

export const autoPrintInput = z.object({
  order: z.boolean(),
  kitchen: z.boolean(),
  pdv_receipt: z.boolean(),
  nfce_danfe: z.boolean(),
  cash_closing: z.boolean(),
});

export const agentNameInput = z.object({
  name: z.string().trim().min(1, 'Informe um nome para o computador').max(60, 'Nome muito longo'),
});

/** How many counter copies an order of this channel gets on a printer (none for a PDV sale: it has its receipt). */
export function counterCopies(routes: PrinterRoutes, deliveryType: string): number {
  if (!isDeliveryType(deliveryType) || deliveryType === 'pdv') return 0;
  return routes.order[deliveryType];
}

/**
 * Whether an authorised note's DANFE prints by itself (decision 079): while its customer is still to get
 * it — a sale at the counter, or an order not yet delivered; never a cancelled one. A PDV sale made
 * without a connection reaches the server after its customer left, and a note issued on delivery after
 * the order went out: those print only on "Reimprimir".
 */
export function danfePrintsByItself(order: { deliveryType: string; status: string; offline: boolean }): boolean {
  if (order.status === 'cancelled') return false;
  return order.deliveryType === 'pdv' ? !order.offline : order.status !== 'delivered';
}

/**
 * A PDV sale with a note gives its customer one paper: on a printer routed to both, the DANFE takes the
 * receipt's place while DANFEs print by themselves (decision 079).
 */
export function receiptLeftToDanfe(routes: PrinterRoutes, auto: AutoPrint, saleHasNote: boolean): boolean {
  return saleHasNote && auto.nfce_danfe && routes.pdvReceipt && routes.nfceDanfe;
}

/** An agent silent for longer than this is offline, and so are the printers only it served. */
export const AGENT_OFFLINE_AFTER_MS = 30_000;

export type PrinterState = 'online' | 'offline' | 'error' | 'unknown';
export const PRINTER_STATE_LABELS: Record<PrinterState, string> = {
  online: 'Online',
  offline: 'Offline',
  error: 'Com erro',
  unknown: 'Aguardando agente',
};

/**
 * What the board shows of a printer: offline when no agent that may serve it has been heard from in
 * 30 s, otherwise what its agent last reported ('offline' when it could not reach the printer).
 */
export function printerState(
  reported: { status: string; agentId: string | null },
  agents: { id: string; lastSeenAt: Date | null; revoked: boolean }[],
  now: Date,
): PrinterState {
  const serving = agents.filter((a) => !a.revoked && (!reported.agentId || a.id === reported.agentId));
  const heard = serving.some((a) => a.lastSeenAt && now.getTime() - a.lastSeenAt.getTime() <= AGENT_OFFLINE_AFTER_MS);
  if (!heard) return serving.some((a) => a.lastSeenAt) ? 'offline' : 'unknown';
  return reported.status === 'online' || reported.status === 'offline' || reported.status === 'error'
    ? reported.status
    : 'unknown';
}

/** Waits before a job the printer refused is tried again, by failures so far; printing resumes at once when the printer is back. */
export function printRetryDelayMs(attempts: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

// ── Tickets ────────────────────────────────────────────────────────────────────────────────────────

/** A ticket as lines: text with its style, a rule, a left/right pair, a QR code. */
export type TicketLine =
  | { text: string; bold?: boolean; big?: boolean; align?: 'left' | 'center' | 'right' }
  | { rule: true }
  | { left: string; right: string; bold?: boolean }
  | { qr: string };
export type Ticket = TicketLine[];

export type TicketOrder = {
  number: number;
  shortId: string;
  deliveryType: string;
  tableNumber: number | null;
  /** The round of a table account, printed under the table; a tab's number (comanda) in the table's place. */
  round?: number | null;
  tabNumber?: number | null;
  /** An ordering app's order: the app's name and the short code its courier and customer know. */
  app?: { name: string; code: string } | null;
  customerName: string;
  customerPhone: string | null;
  address: string | null;
  note: string | null;
  paymentMethod: string | null;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  createdAt: Date;
  timezone: string;
  items: {
    name: string;
    quantity: number;
    totalPrice: number;
    options: string[];
    notes: string | null;
  }[];
};

const channelLabel = (deliveryType: string) =>
  isDeliveryType(deliveryType) ? DELIVERY_TYPE_LABELS[deliveryType] : deliveryType;

function when(at: Date, timezone: string) {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).format(at);
}

/** The order's header: number and table in double height, so the kitchen reads them across the room. */
function orderHeader(order: TicketOrder, title: string): Ticket {
  const lines: Ticket = [
    { text: title, align: 'center', bold: true },
    { text: `PEDIDO #${order.number}`, align: 'center', bold: true, big: true },
  ];
  if (order.deliveryType === 'dine_in' && order.tabNumber != null) {
    lines.push({ text: `COMANDA ${order.tabNumber}`, align: 'center', bold: true, big: true });
  } else if (order.deliveryType === 'dine_in' && order.tableNumber != null) {
    lines.push({ text: `MESA ${order.tableNumber}`, align: 'center', bold: true, big: true });
  } else {
    lines.push({ text: channelLabel(order.deliveryType).toUpperCase(), align: 'center', bold: true });
  }
  if (order.round != null) lines.push({ text: `RODADA ${order.round}`, align: 'center', bold: true });
  if (order.app)
    lines.push({ text: `${order.app.name.toUpperCase()} #${order.app.code}`, align: 'center', bold: true, big: true });
  lines.push({ text: `${when(order.createdAt, order.timezone)} · ${order.shortId}`, align: 'center' }, { rule: true });
  return lines;
}

/** An item's options and notes, under its name. */
function itemDetailLines(item: TicketOrder['items'][number]): Ticket {
  const lines: Ticket = item.options.map((option) => ({ text: `  + ${option}` }));
  if (item.notes) lines.push({ text: `  Obs.: ${item.notes}` });
  return lines;
}

function itemLines(items: TicketOrder['items'], withPrices: boolean): Ticket {
  const lines: Ticket = [];
  for (const item of items) {
    const name = `${item.quantity}x ${item.name}`;
    lines.push(withPrices ? { left: name, right: formatBRL(item.totalPrice), bold: true } : { text: name, bold: true });
    lines.push(...itemDetailLines(item));
  }
  return lines;
}

/** The counter copy of an accepted order: customer, items with prices, totals, payment. */
export function orderTicket(restaurantName: string, order: TicketOrder, payUrl?: string | null): Ticket {
  const lines: Ticket = [{ text: restaurantName, align: 'center', bold: true }, ...orderHeader(order, 'VIA DO BALCÃO')];
  lines.push({ text: `Cliente: ${order.customerName}` });
  if (order.customerPhone) lines.push({ text: `Telefone: ${order.customerPhone}` });
  if (order.address) lines.push({ text: `Endereço: ${order.address}` });
  lines.push({ rule: true }, ...itemLines(order.items, true), { rule: true });
  lines.push({ left: 'Subtotal', right: formatBRL(order.subtotal) });
  if (order.deliveryFee) lines.push({ left: 'Taxa de entrega', right: formatBRL(order.deliveryFee) });
  if (order.discount) lines.push({ left: 'Desconto', right: `-${formatBRL(order.discount)}` });
  lines.push({ left: 'TOTAL', right: formatBRL(order.total), bold: true });
  if (order.paymentMethod) lines.push({ text: `Pagamento: ${order.paymentMethod}` });
  if (order.note) lines.push({ rule: true }, { text: `Observação: ${order.note}`, bold: true });
  if (payUrl) lines.push({ rule: true }, { text: 'Pague com PIX:', align: 'center' }, { qr: payUrl });
  return lines;
}

/** A station's ticket: only its items, no prices, notes in bold. */
export function kitchenTicket(stationName: string, order: TicketOrder): Ticket {
  const lines: Ticket = [...orderHeader(order, stationName.toUpperCase()), ...itemLines(order.items, false)];
  if (order.note) lines.push({ rule: true }, { text: `Observação: ${order.note}`, bold: true });
  return lines;
}

/**
 * An item cancelled after it was sent: the station (or the counter) stops making it. Printed in double
 * height so it is not taken for a new order.
 */
export function cancelledItemTicket(
  title: string,
  order: TicketOrder,
  item: TicketOrder['items'][number],
  cancel: { reason: string; by: string },
): Ticket {
  return [
    { text: 'CANCELAMENTO', align: 'center', bold: true, big: true },
    ...orderHeader(order, title.toUpperCase()),
    { text: `CANCELAR ${item.quantity}x ${item.name}`, bold: true, big: true },
    ...itemDetailLines(item),
    { rule: true },
    { text: `Motivo: ${cancel.reason}`, bold: true },
    { text: `Cancelado por ${cancel.by}` },
  ];
}

/** The PDV sale's receipt for the customer at the counter (not a fiscal document). */
export function pdvReceiptTicket(restaurantName: string, order: TicketOrder): Ticket {
  const lines: Ticket = [
    { text: restaurantName, align: 'center', bold: true },
    { text: `VENDA #${order.number}`, align: 'center', bold: true, big: true },
    { text: `${when(order.createdAt, order.timezone)} · ${order.shortId}`, align: 'center' },
    { rule: true },
    ...itemLines(order.items, true),
    { rule: true },
  ];
  if (order.discount) lines.push({ left: 'Desconto', right: `-${formatBRL(order.discount)}` });
  lines.push({ left: 'TOTAL', right: formatBRL(order.total), bold: true });
  if (order.paymentMethod) lines.push({ text: `Pagamento: ${order.paymentMethod}` });
  lines.push({ text: 'Não é documento fiscal', align: 'center' });
  return lines;
}

export type CashClosingTicket = {
  restaurantName: string;
  openedAt: Date;
  closedAt: Date;
  timezone: string;
  operator: string;
  opening: number;
  totalSales: number;
  salesCount: number;
  supplies: number;
  withdrawals: number;
  expectedCash: number;
  /** Per payment group: what should be there and, when counted, what was. */
  groups: { method: string; expected: number; counted: number | null }[];
};

/** The cash session's closing report: the figures of the close, and the count when there was one. */
export function cashClosingTicket(c: CashClosingTicket): Ticket {
  const lines: Ticket = [
    { text: c.restaurantName, align: 'center', bold: true },
    { text: 'FECHAMENTO DE CAIXA', align: 'center', bold: true, big: true },
    { text: `Abertura: ${when(c.openedAt, c.timezone)}` },
    { text: `Fechamento: ${when(c.closedAt, c.timezone)}` },
    { text: `Operador: ${c.operator}` },
    { rule: true },
    { left: 'Fundo de troco', right: formatBRL(c.opening) },
    { left: `Vendas (${c.salesCount})`, right: formatBRL(c.totalSales) },
    { left: 'Suprimentos', right: formatBRL(c.supplies) },
    { left: 'Sangrias', right: `-${formatBRL(c.withdrawals)}` },
    { left: 'Esperado em dinheiro', right: formatBRL(c.expectedCash), bold: true },
    { rule: true },
  ];
  for (const g of c.groups) {
    lines.push({ left: `${g.method} esperado`, right: formatBRL(g.expected) });
    if (g.counted != null) {
      lines.push({ left: `${g.method} contado`, right: formatBRL(g.counted) });
      lines.push({ left: 'Diferença', right: formatBRL(g.counted - g.expected), bold: true });
    }
  }
  return lines;
}

/** The settings' test page: accents of the code page, both text sizes, a QR code and the cut. */
export function testTicket(printerName: string, columns: PaperColumns, codepage: PrinterCodepage): Ticket {
  return [
    { text: 'MeuCardápio', align: 'center', bold: true, big: true },
    { text: 'PÁGINA DE TESTE', align: 'center', bold: true },
    { rule: true },
    { text: `Impressora: ${printerName}` },
    { text: `Papel: ${columns === 32 ? '58 mm (32 colunas)' : '80 mm (48 colunas)'}` },
    { text: `Página de código: ${codepage.toUpperCase()}` },
    { text: 'Acentos: ç ã õ á é í ó ú â ê ô à Ç Ã É' },
    { left: '1x Pão de queijo', right: formatBRL(850) },
    { qr: 'https://meucardapio.app' },
  ];
}
