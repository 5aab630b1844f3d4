/**
 * The PDV without a connection (decision 057): what a terminal may sell offline, the sale it keeps in
 * its queue, how it sends it back, and the server's answer. Money is integer centavos.
 *
 *   POST /admin/cashier/offline-sales   PDV   OfflineSaleInput (clientSaleId is the idempotency key)
 *        → 200 SyncedSale, the same body for every replay of the same clientSaleId
 */
import { z } from 'zod';
import { optText, pdvItemSchema, salePaymentSchema } from './cashier-api';
import type { SaleDetail } from './cashier-views';
import { MSG } from './messages';

export const OFFLINE_MSG = {
  banner: 'Sem conexão — vendas serão enviadas quando a internet voltar',
  pending: (count: number) => (count === 1 ? '1 venda não enviada' : `${count} vendas não enviadas`),
  syncing: 'Enviando vendas feitas sem conexão…',
  synced: (count: number) => (count === 1 ? '1 venda enviada' : `${count} vendas enviadas`),
  saleQueued: 'Venda guardada no terminal',
  saleQueuedDescription: 'Será enviada quando a internet voltar.',
  blockedTitle: 'Há vendas não enviadas',
  closeBlocked:
    'Espere a internet voltar: as vendas feitas sem conexão precisam chegar ao servidor antes de fechar o caixa.',
  signOutBlocked:
    'Espere a internet voltar: as vendas feitas sem conexão ficam neste navegador e precisam ser enviadas antes de sair.',
  needsServer: 'Indisponível sem conexão',
  hostedHidden: 'Link de pagamento e outras formas que dependem do servidor voltam quando a internet voltar.',
  reservedKept: 'Venda reservada neste terminal',
  reservedKeptDescription: 'Vai para a lista dos outros terminais quando a internet voltar.',
  reservedHere: 'Neste terminal',
  discountHidden: 'Desconto precisa de conexão (aprovação e limites são conferidos pelo servidor).',
  pixToCheck: 'PIX a conferir',
  pixToCheckDescription: 'Confira o recebimento no app do banco: sem conexão o pagamento não é verificado.',
  rejected: 'Venda recusada pelo servidor',
  noSession: 'Sem conexão e sem caixa aberto neste terminal: abra o caixa quando a internet voltar.',
  storageWarning:
    'O navegador não garantiu guardar os dados deste terminal: não limpe os dados do site enquanto houver vendas não enviadas.',
} as const;

/** A cart line as the terminal sold it: the proposal plus the unit price it showed. */
export const offlineItemSchema = pdvItemSchema.extend({
  unitPrice: z.number({ error: MSG.invalidAmount }).int(MSG.invalidAmount).min(0, MSG.invalidAmount).max(100_000_000),
});

/** Client sale ids: the same alphabet as an Idempotency-Key. */
export const clientSaleIdSchema = z
  .string({ error: 'Identificador da venda inválido' })
  .trim()
  .min(8, 'Identificador da venda inválido')
  .max(100, 'Identificador da venda inválido')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Identificador da venda inválido');

/**
 * A sale made without a connection, as the terminal sends it when the connection returns. No discount
 * (its approval is a server check), no hosted checkout; the server takes the prices as shown.
 */
export const offlineSaleSchema = z.object({
  clientSaleId: clientSaleIdSchema,
  /** When the cashier finalized it, by the terminal's clock. */
  soldAt: z.iso.datetime({ offset: true, error: 'Data da venda inválida' }),
  /** The cash session the terminal had open when it sold. */
  sessionId: z.uuid({ message: 'Caixa inválido' }),
  /** The staff member signed in on the terminal when it sold. */
  soldById: z.uuid({ message: 'Operador inválido' }),
  items: z.array(offlineItemSchema, { error: MSG.emptyCart }).max(200),
  payments: z.array(salePaymentSchema, { error: MSG.addOnePayment }).max(10),
  customerName: optText(120),
  customerCpf: optText(20),
});
export type OfflineSaleInput = z.input<typeof offlineSaleSchema>;

export type SyncedSale = {
  clientSaleId: string;
  sale: SaleDetail;
  /** Its session was closed before it arrived: it was added to the closed session's figures. */
  late: boolean;
  /** Σ shown − Σ current catalogue (positive: the terminal charged more than the catalogue says now). */
  priceDifference: number;
  /** What staff should look at: stock left below zero, prices that changed, PIX to check. */
  warnings: string[];
};

/** The centavos the terminal charges for a line (quantity × unit price as shown). */
export const offlineLineTotal = (line: { quantity: number; unitPrice: number }) => line.quantity * line.unitPrice;

/**
 * What a queued sale still waiting to reach the server adds up to: the banner's count and total, and
 * the cash the drawer holds beyond the server's figures.
 */
export function unsyncedSummary(sales: readonly { total: number; cash: number }[]): {
  count: number;
  total: number;
  cash: number;
} {
  return {
    count: sales.length,
    total: sales.reduce((s, x) => s + x.total, 0),
    cash: sales.reduce((s, x) => s + x.cash, 0),
  };
}

/** Offline, a method is offered only if it needs no server: not the provider's hosted checkout. */
export function offeredOffline<M extends { infinitepayEnabled: boolean }>(methods: readonly M[]): M[] {
  return methods.filter((m) => !m.infinitepayEnabled);
}

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * How long the queue waits before trying a sale again after `failures` failed sends: doubling from 2 s,
 * at most 5 min, with up to a fifth of jitter so terminals of one restaurant do not all retry together.
 */
export function syncBackoffMs(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
  return Math.round(base * (1 - 0.2 * random()));
}

/**
 * Whether the server refused the sale itself (invalid, or its id already used by another kind of
 * order): retrying cannot help, the sale is kept aside for staff. Anything else — no network, the
 * server busy or away, a signed-out terminal — is retried.
 */
export function refusedForGood(status: number | null): boolean {
  return status === 400 || status === 404 || status === 409 || status === 422;
}
