import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import type { HourTotal } from '@meucardapio/domain/cashier-report';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { LoadErrorNotice } from '../shared/list-states';
import { cashierKeys, fetchToday } from './cashier-api';
import { DailyReportDialog } from './daily-report-dialog';

/** The hours worth drawing: from the first to the last hour with sales, at least 08h–22h. */
export function chartHours(byHour: HourTotal[]): HourTotal[] {
  const used = byHour.filter((h) => h.count > 0).map((h) => h.hour);
  const from = Math.min(8, ...used);
  const to = Math.max(22, ...used);
  return byHour.filter((h) => h.hour >= from && h.hour <= to);
}

/** Relatórios: today's figures in the restaurant's timezone, live, and the detailed daily report. */
export default function ReportsTab({ timeZone }: { timeZone: string }) {
  const today = useQuery({ queryKey: cashierKeys.today, queryFn: fetchToday });
  const [detailed, setDetailed] = useState(false);

  useEffect(() => {
    if (today.isError) toastError(today.error, CASHIER_MSG.loadReportsError);
  }, [today.isError, today.error]);

  if (today.isPending)
    return (
      <div className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  if (today.isError) return <LoadErrorNotice title={CASHIER_MSG.loadReportsError} error={today.error} />;

  const r = today.data;
  const hours = chartHours(r.byHour).map((h) => ({
    ...h,
    label: `${String(h.hour).padStart(2, '0')}h`,
    reais: h.total / 100,
  }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Hoje, {formatDate(`${r.date}T12:00:00Z`, 'UTC')} · atualiza sozinho a cada venda
        </p>
        <Button variant="outline" onClick={() => setDetailed(true)}>
          <FileText aria-hidden /> Relatório detalhado
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Metric label="Total vendido" value={formatMoney(r.total)} />
        <Metric label="Vendas" value={String(r.count)} />
        <Metric label="Ticket médio" value={formatMoney(r.averageTicket)} />
        <Metric label="Descontos" value={formatMoney(r.discounts)} />
        <Metric label="Forma mais usada" value={r.topPaymentMethod ?? '—'} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Vendas por hora</CardTitle>
            <CardDescription>Total vendido em cada hora do dia</CardDescription>
          </CardHeader>
          <CardContent className="h-64">
            {r.count === 0 ? (
              <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
                Nenhuma venda hoje
              </p>
            ) : (
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={hours} margin={{ left: 8, right: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tickLine={false} fontSize={12} />
                  <YAxis
                    tickLine={false}
                    fontSize={12}
                    width={64}
                    tickFormatter={(v: number) => formatMoney(Math.round(v * 100)).replace(',00', '')}
                  />
                  <Tooltip
                    formatter={(v) => [formatMoney(Math.round(Number(v) * 100)), 'Total']}
                    labelFormatter={(l) => String(l)}
                  />
                  <Bar dataKey="reais" fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Por forma de pagamento</CardTitle>
          </CardHeader>
          <CardContent>
            {r.byMethod.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma venda hoje</p>
            ) : (
              <ul className="grid gap-2">
                {r.byMethod.map((m) => (
                  <li key={m.method} className="grid gap-1">
                    <div className="flex justify-between text-sm">
                      <span className="font-medium">
                        {m.method} <span className="text-muted-foreground">({m.count})</span>
                      </span>
                      <span className="tabular-nums">{formatMoney(m.total)}</span>
                    </div>
                    <div className="h-2 overflow-hidden rounded-full bg-muted">
                      <div
                        className="h-full rounded-full bg-primary"
                        style={{ width: `${r.total > 0 ? Math.round((m.total * 100) / r.total) : 0}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <DailyReportDialog open={detailed} onOpenChange={setDetailed} initialDate={r.date} timeZone={timeZone} />
    </div>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
