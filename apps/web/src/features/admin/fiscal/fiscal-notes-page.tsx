import { noteSaleLabel } from '@meucardapio/domain/fiscal-note';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { LoadErrorPanel, TableSkeletonRows } from '@/components/crud/list-states';
import { NoteStatusBadge } from '@/components/note-status-badge';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastTitledError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { FISCAL_KEY, type FiscalNote, NOTES_PATH, type NoteCounts, type NoteFilter } from './fiscal-api';
import { NoteDetailDialog } from './note-detail-dialog';

const FILTERS: { value: NoteFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'authorized', label: 'Autorizadas' },
  { value: 'rejected', label: 'Rejeitadas' },
  { value: 'cancelled', label: 'Canceladas' },
];

const noteLabel = (n: FiscalNote) => `NFC-e ${n.numero}`;

export default function FiscalNotesPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<NoteFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...FISCAL_KEY, 'notes', filter, q],
    queryFn: () =>
      api.get<{ notes: FiscalNote[]; counts: NoteCounts }>(
        `${NOTES_PATH}?${new URLSearchParams({ status: filter, ...(q ? { q } : {}) })}`,
      ),
    // Notes in the queue settle on their own: keep the list fresh while any is pending.
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? 5_000 : false),
  });
  const retryAll = useMutation({
    mutationFn: () => api.post<{ requeued: number }>(`${NOTES_PATH}/retry-all`, {}),
    onSuccess: ({ requeued }) => {
      void queryClient.invalidateQueries({ queryKey: FISCAL_KEY });
      toast.success(requeued ? `${requeued} nota(s) enviada(s) de novo.` : 'Nenhuma nota para reenviar.');
    },
    onError: (err) => toastTitledError(err, 'Erro ao reenviar'),
  });
  const counts = list.data?.counts;
  const notes = list.data?.notes ?? [];
  const stuck = (counts?.pending ?? 0) + (counts?.rejected ?? 0);

  return (
    <div>
      <PageHeader
        title="Notas fiscais"
        description={
          counts
            ? `${counts.pending} pendente(s) · ${counts.rejected} rejeitada(s)`
            : 'NFC-e emitidas pelas vendas do PDV e do cardápio.'
        }
        actions={
          <Button
            variant="outline"
            loading={retryAll.isPending}
            disabled={stuck === 0}
            onClick={() => retryAll.mutate()}
          >
            <RefreshCw aria-hidden /> Reenviar todas
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 md:flex md:items-center md:justify-between">
        <div className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1" role="group" aria-label="Filtrar notas">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? 'default' : 'outline'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </div>
        <div className="relative md:w-80">
          <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            className="pl-9"
            type="search"
            aria-label="Buscar notas"
            placeholder="Pedido, mesa, chave ou CPF"
            value={search}
            maxLength={60}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {list.isError ? (
        <LoadErrorPanel title="Erro ao carregar notas fiscais" />
      ) : (
        <>
          <ul className="grid gap-3 md:hidden">
            {list.isPending && <li className="h-24 animate-pulse rounded-lg bg-muted" />}
            {!list.isPending && notes.length === 0 && (
              <li className="rounded-lg border p-6 text-center text-sm text-muted-foreground">
                Nenhuma nota encontrada.
              </li>
            )}
            {notes.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  aria-label={`${noteLabel(n)} · ${noteSaleLabel(n)}`}
                  className="grid w-full gap-1 rounded-lg border bg-card p-4 text-left text-sm shadow-xs hover:bg-accent"
                  onClick={() => setOpenId(n.id)}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium">
                      {noteSaleLabel(n)} · {noteLabel(n)}
                    </span>
                    <NoteStatusBadge status={n.status} />
                  </span>
                  <span className="flex justify-between text-muted-foreground">
                    <span>{formatDateTime(n.createdAt)}</span>
                    <span className="font-medium text-foreground">{formatMoney(n.total)}</span>
                  </span>
                  {n.sefazCode !== null && n.status !== 'authorized' && n.status !== 'cancelled' && (
                    <span className="text-destructive">
                      SEFAZ {n.sefazCode}: {n.sefazReason}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <div className="rounded-lg border max-md:hidden">
            <Table wide>
              <TableHeader>
                <TableRow>
                  <TableHead>Venda</TableHead>
                  <TableHead>Nota</TableHead>
                  <TableHead>Data</TableHead>
                  <TableHead>CPF</TableHead>
                  <TableHead>Situação</TableHead>
                  <TableHead className="text-right">Valor</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.isPending && <TableSkeletonRows colSpan={6} rows={3} className="h-6" />}
                {!list.isPending && notes.length === 0 && <TableEmpty colSpan={6}>Nenhuma nota encontrada.</TableEmpty>}
                {notes.map((n) => (
                  <TableRow key={n.id} className="cursor-pointer" onClick={() => setOpenId(n.id)}>
                    <TableCell className="font-medium">{noteSaleLabel(n)}</TableCell>
                    <TableCell>
                      <button
                        type="button"
                        className="underline-offset-4 hover:underline"
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpenId(n.id);
                        }}
                      >
                        {noteLabel(n)} · série {n.serie}
                      </button>
                    </TableCell>
                    <TableCell>{formatDateTime(n.createdAt)}</TableCell>
                    <TableCell>{n.buyerCpf ?? '—'}</TableCell>
                    <TableCell>
                      <span className="grid gap-1">
                        <NoteStatusBadge status={n.status} />
                        {n.sefazCode !== null && n.status !== 'authorized' && n.status !== 'cancelled' && (
                          <span className={cn('max-w-64 truncate text-xs text-destructive')}>
                            {n.sefazCode}: {n.sefazReason}
                          </span>
                        )}
                      </span>
                    </TableCell>
                    <TableCell className="text-right">{formatMoney(n.total)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      <NoteDetailDialog noteId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
