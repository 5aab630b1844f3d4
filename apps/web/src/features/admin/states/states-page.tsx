import { normalizeText } from '@meucardapio/domain/delivery';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { FieldErrors, FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/api';
import { useGeoStates, useStateCities } from '@/lib/geo';

type DeliveryState = { id: string; code: string; name: string; cities: string[]; active: boolean };
type Form = {
  code: string;
  stateName: string;
  cities: string[];
  active: boolean;
  /** What is typed in the city search box, and the state's city it names exactly (any accents or case). */
  search: string;
  typedCity: string | null;
};

/** "A, B, C +N mais" (spec 3 §9: the first 3 cities). */
export function citiesSummary(cities: string[]): string {
  if (cities.length === 0) return 'Nenhuma cidade';
  const head = cities.slice(0, 3).join(', ');
  return cities.length > 3 ? `${head} +${cities.length - 3} mais` : head;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');

const exactCity = (list: readonly string[] | undefined, typed: string) =>
  (list ?? []).find((c) => normalizeText(c) === normalizeText(typed.trim())) ?? null;

function refuse(title: string, description: string): { errors: FieldErrors<Form> } {
  toast.error(title, { description });
  return { errors: { search: description } };
}

/**
 * The cities with what is still typed in the search box: a typed name counts when it is exactly a city
 * of the state; anything else is refused with a message, never dropped.
 */
function toBody(f: Form) {
  const typed = f.search.trim();
  let cities = f.cities;
  if (typed) {
    if (!f.typedCity)
      return refuse('Cidade inválida', `${typed} não é uma cidade de ${f.stateName}. Escolha uma cidade da lista.`);
    if (!cities.includes(f.typedCity)) cities = [...cities, f.typedCity].sort(byName);
  }
  if (cities.length === 0)
    return refuse('Nenhuma cidade', `Adicione ao menos uma cidade de ${f.stateName} atendida pela entrega.`);
  return { body: { code: f.code, cities, active: f.active } };
}

function StateFields({ form, set, errors }: FieldsProps<DeliveryState, Form>) {
  const states = useGeoStates();
  const cityList = useStateCities(form.code);
  const [enterError, setEnterError] = useState<string | null>(null);
  const cityError = errors.search ?? enterError;
  const matches = useMemo(() => {
    const q = normalizeText(form.search);
    if (!q) return [];
    return (cityList.data ?? []).filter((c) => normalizeText(c).includes(q) && !form.cities.includes(c)).slice(0, 8);
  }, [form.search, cityList.data, form.cities]);

  function typeCity(text: string) {
    set('search', text);
    set('typedCity', exactCity(cityList.data, text));
    setEnterError(null);
  }
  function addCity(city: string) {
    if (!form.cities.includes(city)) set('cities', [...form.cities, city].sort(byName));
    typeCity('');
  }

  return (
    <>
      <FormField label="Estado" htmlFor="st-code">
        <Select
          value={form.code}
          onValueChange={(v) => {
            set('code', v);
            set('stateName', states.data?.find((s) => s.code === v)?.name ?? v);
            set('cities', []);
            typeCity('');
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
      {form.code && (
        <FormField
          label="Adicionar cidade"
          htmlFor="st-city"
          hint="Digite para buscar nas cidades do estado"
          error={cityError ?? undefined}
        >
          <div className="relative">
            <Input
              id="st-city"
              value={form.search}
              onChange={(e) => typeCity(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the typed city instead of saving the form.
                if (e.key !== 'Enter' || !form.search.trim()) return;
                e.preventDefault();
                if (form.typedCity) addCity(form.typedCity);
                else {
                  const description = `${form.search.trim()} não é uma cidade de ${form.stateName}. Escolha uma cidade da lista.`;
                  setEnterError(description);
                  toast.error('Cidade inválida', { description });
                }
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
      {form.cities.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {form.cities.map((c) => (
            <Badge key={c} variant="secondary" className="gap-1 py-1">
              {c}
              <button
                type="button"
                aria-label={`Remover ${c}`}
                onClick={() =>
                  set(
                    'cities',
                    form.cities.filter((x) => x !== c),
                  )
                }
              >
                <X aria-hidden />
              </button>
            </Badge>
          ))}
        </div>
      )}
      <div className="flex items-center gap-2">
        <Switch id="st-active" checked={form.active} onCheckedChange={(v) => set('active', v)} />
        <Label htmlFor="st-active">Ativo</Label>
      </div>
    </>
  );
}

const STATES: EntityListSpec<DeliveryState, Form> = {
  endpoint: '/api/admin/delivery-states',
  queryKey: ['admin-delivery-states'],
  load: () => api.get<{ states: DeliveryState[] }>('/api/admin/delivery-states').then((r) => r.states),
  messages: {
    created: 'Estado criado!',
    updated: 'Estado atualizado!',
    deleted: 'Estado excluído!',
    createFailed: 'Erro ao criar estado',
    updateFailed: 'Erro ao atualizar estado',
    deleteFailed: 'Erro ao excluir estado',
    loadFailed: 'Erro ao carregar estados',
  },
  title: 'Estados para Entrega',
  description: 'Estados e cidades atendidos pela entrega própria.',
  newLabel: 'Novo Estado',
  wide: true,
  empty: 'Nenhum estado cadastrado',
  columns: [
    {
      header: 'Estado',
      className: 'font-medium',
      cell: (s) => (
        <span>
          {s.name} <span className="text-muted-foreground">({s.code})</span>
        </span>
      ),
    },
    {
      header: 'Cidades',
      className: 'max-w-96 whitespace-normal',
      cell: (s) => <span title={s.cities.join(', ')}>{citiesSummary(s.cities)}</span>,
    },
  ],
  active: { label: (s) => `${s.name} ativo` },
  rowName: (s) => s.name,
  confirmDelete: { title: 'Tem certeza que deseja excluir este estado?' },
  form: {
    titles: ['Novo Estado', 'Editar Estado'],
    description: 'Pedidos de outros estados vão por transportadora.',
    toForm: (s) => ({
      code: s?.code ?? '',
      stateName: s?.name ?? '',
      cities: s?.cities ?? [],
      active: s?.active ?? true,
      search: '',
      typedCity: null,
    }),
    toBody,
    submitDisabled: (f) => !f.code,
    Fields: StateFields,
  },
};

export default function StatesPage() {
  return <EntityList spec={STATES} />;
}
