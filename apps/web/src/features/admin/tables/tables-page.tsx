import { MSG } from '@meucardapio/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastError } from '@/lib/api';

type DiningTable = { id: string; number: number; qrUrl: string };

const KEY = ['admin-tables'] as const;
const qrSrc = (t: DiningTable) => `/api/admin/tables/${t.id}/qr.png?n=${t.number}`;
const menuLink = (t: DiningTable) => `${window.location.origin}${t.qrUrl}`;

/** Downloads the 300×300 QR as mesa-{number}-qr.png. */
async function downloadQr(t: DiningTable) {
  try {
    const res = await fetch(`/api/admin/tables/${t.id}/qr.png?download`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `mesa-${t.number}-qr.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch {
    toast.error('Erro ao baixar QR Code', { description: 'Não foi possível baixar o QR Code.' });
  }
}

function TableDialog({
  open,
  editing,
  suggested,
  onClose,
}: {
  open: boolean;
  editing: DiningTable | null;
  suggested: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [value, setValue] = useState<string>('');
  const [error, setError] = useState('');
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setValue(String(editing?.number ?? suggested));
      setError('');
    }
  }
  const save = useMutation({
    mutationFn: (number: number) =>
      editing ? api.put(`/api/admin/tables/${editing.id}`, { number }) : api.post('/api/admin/tables', { number }),
    onSuccess: () => {
      toast.success(editing ? 'Mesa atualizada!' : 'Mesa criada!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => toastError(err, editing ? 'Erro ao atualizar mesa' : 'Erro ao criar mesa'),
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) {
      setError('O número da mesa deve ser no mínimo 1');
      return;
    }
    save.mutate(n);
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent variant="sheet">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{editing ? 'Editar Mesa' : 'Nova Mesa'}</DialogTitle>
            <DialogDescription>O QR Code leva o cliente ao cardápio já com o número da mesa.</DialogDescription>
          </DialogHeader>
          <FormField label="Número da mesa" htmlFor={id} error={error}>
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError('');
              }}
              aria-invalid={!!error}
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function TablesPage() {
  const queryClient = useQueryClient();
  const tables = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ tables: DiningTable[] }>('/api/admin/tables').then((r) => r.tables),
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: DiningTable | null }>({ open: false, editing: null });
  const remove = useMutation({
    mutationFn: (t: DiningTable) => api.delete(`/api/admin/tables/${t.id}`),
    onSuccess: () => {
      toast.success('Mesa excluída!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastError(err, 'Erro ao excluir mesa'),
  });
  const list = tables.data ?? [];
  const suggested = list.reduce((m, t) => Math.max(m, t.number), 0) + 1;

  return (
    <div>
      <PageHeader
        title="Gerenciar Mesas"
        description="Cada mesa tem um QR Code que abre o cardápio com o número da mesa."
        actions={
          <Button onClick={() => setDialog({ open: true, editing: null })}>
            <Plus aria-hidden /> Nova Mesa
          </Button>
        }
      />
      {tables.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar mesas</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Mesa</TableHead>
              <TableHead>QR Code</TableHead>
              <TableHead>Link do cardápio</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tables.isPending ? (
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={4}>
                    <Skeleton className="h-20 w-full" />
                  </TableCell>
                </TableRow>
              ))
            ) : list.length === 0 ? (
              <TableEmpty colSpan={4}>Nenhuma mesa configurada</TableEmpty>
            ) : (
              list.map((t) => (
                <TableRow key={t.id}>
                  <TableCell label="Mesa" className="text-lg font-semibold">
                    Mesa {t.number}
                  </TableCell>
                  <TableCell label="QR Code">
                    <div className="flex items-center gap-3">
                      <img
                        src={qrSrc(t)}
                        alt={`QR Code da mesa ${t.number}`}
                        width={96}
                        height={96}
                        loading="lazy"
                        className="size-24 rounded border bg-white"
                      />
                      <Button variant="outline" size="sm" onClick={() => downloadQr(t)}>
                        <Download aria-hidden /> Baixar
                      </Button>
                    </div>
                  </TableCell>
                  <TableCell label="Link" className="max-w-72 truncate">
                    <a
                      href={t.qrUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-primary hover:underline"
                    >
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                      <span className="truncate">{menuLink(t)}</span>
                    </a>
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar mesa ${t.number}`}
                        onClick={() => setDialog({ open: true, editing: t })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <ConfirmDialog
                        title="Tem certeza que deseja excluir esta mesa?"
                        description={`A mesa ${t.number} e o QR Code dela deixarão de funcionar.`}
                        onConfirm={() => remove.mutateAsync(t)}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Excluir mesa ${t.number}`}>
                            <Trash2 aria-hidden className="text-destructive" />
                          </Button>
                        }
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <TableDialog
        open={dialog.open}
        editing={dialog.editing}
        suggested={suggested}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
