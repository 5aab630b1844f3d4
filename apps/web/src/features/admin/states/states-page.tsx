import { MSG } from '@meucardapio/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
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

type DeliveryState = { id: string; code: string; name: string; cities: string[]; active: boolean };
type GeoState = { code: string; name: string };
const KEY = ['admin-delivery-states'] as const;

/** "A, B, C +N mais" (spec 3 §9: the first 3 cities). */
export function citiesSummary(cities: string[]): string {
  if (cities.length === 0) return 'Nenhuma cidade';
  const head = cities.slice(0, 3).join(', ');
  return cities.length > 3 ? `${head} +${cities.length - 3} mais` : head;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function StateDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: DeliveryState | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [cities, setCities] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [search, setSearch] = useState('');
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setCode(editing?.code ?? '');
      setCities(editing?.cities ?? []);
      setActive(editing?.active ?? true);
      setSearch('');
    }
  }
  const states = useQuery({
    queryKey: ['geo-states'],
    queryFn: () => api.get<{ states: GeoState[] }>('/api/geo/states').then((r) => r.states),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cityList = useQuery({
    queryKey: ['geo-cities', code],
    queryFn: () => api.get<{ cities: string[] }>(`/api/geo/states/${code}/cities`).then((r) => r.cities),
    enabled: code.length === 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const matches = useMemo(() => {
    const q = fold(search.trim());
    if (!q) return [];
    return (cityList.data ?? []).filter((c) => fold(c).includes(q) && !cities.includes(c)).slice(0, 8);
  }, [search, cityList.data, cities]);
  const save = useMutation({
    mutationFn: (body: object) =>
      editing
        ? api.put(`/api/admin/delivery-states/${editing.id}`, body)
        : api.post('/api/admin/delivery-states', body),
    onSuccess: () => {
      toast.success(editing ? 'Estado atualizado!' : 'Estado criado!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => toastError(err, editing ? 'Erro ao atualizar estado' : 'Erro ao criar estado'),
  });
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent variant="sheet">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (code) save.mutate({ code, cities, active });
          }}
        >
          <DialogHeader>
            <DialogTitle>{editing ? 'Editar Estado' : 'Novo Estado'}</DialogTitle>
            <DialogDescription>Pedidos de outros estados vão por transportadora.</DialogDescription>
          </DialogHeader>
          <FormField label="Estado" htmlFor="st-code">
            <Select
              value={code}
              onValueChange={(v) => {
                setCode(v);
                setCities([]);
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
            <FormField label="Adicionar cidade" htmlFor="st-city" hint="Digite para buscar nas cidades do estado">
              <div className="relative">
                <Input id="st-city" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
                {matches.length > 0 && (
                  <ul className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-auto rounded-md border bg-popover p-1 shadow-md">
                    {matches.map((c) => (
                      <li key={c}>
                        <button
                          type="button"
                          className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-accent"
                          onClick={() => {
                            setCities((list) =>
                              list.includes(c) ? list : [...list, c].sort((a, b) => a.localeCompare(b, 'pt-BR')),
                            );
                            setSearch('');
                          }}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!code || save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function StatesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ states: DeliveryState[] }>('/api/admin/delivery-states').then((r) => r.states),
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: DeliveryState | null }>({
    open: false,
    editing: null,
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: KEY });
  const toggle = useMutation({
    mutationFn: (s: DeliveryState) => api.patch(`/api/admin/delivery-states/${s.id}/active`, { active: !s.active }),
    onSuccess: invalidate,
    onError: (err) => toastError(err, 'Erro ao atualizar estado'),
  });
  const remove = useMutation({
    mutationFn: (s: DeliveryState) => api.delete(`/api/admin/delivery-states/${s.id}`),
    onSuccess: () => {
      toast.success('Estado excluído!');
      invalidate();
    },
    onError: (err) => toastError(err, 'Erro ao excluir estado'),
  });
  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title="Estados para Entrega"
        description="Estados e cidades atendidos pela entrega própria."
        actions={
          <Button onClick={() => setDialog({ open: true, editing: null })}>
            <Plus aria-hidden /> Novo Estado
          </Button>
        }
      />
      {list.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar estados</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        </div>
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
              <TableRow>
                <TableCell colSpan={4}>
                  <Skeleton className="h-24 w-full" />
                </TableCell>
              </TableRow>
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
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${s.name}`}
                        onClick={() => setDialog({ open: true, editing: s })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <ConfirmDialog
                        title="Tem certeza que deseja excluir este estado?"
                        onConfirm={() => remove.mutateAsync(s)}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Excluir ${s.name}`}>
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
      <StateDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
