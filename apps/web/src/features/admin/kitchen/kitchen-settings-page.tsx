import { type KitchenStation, kitchenThresholdsInput } from '@meucardapio/domain/kitchen';
import { ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChefHat, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EntityFormDialog } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toastError } from '@/lib/api';
import { plural } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { useDeleteEntity, useSaveEntity } from '../shared/entity-mutations';
import { LoadErrorNotice, TableSkeletonRows } from '../shared/list-states';
import { CompactRowActionsCell } from '../shared/row-actions';
import { fetchStations, fetchThresholds, kitchenKeys, saveThresholds } from './kitchen-api';

const INVALIDATE = [kitchenKeys.all, ['admin', 'products']];

function StationDialog({ station, onClose }: { station: KitchenStation | null; onClose: () => void }) {
  const [name, setName] = useState(station?.name ?? '');
  const save = useSaveEntity<{ name: string }>({
    endpoint: '/api/admin/kitchen/stations',
    id: station?.id,
    invalidate: INVALIDATE,
    messages: {
      created: 'Estação criada!',
      updated: 'Estação atualizada!',
      createFailed: 'Erro ao criar estação',
      updateFailed: 'Erro ao atualizar estação',
    },
    onSaved: onClose,
  });
  return (
    <EntityFormDialog
      onClose={onClose}
      title={station ? 'Editar Estação' : 'Nova Estação'}
      description="Cada estação vê na cozinha só os itens dos produtos dela (ex.: Pizzas, Bebidas, Sobremesas)."
      onSubmit={() => name.trim() && save.mutate({ name: name.trim() })}
      pending={save.isPending}
      savingStyle="spinner"
      submitLabel={station ? 'Atualizar' : 'Criar'}
      submitDisabled={!name.trim()}
    >
      <FormField label="Nome" htmlFor="station-name">
        <Input id="station-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={60} />
      </FormField>
    </EntityFormDialog>
  );
}

function StationsCard() {
  const stations = useQuery({ queryKey: kitchenKeys.stations, queryFn: fetchStations });
  const [editing, setEditing] = useState<{ station: KitchenStation | null } | null>(null);
  const [deleting, setDeleting] = useState<KitchenStation | null>(null);
  const remove = useDeleteEntity<KitchenStation>({
    endpoint: '/api/admin/kitchen/stations',
    invalidate: INVALIDATE,
    messages: { deleted: 'Estação excluída!', failed: 'Erro ao excluir estação' },
  });
  const list = stations.data ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Estações</CardTitle>
          <CardDescription>
            Escolha a estação de cada produto no cadastro de produtos. Produtos sem estação aparecem só em
            &quot;Todas&quot;.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing({ station: null })}>
          <Plus aria-hidden />
          Nova Estação
        </Button>
      </CardHeader>
      <CardContent>
        {stations.isError ? (
          <LoadErrorNotice title="Erro ao carregar estações" error={stations.error} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="w-32">Produtos</TableHead>
                <TableHead className="w-28 text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {stations.isPending ? (
                <TableSkeletonRows colSpan={3} rows={3} className="h-8" />
              ) : list.length === 0 ? (
                <TableEmpty colSpan={3}>Nenhuma estação criada</TableEmpty>
              ) : (
                list.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell label="Nome" className="font-medium">
                      {s.name}
                    </TableCell>
                    <TableCell label="Produtos" className="tabular-nums">
                      {plural(s.productCount, 'produto', 'produtos')}
                    </TableCell>
                    <CompactRowActionsCell
                      editLabel={`Editar ${s.name}`}
                      onEdit={() => setEditing({ station: s })}
                      deleteLabel={`Excluir ${s.name}`}
                      onDelete={() => setDeleting(s)}
                    />
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && <StationDialog station={editing.station} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(v) => !v && setDeleting(null)}
        title="Tem certeza que deseja excluir esta estação? Os produtos dela ficarão sem estação."
        description={deleting?.name}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </Card>
  );
}

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
      {canAny(ROUTE_PERMISSIONS.kitchenStations) && <StationsCard />}
      {can('manage_settings') && <ThresholdsCard />}
    </div>
  );
}
