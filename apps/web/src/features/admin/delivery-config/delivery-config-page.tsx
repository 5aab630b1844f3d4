import { isValidCepPattern } from '@meucardapio/domain/delivery';
import { MSG } from '@meucardapio/domain/messages';
import { parseBRLInput } from '@meucardapio/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { formatMoney } from '@/lib/format';

type Neighborhood = { id: string; name: string; deliveryFee: number; cepPattern: string | null };
const KEY = ['admin-neighborhoods'] as const;

function NeighborhoodDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Neighborhood | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [fee, setFee] = useState('');
  const [pattern, setPattern] = useState('');
  const [errors, setErrors] = useState<{ name?: string; fee?: string; pattern?: string }>({});
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setName(editing?.name ?? '');
      setFee(editing ? (editing.deliveryFee / 100).toFixed(2).replace('.', ',') : '');
      setPattern(editing?.cepPattern ?? '');
      setErrors({});
    }
  }
  const save = useMutation({
    mutationFn: (body: object) =>
      editing ? api.put(`/api/admin/neighborhoods/${editing.id}`, body) : api.post('/api/admin/neighborhoods', body),
    onSuccess: () => {
      toast.success(editing ? 'Bairro atualizado!' : 'Bairro criado!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => toastError(err, editing ? 'Erro ao atualizar bairro' : 'Erro ao criar bairro'),
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!name.trim()) errs.name = 'Informe o nome do bairro';
    const cents = fee.trim() === '' ? 0 : parseBRLInput(fee);
    if (cents === null) errs.fee = 'Taxa inválida (ex.: 6,50)';
    if (pattern.trim() && !isValidCepPattern(pattern)) errs.pattern = 'Use o início do CEP (ex.: 01000) ou 12345-*';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.mutate({ name: name.trim(), deliveryFee: cents, cepPattern: pattern.trim() || null });
  }
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent variant="sheet">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Editar Bairro' : 'Novo Bairro'}</DialogTitle>
            <DialogDescription>A taxa é cobrada nos pedidos de delivery para este bairro.</DialogDescription>
          </DialogHeader>
          <FormField label="Nome do bairro" htmlFor="nb-name" error={errors.name}>
            <Input
              id="nb-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!errors.name}
              autoFocus
            />
          </FormField>
          <FormField label="Taxa de entrega (R$)" htmlFor="nb-fee" error={errors.fee}>
            <Input
              id="nb-fee"
              inputMode="decimal"
              placeholder="0,00"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
              aria-invalid={!!errors.fee}
            />
          </FormField>
          <FormField
            label="Padrão de CEP (opcional)"
            htmlFor="nb-cep"
            error={errors.pattern}
            hint="Ex.: 01000 ou 12345-*"
          >
            <Input
              id="nb-cep"
              value={pattern}
              onChange={(e) => setPattern(e.target.value)}
              aria-invalid={!!errors.pattern}
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

export default function DeliveryConfigPage() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ neighborhoods: Neighborhood[] }>('/api/admin/neighborhoods').then((r) => r.neighborhoods),
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Neighborhood | null }>({ open: false, editing: null });
  const remove = useMutation({
    mutationFn: (n: Neighborhood) => api.delete(`/api/admin/neighborhoods/${n.id}`),
    onSuccess: () => {
      toast.success('Bairro excluído!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastError(err, 'Erro ao excluir bairro'),
  });
  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title="Configurações de Entrega"
        description="Bairros atendidos, taxa de entrega e padrão de CEP."
        actions={
          <Button onClick={() => setDialog({ open: true, editing: null })}>
            <Plus aria-hidden /> Novo Bairro
          </Button>
        }
      />
      {list.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar bairros</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Bairro</TableHead>
              <TableHead>Taxa de entrega</TableHead>
              <TableHead>Padrão de CEP</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableRow>
                <TableCell colSpan={4}>
                  <Skeleton className="h-24 w-full" />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableEmpty colSpan={4}>Nenhum bairro cadastrado</TableEmpty>
            ) : (
              rows.map((n) => (
                <TableRow key={n.id}>
                  <TableCell label="Bairro" className="font-medium">
                    {n.name}
                  </TableCell>
                  <TableCell label="Taxa" className="tabular-nums">
                    {n.deliveryFee === 0 ? 'Grátis' : formatMoney(n.deliveryFee)}
                  </TableCell>
                  <TableCell label="CEP" className="font-mono">
                    {n.cepPattern || '—'}
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${n.name}`}
                        onClick={() => setDialog({ open: true, editing: n })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <ConfirmDialog
                        title="Tem certeza que deseja excluir este bairro?"
                        onConfirm={() => remove.mutateAsync(n)}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Excluir ${n.name}`}>
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
      <NeighborhoodDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
