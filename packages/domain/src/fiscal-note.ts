/**
 * An NFC-e as the API shows it (`/api/admin/fiscal/notes…`, `/api/admin/fiscal/orders/:orderId/note`), shared by
 * the "Notas fiscais" page, the PDV's receipt and the customer's order.
 */

export type NoteStatus = 'queued' | 'processing' | 'authorized' | 'rejected' | 'denied' | 'cancelling' | 'cancelled';

export type FiscalNoteView = {
  id: string;
  /** The sale: an order (with its number), or a table account closed as one sale ("Mesa 4", "Comanda 7"). */
  orderId: string | null;
  orderNumber: number | null;
  tableAccountId: string | null;
  accountLabel: string | null;
  status: NoteStatus;
  ambiente: 'homologacao' | 'producao';
  serie: number;
  numero: number;
  total: number;
  buyerCpf: string | null;
  chave: string | null;
  protocolo: string | null;
  /** SEFAZ's QR code address (from the XML's infNFeSupl); null until authorised. */
  qrCodeUrl: string | null;
  /** The state's "Consulte pela chave de acesso em" address. */
  consultaUrl: string | null;
  sefazCode: number | null;
  sefazReason: string | null;
  lastError: string | null;
  attempts: number;
  hasXml: boolean;
  cancellable: boolean;
  createdAt: string;
  /** When the note was transmitted (its dhEmi); null before. */
  issuedAt: string | null;
  authorizedAt: string | null;
  cancelledAt: string | null;
};

/** How screens name a note's sale: "Pedido #12" or "Mesa 4". */
export function noteSaleLabel(n: Pick<FiscalNoteView, 'orderNumber' | 'accountLabel'>): string {
  return n.accountLabel ?? `Pedido #${n.orderNumber ?? '—'}`;
}

export const NOTE_STATUS_LABEL: Record<NoteStatus, string> = {
  queued: 'Na fila',
  processing: 'Enviando',
  authorized: 'Autorizada',
  rejected: 'Rejeitada',
  denied: 'Denegada',
  cancelling: 'Cancelando',
  cancelled: 'Cancelada',
};

/** A note still on its way to SEFAZ: its screen keeps asking until it settles. */
export function isNoteInQueue(status: NoteStatus): boolean {
  return status === 'queued' || status === 'processing';
}

/** The printed line of a note issued in homologação (SEFAZ's wording). */
export const HOMOLOGACAO_LINE = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL';
