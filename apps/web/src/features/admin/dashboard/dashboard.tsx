import type { MethodTotal } from '@meucardapio/domain/cashier-report';
import {
  type ChannelTotal,
  type DashboardView,
  lastWeekLabel,
  percentChange,
  type SalesFigures,
  type SourceTotal,
} from '@meucardapio/domain/dashboard';
import { WEEKDAY_LABELS } from '@meucardapio/domain/hours';
import { ORDER_STATUS_FILTER_LABELS } from '@meucardapio/domain/order-status';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, ChevronRight, Radio } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ChannelBadge } from '@/components/channel-badge';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCoalescedRead } from '@/lib/coalesce';
import { formatMoney } from '@/lib/format';
import { useEvents } from '@/lib/use-events';
import { cn } from '@/lib/utils';
import { dashboardKeys, fetchDashboard } from './dashboard-api';

// recharts is large: its chunk loads with the charts, not with the admin shell or other pages.
const HoursChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.HoursChart })));
const DaysChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.DaysChart })));

/** A safety net for staff who do not receive order events (they need manage_orders). */
const REFRESH_MS = 60_000;
/** At most one read for live events in this long. */
const EVENT_READ_GAP_MS = 10_000;

/** /admin for whoever may see reports: how the day is going, live as orders arrive. */
export function Dashboard() {
  const [date, setDate] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dashboardKeys.day(date),
    queryFn: () => fetchDashboard(date),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), [queryClient]);
  // Each of an order's events changes the day's figures; an owner's glance needs them within seconds, not each.
  const readSoon = useCoalescedRead(refresh, EVENT_READ_GAP_MS);
  const { connected } = useEvents(
    'staff',
    { 'order.created': readSoon, 'order.updated': readSoon, 'cashier.sale': readSoon },
    { onOpen: refresh },
  );

  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError) return <LoadErrorNotice title="Erro ao carregar o painel" error={query.error} />;
  const v = query.data;

  return (
    <div className="grid gap-4 sm:gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{v.isToday ? 'Hoje' : 'Resumo do dia'}</h1>
          <p className="text-sm text-muted-foreground">
            {dayTitle(v.date)}
            {v.isToday && connected ? (
              <span className="ml-2 inline-flex items-center gap-1 text-success">
                <Radio className="size-3.5" aria-hidden /> ao vivo
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {!v.isToday ? (
            <Button variant="outline" onClick={() => setDate(null)}>
              Hoje
            </Button>
          ) : null}
          <Input
            type="date"
            aria-label="Dia"
            className="w-40"
            value={v.date}
            max={v.isToday ? v.date : undefined}
            onChange={(e) => setDate(e.target.value || null)}
          />
        </div>
      </header>

      <SalesCards v={v} />

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Vendas por hora</CardTitle>
            <CardDescription>
              {v.isToday ? 'Hoje' : dayTitle(v.date)} comparado com {lastWeekLabel(v.date)}
            </CardDescription>
          </CardHeader>
          <CardContent className="h-64 sm:h-72">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <HoursChart hours={v.hours} lastWeekLabel={capitalize(lastWeekLabel(v.date))} />
            </Suspense>
          </CardContent>
        </Card>
        <OpenOrdersCard v={v} />
      </div>

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Últimos 30 dias</CardTitle>
            <CardDescription>
              {formatMoney(v.days.reduce((s, d) => s + d.total, 0))} em{' '}
              {v.days.reduce((s, d) => s + d.count, 0).toLocaleString('pt-BR')} pedidos
            </CardDescription>
          </CardHeader>
          <CardContent className="h-64 sm:h-72">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <DaysChart days={v.days} />
            </Suspense>
          </CardContent>
        </Card>
        <TopProductsCard v={v} />
      </div>

      <SplitCards v={v} />
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Segunda, 23/11/2026' of a local date. */
function dayTitle(date: string): string {
  const weekday = WEEKDAY_LABELS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  return `${weekday}, ${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function SalesCards({ v }: { v: DashboardView }) {
  const versus = `vs. ${lastWeekLabel(v.date)}${v.isToday ? ' até esta hora' : ''}`;
  const open = v.openOrders.pending + v.openOrders.preparing + v.openOrders.confirmed + v.openOrders.out_for_delivery;
  const metric = (key: keyof SalesFigures) => ({
    change: percentChange(v.today[key], v.lastWeek[key]),
    previous: v.lastWeek[key],
  });
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Metric label="Vendas" value={formatMoney(v.today.total)} {...metric('total')} versus={versus} money highlight />
      <Metric label="Pedidos" value={v.today.count.toLocaleString('pt-BR')} {...metric('count')} versus={versus} />
      <Metric
        label="Ticket médio"
        value={formatMoney(v.today.averageTicket)}
        {...metric('averageTicket')}
        versus={versus}
        money
      />
      <div role="group" aria-label="Em andamento" className="rounded-xl border bg-card p-4 shadow-xs">
        <dt className="text-sm text-muted-foreground">Em andamento</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl 2xl:text-3xl">{open}</dd>
        <dd className="mt-1 text-xs text-muted-foreground">
          {v.openOrders.awaitingPayment > 0
            ? `+ ${v.openOrders.awaitingPayment} aguardando pagamento`
            : 'pedidos no quadro agora'}
        </dd>
      </div>
    </dl>
  );
}

function Metric(props: {
  label: string;
  value: string;
  change: number | null;
  previous: number;
  versus: string;
  money?: boolean;
  highlight?: boolean;
}) {
  const { change } = props;
  const up = change !== null && change >= 0;
  return (
    <div
      role="group"
      aria-label={props.label}
      className={cn('rounded-xl border bg-card p-4 shadow-xs', props.highlight && 'border-brand/30 bg-brand/5')}
    >
      <dt className="text-sm text-muted-foreground">{props.label}</dt>
      <dd className="mt-1 truncate text-xl font-bold tabular-nums sm:text-2xl 2xl:text-3xl">{props.value}</dd>
      <dd className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
        {change === null ? (
          <span>sem base para comparar</span>
        ) : (
          <>
            <span className={cn('inline-flex items-center font-medium', up ? 'text-success' : 'text-destructive')}>
              {up ? (
                <ArrowUpRight className="size-3.5" aria-hidden />
              ) : (
                <ArrowDownRight className="size-3.5" aria-hidden />
              )}
              {up ? '+' : ''}
              {change}%
            </span>
            <span>{props.versus}</span>
          </>
        )}
      </dd>
    </div>
  );
}

const OPEN_ROWS = [
  { key: 'pending', label: ORDER_STATUS_FILTER_LABELS.pending, tone: 'bg-amber-500' },
  { key: 'awaitingPayment', label: 'Aguardando pagamento', tone: 'bg-slate-400' },
  { key: 'preparing', label: ORDER_STATUS_FILTER_LABELS.preparing, tone: 'bg-sky-500' },
  { key: 'confirmed', label: ORDER_STATUS_FILTER_LABELS.confirmed, tone: 'bg-emerald-500' },
  { key: 'out_for_delivery', label: ORDER_STATUS_FILTER_LABELS.out_for_delivery, tone: 'bg-violet-500' },
] as const;

function OpenOrdersCard({ v }: { v: DashboardView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pedidos agora</CardTitle>
        <CardDescription>O que está no quadro neste momento</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-1">
          {OPEN_ROWS.map((row) => (
            <li
              key={row.key}
              aria-label={`${row.label}: ${v.openOrders[row.key]}`}
              className="flex items-center gap-3 rounded-md px-2 py-1.5 text-sm odd:bg-muted/40"
            >
              <span className={cn('size-2.5 shrink-0 rounded-full', row.tone)} aria-hidden />
              <span className="flex-1">{row.label}</span>
              <span className="text-base font-semibold tabular-nums">{v.openOrders[row.key]}</span>
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-2 text-center text-sm">
          <div className="rounded-lg border p-2">
            <p className="text-lg font-semibold tabular-nums">{v.closedToday.delivered}</p>
            <p className="text-xs text-muted-foreground">entregues {v.isToday ? 'hoje' : 'no dia'}</p>
          </div>
          <div className="rounded-lg border p-2">
            <p className="text-lg font-semibold tabular-nums">{v.closedToday.cancelled}</p>
            <p className="text-xs text-muted-foreground">cancelados {v.isToday ? 'hoje' : 'no dia'}</p>
          </div>
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link to="/admin/orders">
            Abrir pedidos <ChevronRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function TopProductsCard({ v }: { v: DashboardView }) {
  const max = Math.max(1, ...v.topProducts.map((p) => p.quantity));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mais vendidos da semana</CardTitle>
        <CardDescription>Últimos 7 dias, por quantidade</CardDescription>
      </CardHeader>
      <CardContent>
        {v.topProducts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma venda nos últimos 7 dias</p>
        ) : (
          <ol className="grid gap-3">
            {v.topProducts.map((p, i) => (
              <li key={p.productId ?? p.name} className="grid gap-1">
                <div className="flex items-baseline gap-2 text-sm">
                  <span className="w-4 shrink-0 text-muted-foreground tabular-nums">{i + 1}</span>
                  <span className="min-w-0 flex-1 truncate font-medium">{p.name}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">{p.quantity} un.</span>
                </div>
                <div className="ml-6 flex items-center gap-2">
                  <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
                    <div className="h-full rounded-full bg-brand" style={{ width: `${(p.quantity * 100) / max}%` }} />
                  </div>
                  <span className="w-24 shrink-0 text-right text-xs tabular-nums">{formatMoney(p.total)}</span>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function SplitCards({ v }: { v: DashboardView }) {
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const split = v.splits[period];
  const empty = period === 'day' ? `Nenhuma venda ${v.isToday ? 'hoje' : 'no dia'}` : 'Nenhuma venda em 30 dias';
  return (
    <section aria-label="Divisão das vendas" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Como vendeu</h2>
        <Tabs value={period} onValueChange={(p) => setPeriod(p as 'day' | 'month')}>
          <TabsList>
            <TabsTrigger value="day">{v.isToday ? 'Hoje' : 'No dia'}</TabsTrigger>
            <TabsTrigger value="month">30 dias</TabsTrigger>
          </TabsList>
        </Tabs>
      </div>
      <div className="grid gap-4 sm:gap-6 md:grid-cols-2 xl:grid-cols-3">
        <SplitCard title="Formas de pagamento" rows={split.payments.map(methodRow)} empty={empty} />
        <SplitCard title="Canais de venda" rows={split.channels.map(channelRow)} empty={empty} />
        <SplitCard title="Origem dos pedidos" rows={split.sources.map(sourceRow)} empty={empty} />
      </div>
    </section>
  );
}

type SplitRow = { key: string; label: ReactNode; total: number; count: number };
const methodRow = (m: MethodTotal): SplitRow => ({ key: m.method, label: m.method, total: m.total, count: m.count });
const channelRow = (c: ChannelTotal): SplitRow => ({ key: c.channel, label: c.label, total: c.total, count: c.count });
const sourceRow = (c: SourceTotal): SplitRow => ({
  key: c.source,
  label: <ChannelBadge channel={c.source === 'own' ? null : c.source} />,
  total: c.total,
  count: c.count,
});

function SplitCard({ title, rows, empty }: { title: string; rows: SplitRow[]; empty: string }) {
  const total = rows.reduce((s, r) => s + r.total, 0);
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-3">
            {rows.map((r) => {
              const share = Math.round((r.total * 100) / total);
              return (
                <li key={r.key} className="grid gap-1">
                  <div className="flex items-baseline gap-2 text-sm">
                    <span className="min-w-0 flex-1 truncate font-medium">{r.label}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                      {r.count} {r.count === 1 ? 'pedido' : 'pedidos'} · {share}%
                    </span>
                    <span className="w-24 shrink-0 text-right tabular-nums">{formatMoney(r.total)}</span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted">
                    <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-busy="true" aria-label="Carregando o painel">
      <Skeleton className="h-14 w-64" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}
