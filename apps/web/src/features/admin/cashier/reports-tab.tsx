import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { cashierKeys, fetchToday } from './cashier-api';
import { DailyReportDialog } from './daily-report-dialog';
import { SalesBreakdown } from './sales-breakdown';

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
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        <Metric label="Total vendido" value={formatMoney(r.total)} />
        <Metric label="Vendas" value={String(r.count)} />
        <Metric label="Ticket médio" value={formatMoney(r.averageTicket)} />
        <Metric label="Descontos" value={formatMoney(r.discounts)} />
        <Metric label="Taxa de serviço" value={formatMoney(r.serviceCharge)} />
        <Metric label="Forma mais usada" value={r.topPaymentMethod ?? '—'} />
      </dl>
      <SalesBreakdown report={r} empty="Nenhuma venda hoje" />
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
