import { PRINTER_STATE_LABELS, type PrinterState, sentToPrinters } from '@meucardapio/domain/printing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Printer, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api, toastError } from '@/lib/api';
import { cn } from '@/lib/utils';

export type PrintingStatus = {
  printers: { id: string; name: string; state: PrinterState; message: string | null; queued: number }[];
  failed: { id: string; title: string; printer: string; lastError: string | null; retryAt: string | null }[];
};

export const PRINTING_STATUS_KEY = ['admin-printing-status'] as const;
/** A printer's agent is offline after 30 s of silence: the strip looks again within that. */
const REFRESH_MS = 10_000;

export function usePrintingStatus(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: PRINTING_STATUS_KEY,
    queryFn: () => api.get<PrintingStatus>('/api/admin/printing/status'),
    refetchInterval: REFRESH_MS,
  });
}

/** "Reimprimir" on an order's card: its counter copy on the thermal printers. */
export function useReprintOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<{ jobs: number }>(`/api/admin/orders/${orderId}/print`),
    onSuccess: ({ jobs }) => {
      toast.success(sentToPrinters(jobs));
      queryClient.invalidateQueries({ queryKey: PRINTING_STATUS_KEY });
    },
    onError: (err) => toastError(err, 'Erro ao reimprimir'),
  });
}

const DOT: Record<PrinterState, string> = {
  online: 'bg-success',
  offline: 'bg-destructive',
  error: 'bg-amber-500',
  unknown: 'bg-muted-foreground/50',
};

/** The board's printers: each one's state, and the tickets that did not print with "Reimprimir". */
export function PrintersStrip({ status }: { status: PrintingStatus }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (jobId: string) => api.post(`/api/admin/print-jobs/${jobId}/retry`),
    onSuccess: () => {
      toast.success(sentToPrinters(1));
      queryClient.invalidateQueries({ queryKey: PRINTING_STATUS_KEY });
    },
    onError: (err) => toastError(err, 'Erro ao reimprimir'),
  });
  if (status.printers.length === 0) return null;
  return (
    <section aria-label="Impressoras" className="mb-4 grid gap-2">
      <ul className="flex flex-wrap gap-2">
        {status.printers.map((p) => (
          <li
            key={p.id}
            className="flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm"
            title={p.message ?? undefined}
            data-state={p.state}
          >
            <Printer className="size-4 text-muted-foreground" aria-hidden />
            <span className="font-medium">{p.name}</span>
            <span className={cn('size-2 rounded-full', DOT[p.state])} aria-hidden />
            <span className="text-muted-foreground">{PRINTER_STATE_LABELS[p.state]}</span>
            {/* The printer's own words ("Sem papel", "Papel acabando") or why it cannot be reached. */}
            {p.message && (
              <span
                className={cn(
                  'text-xs',
                  p.state === 'offline' ? 'text-muted-foreground' : 'font-medium text-amber-700',
                )}
              >
                · {p.message}
              </span>
            )}
            {p.queued > 0 && <span className="text-xs text-muted-foreground">· {p.queued} na fila</span>}
          </li>
        ))}
      </ul>
      {status.failed.length > 0 && (
        <ul role="alert" className="grid gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-3 text-sm">
          {status.failed.map((j) => (
            <li key={j.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-medium">Não impresso:</span> {j.title} em {j.printer}
                {j.lastError && <span className="text-muted-foreground"> — {j.lastError}</span>}
              </span>
              <Button
                size="sm"
                variant="outline"
                loading={retry.isPending && retry.variables === j.id}
                onClick={() => retry.mutate(j.id)}
              >
                <RotateCcw aria-hidden /> Reimprimir
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
