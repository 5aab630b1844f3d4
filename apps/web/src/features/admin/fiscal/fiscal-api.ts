import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type NoteStatus = 'queued' | 'processing' | 'authorized' | 'rejected' | 'denied' | 'cancelling' | 'cancelled';
export type NoteFilter = 'all' | 'pending' | 'authorized' | 'rejected' | 'cancelled';

export type FiscalNote = {
  id: string;
  orderId: string;
  orderNumber: number | null;
  status: NoteStatus;
  ambiente: 'homologacao' | 'producao';
  serie: number;
  numero: number;
  total: number;
  buyerCpf: string | null;
  chave: string | null;
  protocolo: string | null;
  sefazCode: number | null;
  sefazReason: string | null;
  lastError: string | null;
  attempts: number;
  hasXml: boolean;
  cancellable: boolean;
  createdAt: string;
  authorizedAt: string | null;
  cancelledAt: string | null;
};
export type FiscalNoteDetail = FiscalNote & {
  history: { status: string; message: string | null; actorName: string | null; createdAt: string }[];
};
export type NoteCounts = { pending: number; rejected: number };

export const FISCAL_KEY = ['admin', 'fiscal'] as const;
export const NOTES_PATH = '/api/admin/fiscal/notes';

export const STATUS_LABEL: Record<NoteStatus, string> = {
  queued: 'Na fila',
  processing: 'Enviando',
  authorized: 'Autorizada',
  rejected: 'Rejeitada',
  denied: 'Denegada',
  cancelling: 'Cancelando',
  cancelled: 'Cancelada',
};
export const STATUS_VARIANT: Record<NoteStatus, 'secondary' | 'success' | 'destructive' | 'warning' | 'outline'> = {
  queued: 'warning',
  processing: 'warning',
  authorized: 'success',
  rejected: 'destructive',
  denied: 'destructive',
  cancelling: 'warning',
  cancelled: 'outline',
};

/** Notes still to settle: the sidebar's badge and the page's header; refreshed while notes are in the queue. */
export function useNoteCounts(enabled = true) {
  return useQuery({
    queryKey: [...FISCAL_KEY, 'counts'],
    queryFn: () => api.get<NoteCounts>(`${NOTES_PATH}/counts`),
    enabled,
    refetchInterval: 30_000,
  });
}
