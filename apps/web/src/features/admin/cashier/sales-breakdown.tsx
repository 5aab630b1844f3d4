import type { HourTotal, MethodTotal } from '@meucardapio/domain/cashier-report';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';

/** The hours worth drawing: from the first to the last hour with sales, at least 08h–22h. */
export function chartHours(byHour: HourTotal[]): HourTotal[] {
  const used = byHour.filter((h) => h.count > 0).map((h) => h.hour);
  const from = Math.min(8, ...used);
  const to = Math.max(22, ...used);
  return byHour.filter((h) => h.hour >= from && h.hour <= to);
}

type Figures = { total: number; count: number; byHour: HourTotal[]; byMethod: MethodTotal[] };

/** A day's sales by hour and by payment method: Relatórios and the detailed daily report (spec 3 §9). */
export function SalesBreakdown({ report: r, empty }: { report: Figures; empty: string }) {
  const hours = chartHours(r.byHour).map((h) => ({
    ...h,
    label: `${String(h.hour).padStart(2, '0')}h`,
    reais: h.total / 100,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Vendas por hora</CardTitle>
          <CardDescription>Total vendido em cada hora do dia</CardDescription>
        </CardHeader>
        <CardContent className="h-64">
          {r.count === 0 ? (
            <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{empty}</p>
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
            <p className="text-sm text-muted-foreground">{empty}</p>
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
  );
}
