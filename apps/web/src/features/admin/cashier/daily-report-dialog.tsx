import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { saleRef, saleStatusLabel } from '@meucardapio/domain/cashier-report';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toastError } from '@/lib/api';
import { formatMoney, formatTime } from '@/lib/format';
import { cashierKeys, downloadDailyCsv, fetchDaily } from './cashier-api';
import { SalesBreakdown } from './sales-breakdown';

type Props = { open: boolean; onOpenChange: (v: boolean) => void; initialDate: string; timeZone: string };

/** The detailed report of one day: summary, sales by hour and by method, top 5 products, every sale, and the CSV export. */
export function DailyReportDialog({ open, onOpenChange, initialDate, timeZone }: Props) {
  const [date, setDate] = useState(initialDate);
  const [exporting, setExporting] = useState(false);
  const report = useQuery({
    queryKey: cashierKeys.daily(date),
    queryFn: () => fetchDaily(date),
    enabled: open && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });

  useEffect(() => {
    if (report.isError) toastError(report.error, CASHIER_MSG.loadDetailedReportError);
  }, [report.isError, report.error]);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadDailyCsv(date);
    } catch (err) {
      toastError(err, CASHIER_MSG.loadDetailedReportError);
    } finally {
      setExporting(false);
    }
  }

  const r = report.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Relatório detalhado</DialogTitle>
          <DialogDescription>
            Vendas do PDV e pagamentos de mesas no dia, no fuso horário do restaurante.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <FormField label="Data" htmlFor="daily-date" className="w-44">
            <Input id="daily-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </FormField>
          <Button onClick={exportCsv} loading={exporting} disabled={!r}>
            <Download aria-hidden /> Exportar CSV
          </Button>
        </div>
        {report.isPending ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : report.isError || !r ? (
          <LoadErrorNotice title={CASHIER_MSG.loadDetailedReportError} error={report.error} />
        ) : (
          <div className="grid gap-5">
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              <Figure label="Total" value={formatMoney(r.total)} />
              <Figure label="Vendas" value={String(r.count)} />
              <Figure label="Ticket médio" value={formatMoney(r.averageTicket)} />
              <Figure label="Descontos" value={formatMoney(r.discounts)} />
              <Figure label="Taxa de serviço" value={formatMoney(r.serviceCharge)} />
              <Figure label="Forma mais usada" value={r.topPaymentMethod ?? '—'} />
            </dl>
            <SalesBreakdown report={r} empty="Nenhuma venda neste dia" />
            <section aria-labelledby="daily-sources">
              <h3 id="daily-sources" className="mb-1 font-medium">
                Vendas por canal
              </h3>
              <p className="mb-2 text-sm text-muted-foreground">
                Todos os pedidos do dia: cardápio digital, PDV, mesas e aplicativos de entrega.
              </p>
              <ul className="grid gap-1 sm:grid-cols-2">
                {r.sources.map((s) => (
                  <li key={s.source} className="flex justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm">
                    <span>
                      {s.label}{' '}
                      <span className="text-muted-foreground">
                        · {s.count} {s.count === 1 ? 'pedido' : 'pedidos'}
                      </span>
                    </span>
                    <span className="tabular-nums">{formatMoney(s.total)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section>
              <h3 className="mb-2 font-medium">Produtos mais vendidos</h3>
              {r.topProducts.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum produto vendido</p>
              ) : (
                <ol className="grid gap-1">
                  {r.topProducts.map((p, i) => (
                    <li
                      key={p.productId ?? p.name}
                      className="flex justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
                    >
                      <span>
                        {i + 1}. {p.name} <span className="text-muted-foreground">· {p.quantity} un.</span>
                      </span>
                      <span className="tabular-nums">{formatMoney(p.total)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section>
              <h3 className="mb-2 font-medium">Vendas</h3>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Pedido</TableHead>
                    <TableHead>Cliente</TableHead>
                    <TableHead>Horário</TableHead>
                    <TableHead>Pagamento</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Total</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {r.sales.length === 0 ? (
                    <TableEmpty colSpan={6}>Nenhuma venda neste dia</TableEmpty>
                  ) : (
                    r.sales.map((s) => (
                      <TableRow key={s.id}>
                        <TableCell className="font-medium">{saleRef(s)}</TableCell>
                        <TableCell>{s.customerName}</TableCell>
                        <TableCell>{formatTime(s.createdAt, timeZone)}</TableCell>
                        <TableCell>{s.paymentMethod ?? 'Não informado'}</TableCell>
                        <TableCell>{saleStatusLabel(s)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(s.total)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}
