import type { FiscalNoteView } from '@meucardapio/domain/fiscal-note';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type NoteFilter = 'all' | 'pending' | 'authorized' | 'rejected' | 'cancelled';

export type FiscalNote = FiscalNoteView;
export type FiscalNoteDetail = FiscalNote & {
  history: { status: string; message: string | null; actorName: string | null; createdAt: string }[];
};
export type NoteCounts = { pending: number; rejected: number };

export const FISCAL_KEY = ['admin', 'fiscal'] as const;
export const NOTES_PATH = '/api/admin/fiscal/notes';

/** Notes still to settle: the sidebar's badge and the page's header; refreshed while notes are in the queue. */
export function useNoteCounts(enabled = true) {
  return useQuery({
    queryKey: [...FISCAL_KEY, 'counts'],
    queryFn: () => api.get<NoteCounts>(`${NOTES_PATH}/counts`),
    enabled,
    refetchInterval: 30_000,
  });
}
