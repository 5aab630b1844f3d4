import type { CashChange } from '@meucardapio/domain/order-display';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike, MapPin, RefreshCw } from 'lucide-react';
import { CashChangeNote } from '@/components/cash-change-note';
import { ChannelBadge } from '@/components/channel-badge';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { useCoalescedRead } from '@/lib/coalesce';
import { formatMoney, formatTime, maskPhone } from '@/lib/format';
import { useEvents } from '@/lib/use-events';

type OverviewOrder = CashChange & {
  id: string;
  shortId: string;
  number: number;
  channel: string | null;
  marketplace: { displayId: string } | null;
  customerName: string;
  customerPhone: string | null;
  address: string | null;
  addressNumber: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  cep: string | null;
  deliveryKind: string | null;
  total: number;
  paymentMethod: string | null;
  note: string | null;
  updatedAt: string;
};
type Group = { deliveryPerson: { id: string; name: string } | null; orders: OverviewOrder[] };
const KEY = ['admin-delivery-overview'] as const;

const maps = (o: OverviewOrder) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    [[o.address, o.addressNumber].filter(Boolean).join(', '), o.neighborhood, o.city, o.state, o.cep]
      .filter(Boolean)
      .join(', '),
  )}`;

/** /admin/delivery: what is on the street right now, by delivery person. */
export default function DeliveryPage() {
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ groups: Group[] }>('/api/admin/delivery/overview').then((r) => r.groups),
    refetchInterval: 120_000,
  });
  const readSoon = useCoalescedRead(() => queryClient.invalidateQueries({ queryKey: KEY }), 1_000);
  useEvents('staff', { 'order.updated': readSoon });
  const groups = overview.data ?? [];
  const total = groups.reduce((n, g) => n + g.orders.length, 0);
  return (
    <div>
      <PageHeader
        title="Entregas"
        description={`${total} ${total === 1 ? 'pedido saiu' : 'pedidos saíram'} para entrega.`}
        actions={
          <Button variant="outline" onClick={() => overview.refetch()} disabled={overview.isFetching}>
            <RefreshCw aria-hidden className={overview.isFetching ? 'animate-spin' : undefined} />
            {overview.isFetching ? 'Atualizando...' : 'Atualizar'}
          </Button>
        }
      />
      {overview.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : overview.isError ? (
        <p role="alert" className="text-destructive">
          Erro ao carregar entregas
        </p>
      ) : groups.length === 0 ? (
        <div className="rounded-xl border border-dashed p-12 text-center text-muted-foreground">
          Nenhum pedido saiu para entrega
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {groups.map((g) => (
            <section key={g.deliveryPerson?.id ?? 'none'} className="rounded-xl border bg-card">
              <h2 className="flex items-center justify-between gap-2 border-b px-4 py-3 text-lg font-semibold">
                <span className="flex items-center gap-2">
                  <Bike aria-hidden className="size-5 text-primary" /> {g.deliveryPerson?.name ?? 'Sem entregador'}
                </span>
                <Badge variant="secondary">{g.orders.length}</Badge>
              </h2>
              <ul className="divide-y">
                {g.orders.map((o) => (
                  <li key={o.id} className="grid gap-1 px-4 py-3 text-sm">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-xl font-bold">#{o.number}</span>
                        {o.channel && <ChannelBadge channel={o.channel} code={o.marketplace?.displayId} />}
                      </span>
                      <span className="text-muted-foreground">saiu às {formatTime(o.updatedAt)}</span>
                    </div>
                    <p className="font-medium">
                      {o.customerName}
                      {o.customerPhone ? (
                        <span className="text-muted-foreground"> · {maskPhone(o.customerPhone)}</span>
                      ) : null}
                    </p>
                    <a
                      href={maps(o)}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-start gap-1 text-primary hover:underline"
                    >
                      <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                      {[[o.address, o.addressNumber].filter(Boolean).join(', '), o.neighborhood]
                        .filter(Boolean)
                        .join(' · ') || 'Endereço não informado'}
                    </a>
                    <p className="flex justify-between text-muted-foreground">
                      <span>
                        {o.paymentMethod ?? '—'}
                        {o.deliveryKind ? ` · ${o.deliveryKind}` : ''}
                      </span>
                      <span className="font-semibold text-foreground tabular-nums">{formatMoney(o.total)}</span>
                    </p>
                    <CashChangeNote order={o} />
                    {o.note && <p className="text-muted-foreground">Obs: {o.note}</p>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
