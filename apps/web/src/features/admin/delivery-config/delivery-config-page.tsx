import { isValidCepPattern } from '@meucardapio/domain/delivery';
import { parseBRLInput } from '@meucardapio/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EntityFormDialog, useEntityDialog, useResetOnOpen } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useDeleteEntity, useSaveEntity } from '../shared/entity-mutations';
import { LoadErrorPanel, TableSkeletonRows } from '../shared/list-states';
import { RowActionsCell } from '../shared/row-actions';

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
  const [name, setName] = useState('');
  const [fee, setFee] = useState('');
  const [pattern, setPattern] = useState('');
  const [errors, setErrors] = useState<{ name?: string; fee?: string; pattern?: string }>({});
  useResetOnOpen(open, () => {
    setName(editing?.name ?? '');
    setFee(editing ? (editing.deliveryFee / 100).toFixed(2).replace('.', ',') : '');
    setPattern(editing?.cepPattern ?? '');
    setErrors({});
  });
  const save = useSaveEntity<object>({
    endpoint: '/api/admin/neighborhoods',
    id: editing?.id,
    invalidate: [KEY],
    messages: {
      created: 'Bairro criado!',
      updated: 'Bairro atualizado!',
      createFailed: 'Erro ao criar bairro',
      updateFailed: 'Erro ao atualizar bairro',
    },
    onSaved: onClose,
  });
  function submit() {
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
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={editing ? 'Editar Bairro' : 'Novo Bairro'}
      description="A taxa é cobrada nos pedidos de delivery para este bairro."
      onSubmit={submit}
      pending={save.isPending}
      noValidate
    >
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
      <FormField label="Padrão de CEP (opcional)" htmlFor="nb-cep" error={errors.pattern} hint="Ex.: 01000 ou 12345-*">
        <Input
          id="nb-cep"
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
          aria-invalid={!!errors.pattern}
        />
      </FormField>
    </EntityFormDialog>
  );
}

/**
 * Neighbourhoods alone accept no delivery: the customer's state and city must be served too. Says so,
 * with the way there, while no active state has a city (staff who cannot see the states get nothing).
 */
function MissingStatesNotice() {
  const states = useQuery({
    queryKey: ['admin-delivery-states'],
    queryFn: () =>
      api.get<{ states: { active: boolean; cities: string[] }[] }>('/api/admin/delivery-states').then((r) => r.states),
    retry: false,
  });
  if (!states.data || states.data.some((s) => s.active && s.cities.length > 0)) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium">Falta informar o estado e a cidade atendidos</p>
        <p>
          Sem eles nenhum pedido de entrega é aceito, mesmo com bairros e taxas cadastrados. Cadastre ao menos um estado
          com a sua cidade.
        </p>
      </div>
      <Button asChild size="sm" variant="outline" className="bg-background">
        <Link to="/admin/states">Configurar estados e cidades</Link>
      </Button>
    </div>
  );
}

export default function DeliveryConfigPage() {
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ neighborhoods: Neighborhood[] }>('/api/admin/neighborhoods').then((r) => r.neighborhoods),
  });
  const dialog = useEntityDialog<Neighborhood>();
  const remove = useDeleteEntity<Neighborhood>({
    endpoint: '/api/admin/neighborhoods',
    invalidate: [KEY],
    messages: { deleted: 'Bairro excluído!', failed: 'Erro ao excluir bairro' },
  });
  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title="Configurações de Entrega"
        description="Bairros atendidos, taxa de entrega e padrão de CEP."
        actions={
          <Button onClick={dialog.create}>
            <Plus aria-hidden /> Novo Bairro
          </Button>
        }
      />
      <MissingStatesNotice />
      {list.isError ? (
        <LoadErrorPanel title="Erro ao carregar bairros" />
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
              <TableSkeletonRows colSpan={4} className="h-24" />
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
                  <RowActionsCell
                    editLabel={`Editar ${n.name}`}
                    onEdit={() => dialog.edit(n)}
                    deleteLabel={`Excluir ${n.name}`}
                    confirmTitle="Tem certeza que deseja excluir este bairro?"
                    onDelete={() => remove.mutateAsync(n)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <NeighborhoodDialog open={dialog.open} editing={dialog.editing} onClose={dialog.close} />
    </div>
  );
}
