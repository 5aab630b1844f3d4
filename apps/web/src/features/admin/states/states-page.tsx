import { normalizeText } from '@meucardapio/domain/delivery';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
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
import { api } from '@/lib/api';
import { useGeoStates, useStateCities } from '@/lib/geo';
import { useDeleteEntity, useSaveEntity, useToggleActive } from '../shared/entity-mutations';
import { LoadErrorPanel, TableSkeletonRows } from '../shared/list-states';
import { RowActionsCell } from '../shared/row-actions';

type DeliveryState = { id: string; code: string; name: string; cities: string[]; active: boolean };
const KEY = ['admin-delivery-states'] as const;

/** "A, B, C +N mais" (spec 3 §9: the first 3 cities). */
export function citiesSummary(cities: string[]): string {
  if (cities.length === 0) return 'Nenhuma cidade';
  const head = cities.slice(0, 3).join(', ');
  return cities.length > 3 ? `${head} +${cities.length - 3} mais` : head;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');

function StateDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: DeliveryState | null;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [cities, setCities] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [search, setSearch] = useState('');
  const [cityError, setCityError] = useState<string | null>(null);
  useResetOnOpen(open, () => {
    setCode(editing?.code ?? '');
    setCities(editing?.cities ?? []);
    setActive(editing?.active ?? true);
    setSearch('');
    setCityError(null);
  });
  const states = useGeoStates();
  const cityList = useStateCities(code);
  const matches = useMemo(() => {
    const q = normalizeText(search);
    if (!q) return [];
    return (cityList.data ?? []).filter((c) => normalizeText(c).includes(q) && !cities.includes(c)).slice(0, 8);
  }, [search, cityList.data, cities]);
  const stateName = states.data?.find((s) => s.code === code)?.name ?? code;

  function refuse(title: string, description: string) {
    setCityError(description);
    toast.error(title, { description });
  }

  function addCity(city: string) {
    setCities((list) => (list.includes(city) ? list : [...list, city].sort(byName)));
    setSearch('');
    setCityError(null);
  }

  /**
   * The cities with what is still typed in the search box: a typed name counts when it is exactly a
   * city of the state (any accents or case); anything else is refused with a message, never dropped.
   */
  function citiesWithTyped(): string[] | null {
    const typed = search.trim();
    if (!typed) return cities;
    const exact = (cityList.data ?? []).find((c) => normalizeText(c) === normalizeText(typed));
    if (!exact) {
      refuse('Cidade inválida', `${typed} não é uma cidade de ${stateName}. Escolha uma cidade da lista.`);
      return null;
    }
    addCity(exact);
    return cities.includes(exact) ? cities : [...cities, exact].sort(byName);
  }

  function submit() {
    if (!code) return;
    const list = citiesWithTyped();
    if (!list) return;
    if (list.length === 0) {
      refuse('Nenhuma cidade', `Adicione ao menos uma cidade de ${stateName} atendida pela entrega.`);
      return;
    }
    save.mutate({ code, cities: list, active });
  }
  const save = useSaveEntity<object>({
    endpoint: '/api/admin/delivery-states',
    id: editing?.id,
    invalidate: [KEY],
    messages: {
      created: 'Estado criado!',
      updated: 'Estado atualizado!',
      createFailed: 'Erro ao criar estado',
      updateFailed: 'Erro ao atualizar estado',
    },
    onSaved: onClose,
  });
  return (
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={editing ? 'Editar Estado' : 'Novo Estado'}
      description="Pedidos de outros estados vão por transportadora."
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={!code}
    >
      <FormField label="Estado" htmlFor="st-code">
        <Select
          value={code}
          onValueChange={(v) => {
            setCode(v);
            setCities([]);
            setCityError(null);
          }}
        >
          <SelectTrigger id="st-code">
            <SelectValue placeholder="Selecione o estado" />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {(states.data ?? []).map((s) => (
              <SelectItem key={s.code} value={s.code}>
                {s.name} ({s.code})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {code && (
        <FormField
          label="Adicionar cidade"
          htmlFor="st-city"
          hint="Digite para buscar nas cidades do estado"
          error={cityError ?? undefined}
        >
          <div className="relative">
            <Input
              id="st-city"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setCityError(null);
              }}
              onKeyDown={(e) => {
                // Enter adds the typed city instead of saving the form.
                if (e.key !== 'Enter' || !search.trim()) return;
                e.preventDefault();
                citiesWithTyped();
              }}
              autoComplete="off"
              aria-invalid={cityError ? true : undefined}
            />
            {matches.length > 0 && (
              <ul className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-auto rounded-md border bg-popover p-1 shadow-md">
                {matches.map((c) => (
                  <li key={c}>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-accent"
                      onClick={() => addCity(c)}
                    >
                      {c}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </FormField>
      )}
      {cities.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {cities.map((c) => (
            <Badge key={c} variant="secondary" className="gap-1 py-1">
              {c}
              <button
                type="button"
                aria-label={`Remover ${c}`}
                onClick={() => setCities((l) => l.filter((x) => x !== c))}
              >
                <X aria-hidden />
              </button>
            </Badge>
          ))}
        </div>
      )}
      <div className="flex items-center gap-2">
        <Switch id="st-active" checked={active} onCheckedChange={setActive} />
        <Label htmlFor="st-active">Ativo</Label>
      </div>
    </EntityFormDialog>
  );
}

export default function StatesPage() {
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ states: DeliveryState[] }>('/api/admin/delivery-states').then((r) => r.states),
  });
  const dialog = useEntityDialog<DeliveryState>();
  const toggle = useToggleActive<DeliveryState>({
    endpoint: '/api/admin/delivery-states',
    invalidate: [KEY],
    messages: { failed: 'Erro ao atualizar estado' },
  });
  const remove = useDeleteEntity<DeliveryState>({
    endpoint: '/api/admin/delivery-states',
    invalidate: [KEY],
    messages: { deleted: 'Estado excluído!', failed: 'Erro ao excluir estado' },
  });
  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title="Estados para Entrega"
        description="Estados e cidades atendidos pela entrega própria."
        actions={
          <Button onClick={dialog.create}>
            <Plus aria-hidden /> Novo Estado
          </Button>
        }
      />
      {list.isError ? (
        <LoadErrorPanel title="Erro ao carregar estados" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Estado</TableHead>
              <TableHead>Cidades</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableSkeletonRows colSpan={4} className="h-24" />
            ) : rows.length === 0 ? (
              <TableEmpty colSpan={4}>Nenhum estado cadastrado</TableEmpty>
            ) : (
              rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell label="Estado" className="font-medium">
                    {s.name} <span className="text-muted-foreground">({s.code})</span>
                  </TableCell>
                  <TableCell label="Cidades" className="max-w-96 whitespace-normal" title={s.cities.join(', ')}>
                    {citiesSummary(s.cities)}
                  </TableCell>
                  <TableCell label="Status">
                    <div className="flex items-center gap-2">
                      <Switch
                        checked={s.active}
                        onCheckedChange={() => toggle.mutate(s)}
                        aria-label={`${s.name} ativo`}
                      />
                      <Badge variant={s.active ? 'success' : 'secondary'}>{s.active ? 'Ativo' : 'Inativo'}</Badge>
                    </div>
                  </TableCell>
                  <RowActionsCell
                    editLabel={`Editar ${s.name}`}
                    onEdit={() => dialog.edit(s)}
                    deleteLabel={`Excluir ${s.name}`}
                    confirmTitle="Tem certeza que deseja excluir este estado?"
                    onDelete={() => remove.mutateAsync(s)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <StateDialog open={dialog.open} editing={dialog.editing} onClose={dialog.close} />
    </div>
  );
}
