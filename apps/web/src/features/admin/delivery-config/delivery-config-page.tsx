import { isValidCepPattern } from '@meucardapio/domain/delivery';
import { centsText, parseBRLInput } from '@meucardapio/domain/money';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { formatMoney } from '@/lib/format';

type Neighborhood = { id: string; name: string; deliveryFee: number; cepPattern: string | null };
type Form = { name: string; fee: string; pattern: string };

function NeighborhoodFields({ form, set, errors }: FieldsProps<Neighborhood, Form>) {
  return (
    <>
      <FormField label="Nome do bairro" htmlFor="nb-name" error={errors.name}>
        <Input
          id="nb-name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          aria-invalid={!!errors.name}
          autoFocus
        />
      </FormField>
      <FormField label="Taxa de entrega (R$)" htmlFor="nb-fee" error={errors.fee}>
        <Input
          id="nb-fee"
          inputMode="decimal"
          placeholder="0,00"
          value={form.fee}
          onChange={(e) => set('fee', e.target.value)}
          aria-invalid={!!errors.fee}
        />
      </FormField>
      <FormField label="Padrão de CEP (opcional)" htmlFor="nb-cep" error={errors.pattern} hint="Ex.: 01000 ou 12345-*">
        <Input
          id="nb-cep"
          value={form.pattern}
          onChange={(e) => set('pattern', e.target.value)}
          aria-invalid={!!errors.pattern}
        />
      </FormField>
    </>
  );
}

const NEIGHBORHOODS: EntityListSpec<Neighborhood, Form> = {
  endpoint: '/api/admin/neighborhoods',
  queryKey: ['admin-neighborhoods'],
  load: () => api.get<{ neighborhoods: Neighborhood[] }>('/api/admin/neighborhoods').then((r) => r.neighborhoods),
  messages: {
    created: 'Bairro criado!',
    updated: 'Bairro atualizado!',
    deleted: 'Bairro excluído!',
    createFailed: 'Erro ao criar bairro',
    updateFailed: 'Erro ao atualizar bairro',
    deleteFailed: 'Erro ao excluir bairro',
    loadFailed: 'Erro ao carregar bairros',
  },
  title: 'Configurações de Entrega',
  description: 'Bairros atendidos, taxa de entrega e padrão de CEP.',
  newLabel: 'Novo Bairro',
  empty: 'Nenhum bairro cadastrado',
  columns: [
    { header: 'Bairro', className: 'font-medium', cell: (n) => n.name },
    {
      header: 'Taxa de entrega',
      label: 'Taxa',
      className: 'tabular-nums',
      cell: (n) => (n.deliveryFee === 0 ? 'Grátis' : formatMoney(n.deliveryFee)),
    },
    { header: 'Padrão de CEP', label: 'CEP', className: 'font-mono', cell: (n) => n.cepPattern || '—' },
  ],
  rowName: (n) => n.name,
  confirmDelete: { title: 'Tem certeza que deseja excluir este bairro?' },
  form: {
    titles: ['Novo Bairro', 'Editar Bairro'],
    description: 'A taxa é cobrada nos pedidos de delivery para este bairro.',
    toForm: (n) => ({
      name: n?.name ?? '',
      fee: n ? centsText(n.deliveryFee) : '',
      pattern: n?.cepPattern ?? '',
    }),
    toBody: (f) => {
      const errors: Partial<Form> = {};
      if (!f.name.trim()) errors.name = 'Informe o nome do bairro';
      const cents = f.fee.trim() === '' ? 0 : parseBRLInput(f.fee);
      if (cents === null) errors.fee = 'Taxa inválida (ex.: 6,50)';
      if (f.pattern.trim() && !isValidCepPattern(f.pattern))
        errors.pattern = 'Use o início do CEP (ex.: 01000) ou 12345-*';
      if (Object.keys(errors).length) return { errors };
      return { body: { name: f.name.trim(), deliveryFee: cents, cepPattern: f.pattern.trim() || null } };
    },
    Fields: NeighborhoodFields,
  },
};

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
  return (
    <EntityList spec={NEIGHBORHOODS}>
      <MissingStatesNotice />
    </EntityList>
  );
}
