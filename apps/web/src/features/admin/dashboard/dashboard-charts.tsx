import type { DayTotal, HourComparison } from '@meucardapio/domain/dashboard';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '@/lib/format';

/** The dashboard's recharts drawings, in their own chunk so the library loads only where a chart is shown. */

const axisMoney = (reais: number) =>
  reais >= 1000 ? `R$ ${(reais / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil` : `R$ ${reais}`;
const tooltipMoney = (v: unknown) => formatMoney(Math.round(Number(v) * 100));

/** Hours worth drawing: from the first to the last with sales on either day, at least 10h–23h. */
function visibleHours(hours: HourComparison[]): HourComparison[] {
  const used = hours.filter((h) => h.today > 0 || h.lastWeek > 0).map((h) => h.hour);
  const from = Math.min(10, ...used);
  const to = Math.max(23, ...used);
  return hours.filter((h) => h.hour >= from && h.hour <= to);
}

export function HoursChart({ hours, lastWeekLabel }: { hours: HourComparison[]; lastWeekLabel: string }) {
  const data = visibleHours(hours).map((h) => ({
    label: `${String(h.hour).padStart(2, '0')}h`,
    hoje: h.today / 100,
    semana: h.lastWeek / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ left: 0, right: 8, top: 8 }} barGap={2}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} fontSize={12} interval="preserveStartEnd" />
        <YAxis tickLine={false} fontSize={12} width={84} tickFormatter={axisMoney} />
        <Tooltip formatter={(v, name) => [tooltipMoney(v), name]} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="semana"
          name={lastWeekLabel}
          fill="var(--color-muted-foreground)"
          fillOpacity={0.35}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar dataKey="hoje" name="Hoje" fill="var(--color-brand)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DaysChart({ days }: { days: DayTotal[] }) {
  const data = days.map((d) => ({
    label: `${d.date.slice(8, 10)}/${d.date.slice(5, 7)}`,
    total: d.total / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ left: 0, right: 8, top: 8 }}>
        <defs>
          <linearGradient id="dashboard-days" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-brand)" stopOpacity={0.35} />
            <stop offset="100%" stopColor="var(--color-brand)" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} fontSize={12} minTickGap={16} />
        <YAxis tickLine={false} fontSize={12} width={84} tickFormatter={axisMoney} />
        <Tooltip formatter={(v, name) => [tooltipMoney(v), name]} labelFormatter={(l) => `Dia ${l}`} />
        <Area
          type="monotone"
          dataKey="total"
          name="Vendas"
          stroke="var(--color-brand)"
          strokeWidth={2}
          fill="url(#dashboard-days)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
