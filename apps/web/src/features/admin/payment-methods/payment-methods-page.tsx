import { MSG } from '@meucardapio/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
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
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastError } from '@/lib/api';

type Method = {
  id: string;
  name: string;
  description: string | null;
  icon: string | null;
  active: boolean;
  requiresChange: boolean;
  infinitepayEnabled: boolean;
  maxInstallments: number;
};
type Form = Omit<Method, 'id'>;

const KEY = ['admin-payment-methods'] as const;
const EMPTY: Form = {
  name: '',
  description: '',
  icon: '💳',
  active: true,
  requiresChange: false,
  infinitepayEnabled: false,
  maxInstallments: 1,
};

function MethodDialog({ open, editing, onClose }: { open: boolean; editing: Method | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setForm(editing ? { ...editing } : EMPTY);
  }
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const save = useMutation({
    mutationFn: (body: Form) =>
      editing
        ? api.put(`/api/admin/payment-methods/${editing.id}`, body)
        : api.post('/api/admin/payment-methods', body),
    onSuccess: () => {
      toast.success(editing ? 'Forma de pagamento atualizada!' : 'Forma de pagamento criada!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) =>
      toastError(err, editing ? 'Erro ao atualizar forma de pagamento' : 'Erro ao criar forma de pagamento'),
  });
  const nameOk = form.name.trim() !== '';
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent variant="sheet">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (nameOk) save.mutate(form);
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing ? 'Editar Forma de Pagamento' : 'Nova Forma de Pagamento'}</DialogTitle>
            <DialogDescription>Aparece no checkout do cardápio e no PDV.</DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-[5rem_1fr] gap-3">
            <FormField label="Ícone" htmlFor="pm-icon">
              <Input
                id="pm-icon"
                value={form.icon ?? ''}
                maxLength={4}
                onChange={(e) => set('icon', e.target.value)}
                className="text-center text-xl"
              />
            </FormField>
            <FormField label="Nome" htmlFor="pm-name">
              <Input
                id="pm-name"
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                maxLength={80}
                autoFocus
              />
            </FormField>
          </div>
          <FormField label="Descrição" htmlFor="pm-description">
            <Input
              id="pm-description"
              value={form.description ?? ''}
              onChange={(e) => set('description', e.target.value)}
              maxLength={300}
            />
          </FormField>
          <div className="flex items-center gap-2">
            <Switch id="pm-change" checked={form.requiresChange} onCheckedChange={(v) => set('requiresChange', v)} />
            <Label htmlFor="pm-change">Precisa de troco</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id="pm-ip"
              checked={form.infinitepayEnabled}
              onCheckedChange={(v) => set('infinitepayEnabled', v)}
            />
            <Label htmlFor="pm-ip">Pagar online (Infinitepay)</Label>
          </div>
          {form.infinitepayEnabled && (
            <FormField label="Parcelas (até)" htmlFor="pm-installments">
              <Select value={String(form.maxInstallments)} onValueChange={(v) => set('maxInstallments', Number(v))}>
                <SelectTrigger id="pm-installments">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
                    <SelectItem key={n} value={String(n)}>
                      {n}x
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
          <div className="flex items-center gap-2">
            <Switch id="pm-active" checked={form.active} onCheckedChange={(v) => set('active', v)} />
            <Label htmlFor="pm-active">Ativa</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!nameOk || save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function PaymentMethodsPage() {
  const queryClient = useQueryClient();
  const methods = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ paymentMethods: Method[] }>('/api/admin/payment-methods').then((r) => r.paymentMethods),
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Method | null }>({ open: false, editing: null });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: KEY });
  const defaults = useMutation({
    mutationFn: () => api.post('/api/admin/payment-methods/defaults'),
    onSuccess: () => {
      toast.success('Formas de pagamento padrão criadas!');
      invalidate();
    },
    onError: (err) => toastError(err, 'Erro ao criar formas de pagamento'),
  });
  const toggle = useMutation({
    mutationFn: (m: Method) => api.patch(`/api/admin/payment-methods/${m.id}/active`, { active: !m.active }),
    onSuccess: invalidate,
    onError: (err) => toastError(err, 'Erro ao atualizar forma de pagamento'),
  });
  const remove = useMutation({
    mutationFn: (m: Method) => api.delete(`/api/admin/payment-methods/${m.id}`),
    onSuccess: () => {
      toast.success('Forma de pagamento excluída!');
      invalidate();
    },
    onError: (err) => toastError(err, 'Erro ao excluir forma de pagamento'),
  });
  const list = methods.data ?? [];
  return (
    <div>
      <PageHeader
        title="Formas de Pagamento"
        actions={
          <>
            {methods.isSuccess && list.length === 0 && (
              <Button variant="outline" onClick={() => defaults.mutate()} disabled={defaults.isPending}>
                <Sparkles aria-hidden /> Criar Padrões
              </Button>
            )}
            <Button onClick={() => setDialog({ open: true, editing: null })}>
              <Plus aria-hidden /> Nova Forma
            </Button>
          </>
        }
      />
      {methods.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar formas de pagamento</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Descrição</TableHead>
              <TableHead>Troco</TableHead>
              <TableHead>Infinitepay</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {methods.isPending ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Skeleton className="h-24 w-full" />
                </TableCell>
              </TableRow>
            ) : list.length === 0 ? (
              <TableEmpty colSpan={6}>Nenhuma forma de pagamento cadastrada</TableEmpty>
            ) : (
              list.map((m) => (
                <TableRow key={m.id}>
                  <TableCell label="Nome" className="font-medium">
                    <span>
                      <span className="mr-2" aria-hidden>
                        {m.icon}
                      </span>
                      {m.name}
                    </span>
                  </TableCell>
                  <TableCell
                    label="Descrição"
                    className="text-muted-foreground max-md:whitespace-normal md:max-w-64 md:truncate"
                  >
                    {m.description || '—'}
                  </TableCell>
                  <TableCell label="Troco">{m.requiresChange ? 'Sim' : 'Não'}</TableCell>
                  <TableCell label="Infinitepay">
                    {m.infinitepayEnabled ? <Badge variant="brand">Sim · até {m.maxInstallments}x</Badge> : 'Não'}
                  </TableCell>
                  <TableCell label="Status">
                    <div className="flex items-center gap-2">
                      <Switch
                        checked={m.active}
                        onCheckedChange={() => toggle.mutate(m)}
                        aria-label={`${m.name} ativa`}
                      />
                      <Badge variant={m.active ? 'success' : 'secondary'}>{m.active ? 'Ativa' : 'Inativa'}</Badge>
                    </div>
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${m.name}`}
                        onClick={() => setDialog({ open: true, editing: m })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <ConfirmDialog
                        title="Tem certeza que deseja excluir esta forma de pagamento?"
                        onConfirm={() => remove.mutateAsync(m)}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Excluir ${m.name}`}>
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
      <MethodDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
