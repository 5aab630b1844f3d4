import { MSG } from '@meucardapio/domain/messages';
import type { PaymentMethodInput, PaymentMethodView } from '@meucardapio/domain/payment-method-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EntityFormDialog, useEntityDialog, useResetOnOpen } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastError } from '@/lib/api';
import { useDeleteEntity, useSaveEntity, useToggleActive } from '../shared/entity-mutations';
import { LoadErrorPanel, TableSkeletonRows } from '../shared/list-states';
import { RowActionsCell } from '../shared/row-actions';

type Method = PaymentMethodView;
type Form = PaymentMethodInput;

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
  const [form, setForm] = useState<Form>(EMPTY);
  useResetOnOpen(open, () => setForm(editing ? { ...editing } : EMPTY));
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const save = useSaveEntity<Form>({
    endpoint: '/api/admin/payment-methods',
    id: editing?.id,
    invalidate: [KEY],
    messages: {
      created: 'Forma de pagamento criada!',
      updated: 'Forma de pagamento atualizada!',
      createFailed: 'Erro ao criar forma de pagamento',
      updateFailed: 'Erro ao atualizar forma de pagamento',
    },
    onSaved: onClose,
  });
  const nameOk = form.name.trim() !== '';
  return (
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={editing ? 'Editar Forma de Pagamento' : 'Nova Forma de Pagamento'}
      description="Aparece no checkout do cardápio e no PDV."
      onSubmit={() => {
        if (nameOk) save.mutate(form);
      }}
      pending={save.isPending}
      submitDisabled={!nameOk}
    >
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
        <Switch id="pm-ip" checked={form.infinitepayEnabled} onCheckedChange={(v) => set('infinitepayEnabled', v)} />
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
    </EntityFormDialog>
  );
}

export default function PaymentMethodsPage() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ paymentMethods: Method[]; checkoutConfigured: boolean }>('/api/admin/payment-methods'),
  });
  const dialog = useEntityDialog<Method>();
  const defaults = useMutation({
    mutationFn: () => api.post('/api/admin/payment-methods/defaults'),
    onSuccess: () => {
      toast.success('Formas de pagamento padrão criadas!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastError(err, 'Erro ao criar formas de pagamento'),
  });
  const toggle = useToggleActive<Method>({
    endpoint: '/api/admin/payment-methods',
    invalidate: [KEY],
    messages: { failed: 'Erro ao atualizar forma de pagamento' },
  });
  const remove = useDeleteEntity<Method>({
    endpoint: '/api/admin/payment-methods',
    invalidate: [KEY],
    messages: { deleted: 'Forma de pagamento excluída!', failed: 'Erro ao excluir forma de pagamento' },
  });
  const list = query.data?.paymentMethods ?? [];
  // Card/PIX through the provider are offered (configured, or the fallback list when none is active)
  // but the restaurant's checkout handle is missing: the storefront refuses them.
  const offersOnline = list.some((m) => m.active && m.infinitepayEnabled) || !list.some((m) => m.active);
  const checkoutMissing = query.isSuccess && !query.data.checkoutConfigured && offersOnline;
  return (
    <div>
      <PageHeader
        title="Formas de Pagamento"
        actions={
          <>
            {query.isSuccess && list.length === 0 && (
              <Button variant="outline" onClick={() => defaults.mutate()} disabled={defaults.isPending}>
                <Sparkles aria-hidden /> Criar Padrões
              </Button>
            )}
            <Button onClick={dialog.create}>
              <Plus aria-hidden /> Nova Forma
            </Button>
          </>
        }
      />
      {checkoutMissing && (
        <div role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{MSG.checkoutNotConfigured}</p>
          <p className="text-sm">{MSG.checkoutNotConfiguredStaff}</p>
        </div>
      )}
      {query.isError ? (
        <LoadErrorPanel title="Erro ao carregar formas de pagamento" />
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
            {query.isPending ? (
              <TableSkeletonRows colSpan={6} className="h-24" />
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
                  <RowActionsCell
                    editLabel={`Editar ${m.name}`}
                    onEdit={() => dialog.edit(m)}
                    deleteLabel={`Excluir ${m.name}`}
                    confirmTitle="Tem certeza que deseja excluir esta forma de pagamento?"
                    onDelete={() => remove.mutateAsync(m)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <MethodDialog open={dialog.open} editing={dialog.editing} onClose={dialog.close} />
    </div>
  );
}
