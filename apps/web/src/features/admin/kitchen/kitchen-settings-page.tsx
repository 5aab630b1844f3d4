import { type KitchenStation, kitchenThresholdsInput } from '@meucardapio/domain/kitchen';
import { ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChefHat } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api';
import { plural } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { fetchStations, fetchThresholds, kitchenKeys, saveThresholds } from './kitchen-api';

type Form = { name: string };

function StationFields({ form, set }: FieldsProps<KitchenStation, Form>) {
  return (
    <FormField label="Nome" htmlFor="station-name">
      <Input
        id="station-name"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        autoFocus
        maxLength={60}
      />
    </FormField>
  );
}

const STATIONS: EntityListSpec<KitchenStation, Form> = {
  endpoint: '/api/admin/kitchen/stations',
  queryKey: kitchenKeys.stations,
  load: fetchStations,
  // The kitchen's boards and the products form show the stations.
  alsoInvalidate: [kitchenKeys.all, ['admin', 'products']],
  messages: {
    created: 'Estação criada!',
    updated: 'Estação atualizada!',
    deleted: 'Estação excluída!',
    createFailed: 'Erro ao criar estação',
    updateFailed: 'Erro ao atualizar estação',
    deleteFailed: 'Erro ao excluir estação',
    loadFailed: 'Erro ao carregar estações',
  },
  frame: 'card',
  title: 'Estações',
  description:
    'Escolha a estação de cada produto no cadastro de produtos. Produtos sem estação aparecem só em "Todas".',
  newLabel: 'Nova Estação',
  empty: 'Nenhuma estação criada',
  columns: [
    { header: 'Nome', className: 'font-medium', cell: (s) => s.name },
    {
      header: 'Produtos',
      headClassName: 'w-32',
      className: 'tabular-nums',
      cell: (s) => plural(s.productCount, 'produto', 'produtos'),
    },
  ],
  rowName: (s) => s.name,
  confirmDelete: {
    title: 'Tem certeza que deseja excluir esta estação? Os produtos dela ficarão sem estação.',
    description: (s) => s.name,
  },
  form: {
    titles: ['Nova Estação', 'Editar Estação'],
    description: 'Cada estação vê na cozinha só os itens dos produtos dela (ex.: Pizzas, Bebidas, Sobremesas).',
    style: 'compact',
    toForm: (s) => ({ name: s?.name ?? '' }),
    toBody: (f) => (f.name.trim() ? { body: { name: f.name.trim() } } : { errors: {} }),
    submitDisabled: (f) => !f.name.trim(),
    Fields: StationFields,
  },
};

function ThresholdsCard() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: kitchenKeys.settings, queryFn: fetchThresholds });
  const [warn, setWarn] = useState('');
  const [late, setLate] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!current.data) return;
    setWarn(String(current.data.warnMinutes));
    setLate(String(current.data.lateMinutes));
  }, [current.data]);
  const save = useMutation({
    mutationFn: saveThresholds,
    onSuccess: () => {
      toast.success('Tempos da cozinha salvos!');
      void queryClient.invalidateQueries({ queryKey: kitchenKeys.all });
    },
    onError: (err) => toastError(err, 'Erro ao salvar tempos'),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = kitchenThresholdsInput.safeParse({ warnMinutes: Number(warn), lateMinutes: Number(late) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tempo de preparo</CardTitle>
        <CardDescription>
          O relógio de cada pedido na cozinha fica amarelo e depois vermelho, contando desde que foi feito.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {current.isError ? (
          <LoadErrorNotice title="Erro ao carregar tempos" error={current.error} />
        ) : (
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <FormField label="Amarelo após (minutos)" htmlFor="kitchen-warn">
              <Input
                id="kitchen-warn"
                type="number"
                inputMode="numeric"
                min={1}
                value={warn}
                onChange={(e) => setWarn(e.target.value)}
                disabled={current.isPending}
              />
            </FormField>
            <FormField label="Vermelho após (minutos)" htmlFor="kitchen-late" error={error}>
              <Input
                id="kitchen-late"
                type="number"
                inputMode="numeric"
                min={2}
                value={late}
                onChange={(e) => setLate(e.target.value)}
                disabled={current.isPending}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'kitchen-late-error' : undefined}
              />
            </FormField>
            <Button type="submit" className="sm:mt-[1.375rem]" loading={save.isPending} disabled={current.isPending}>
              Salvar tempos
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Kitchen display settings: the stations (who edits products) and the timer thresholds (who edits settings). */
export default function KitchenSettingsPage() {
  const { can, canAny } = useStaff();
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Configurações da Cozinha"
        description="Estações de preparo e tempos de alerta da tela da cozinha."
        actions={
          canAny(ROUTE_PERMISSIONS.kitchen) && (
            <Button variant="outline" asChild>
              <Link to="/admin/kitchen">
                <ChefHat aria-hidden />
                Abrir a cozinha
              </Link>
            </Button>
          )
        }
      />
      {canAny(ROUTE_PERMISSIONS.kitchenStations) && <EntityList spec={STATIONS} />}
      {can('manage_settings') && <ThresholdsCard />}
    </div>
  );
}
