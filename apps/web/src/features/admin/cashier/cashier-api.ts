import type {
  CashMovementInput,
  CloseSessionInput,
  FinalizeSaleInput,
  OpenSessionInput,
  ReserveSaleInput,
} from '@meucardapio/domain/cashier-api';
import type { OfflineSaleInput, SyncedSale } from '@meucardapio/domain/cashier-offline';
import type {
  CashierState,
  CashMovementView,
  CloseResult,
  Conciliation,
  DailyReport,
  FinalizedSale,
  PdvCatalog,
  PdvProduct,
  PixSettingsView,
  ReservedSaleView,
  SaleDetail,
  SaleListItem,
  SessionSummary,
  SessionView,
  TodayReport,
} from '@meucardapio/domain/cashier-views';
import type { FiscalNoteView } from '@meucardapio/domain/fiscal-note';
import { api } from '@/lib/api';
import { saveResponse } from '@/lib/download';

/** Calls of the cashier screen (the contract and its endpoint list live in domain/cashier-api.ts). */

const BASE = '/api/admin/cashier';

export const cashierKeys = {
  all: ['admin', 'cashier'] as const,
  state: ['admin', 'cashier', 'state'] as const,
  catalog: ['admin', 'cashier', 'catalog'] as const,
  reserved: ['admin', 'cashier', 'reserved'] as const,
  /** Everything a finalized sale or a session change can alter in the manager tabs. */
  reports: ['admin', 'cashier', 'reports'] as const,
  today: ['admin', 'cashier', 'reports', 'today'] as const,
  daily: (date: string) => ['admin', 'cashier', 'reports', 'daily', date] as const,
  conciliation: (sessionId: string | null) => ['admin', 'cashier', 'reports', 'conciliation', sessionId] as const,
  sessions: ['admin', 'cashier', 'reports', 'sessions'] as const,
  history: ['admin', 'cashier', 'reports', 'history'] as const,
  sale: (id: string) => ['admin', 'cashier', 'reports', 'sale', id] as const,
  note: (saleId: string) => ['admin', 'cashier', 'note', saleId] as const,
};

export const fetchState = () => api.get<CashierState>(`${BASE}/session`);
export const fetchCatalog = () => api.get<PdvCatalog>(`${BASE}/catalog`);
export const lookupProduct = (code: string) => api.get<PdvProduct>(`${BASE}/products/lookup`, { query: { code } });
export const openSession = (body: OpenSessionInput) => api.post<SessionView>(`${BASE}/session/open`, body);
export const closeSession = (body: CloseSessionInput) => api.post<CloseResult>(`${BASE}/session/close`, body);
export const recordWithdrawal = (body: CashMovementInput) => api.post<CashMovementView>(`${BASE}/withdrawals`, body);
export const recordSupply = (body: CashMovementInput) => api.post<CashMovementView>(`${BASE}/supplies`, body);

export const fetchReserved = () => api.get<ReservedSaleView[]>(`${BASE}/reserved-sales`);
export const reserveSale = (body: ReserveSaleInput) => api.post<ReservedSaleView>(`${BASE}/reserved-sales`, body);
export const restoreReserved = (id: string) => api.post<ReservedSaleView>(`${BASE}/reserved-sales/${id}/restore`);
export const deleteReserved = (id: string) => api.delete<void>(`${BASE}/reserved-sales/${id}`);

/** Finalizar Venda; `key` is the attempt's Idempotency-Key, reused when the same attempt is retried. */
export const finalizeSale = (body: FinalizeSaleInput, key: string) =>
  api.post<FinalizedSale>(`${BASE}/sales`, body, { headers: { 'Idempotency-Key': key } });

/** A sale made offline, sent when the connection returns; its clientSaleId makes every resend answer the same. */
export const syncOfflineSale = (body: OfflineSaleInput) => api.post<SyncedSale>(`${BASE}/offline-sales`, body);

export const fetchToday = () => api.get<TodayReport>(`${BASE}/reports/today`);
export const fetchDaily = (date: string) => api.get<DailyReport>(`${BASE}/reports/daily`, { query: { date } });
export const fetchConciliation = (sessionId: string | null) =>
  api.get<Conciliation>(`${BASE}/conciliation`, { query: { sessionId } });
export const fetchSessions = () => api.get<SessionSummary[]>(`${BASE}/sessions`);
export const fetchHistory = () => api.get<SaleListItem[]>(`${BASE}/history`);
export const fetchSale = (id: string) => api.get<SaleDetail>(`${BASE}/sales/${id}`);
/** A sale's NFC-e (null while it has none) and "Emitir NFC-e" (routes of modules/fiscal). */
/** A sale that may have a note: a PDV sale (an order) or a table account paid in the cashier. */
export type NoteSaleRef = { kind: 'pdv' | 'table'; id: string };
const notePath = (sale: NoteSaleRef) =>
  `/api/admin/fiscal/${sale.kind === 'pdv' ? 'orders' : 'accounts'}/${sale.id}/note`;
export const fetchSaleNote = (sale: NoteSaleRef) =>
  api.get<{ note: FiscalNoteView | null }>(notePath(sale)).then((r) => r.note);
export const issueSaleNote = (sale: NoteSaleRef, buyerCpf: string | null) =>
  api.post<{ note: FiscalNoteView }>(notePath(sale), { buyerCpf }).then((r) => r.note);
/** "Reimprimir DANFE" of a closed table account, on the printers routed to the DANFE (modules/printing). */
export const reprintAccountDanfe = (accountId: string) =>
  api.post<{ jobs: number }>(`/api/admin/table-accounts/${accountId}/print`);
export const fetchPixSettings = () => api.get<PixSettingsView>(`${BASE}/pix-settings`);

/** One key per sale attempt: a double press or a retry after a timeout never records two sales. */
export function newSaleKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `pdv-${c.randomUUID()}`;
  return `pdv-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Downloads the day's CSV as the server wrote it (UTF-8 BOM, ';'), under the server's file name.
 * Throws ApiError like every other call when the server refuses.
 */
export async function downloadDailyCsv(date: string): Promise<void> {
  const res = await fetch(`${BASE}/reports/daily.csv?date=${encodeURIComponent(date)}`, {
    credentials: 'same-origin',
  });
  if (!res.ok) {
    // Let api() turn the JSON error into an ApiError with the server's texts.
    await api.get(`${BASE}/reports/daily.csv`, { query: { date } });
    return;
  }
  await saveResponse(res, `relatorio-pdv-${date}.csv`);
}
