import type { CourierView } from '@meucardapio/domain/couriers';
import { useQuery } from '@tanstack/react-query';
import { Bike, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useDeleteEntity, useSaveEntity } from '@/components/crud/entity-mutations';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { maskPhone } from '@/lib/format';

const KEY = ['admin-couriers'] as const;
/** The board's "Escolher Entregador" list includes them. */
const DELIVERY_PEOPLE_KEY = ['admin-delivery-people'] as const;

/** Freelance motoboys: a name and a phone, no login; the board can send a delivery out with one. */
export function CouriersCard() {
  const id = useId();
  const couriers = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ couriers: CourierView[] }>('/api/admin/couriers').then((r) => r.couriers),
  });
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [removing, setRemoving] = useState<CourierView | null>(null);
  const save = useSaveEntity<{ name: string; phone: string }>({
    endpoint: '/api/admin/couriers',
    id: undefined,
    invalidate: [KEY, DELIVERY_PEOPLE_KEY],
    messages: {
      created: 'Entregador cadastrado!',
      updated: 'Entregador atualizado!',
      createFailed: 'Erro ao cadastrar entregador',
      updateFailed: 'Erro ao atualizar entregador',
    },
    onSaved: () => {
      setName('');
      setPhone('');
    },
  });
  const remove = useDeleteEntity<CourierView>({
    endpoint: '/api/admin/couriers',
    invalidate: [KEY, DELIVERY_PEOPLE_KEY],
    messages: { deleted: 'Entregador removido!', failed: 'Erro ao remover entregador' },
  });
  const list = couriers.data ?? [];

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ name, phone });
  }

  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bike className="size-5" aria-hidden />
          Entregadores sem login
        </CardTitle>
        <CardDescription>
          Motoboys avulsos: só nome e telefone. Aparecem em “Escolher Entregador” ao enviar um pedido; a entrega é
          confirmada no painel com os 4 últimos dígitos do telefone do cliente.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {couriers.isError ? (
          <LoadErrorNotice title="Erro ao carregar entregadores" error={couriers.error} />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {couriers.isPending ? 'Carregando…' : 'Nenhum entregador cadastrado.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {list.map((c) => (
              <li key={c.id} className="flex items-center gap-3 rounded-lg border px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
                <span className="tabular-nums text-muted-foreground">{maskPhone(c.phone)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remover ${c.name}`}
                  onClick={() => setRemoving(c)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]">
          <FormField label="Nome" htmlFor={`${id}-name`}>
            <Input id={`${id}-name`} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label="Telefone" htmlFor={`${id}-phone`}>
            <Input
              id={`${id}-phone`}
              inputMode="tel"
              placeholder="(31) 98765-4321"
              value={phone}
              onChange={(e) => setPhone(maskPhone(e.target.value))}
            />
          </FormField>
          <Button type="submit" loading={save.isPending} className="sm:mb-0">
            <Plus aria-hidden />
            Adicionar entregador
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(v) => !v && setRemoving(null)}
        title="Remover este entregador?"
        description={removing ? `${removing.name} deixa de aparecer em “Escolher Entregador”.` : undefined}
        onConfirm={() => (removing ? remove.mutateAsync(removing) : undefined)}
      />
    </Card>
  );
}
