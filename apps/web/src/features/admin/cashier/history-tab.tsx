import { CASHIER_MSG, PDV_HISTORY_LIMIT } from '@meucardapio/domain/cashier';
import { saleRef, saleStatusLabel } from '@meucardapio/domain/cashier-report';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TableSkeletonRows } from '@/components/crud/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toastError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cashierKeys, fetchHistory, fetchSessions } from './cashier-api';
import { DifferenceValue } from './differences-table';
import { SaleDetailDialog } from './sale-detail-dialog';

/** Histórico: the last 50 PDV sales (detail on click) and the cash sessions with their "quebra de caixa". */
export function HistoryTab({
  restaurantName,
  timeZone,
  nfceOn,
}: {
  restaurantName: string;
  timeZone: string;
  nfceOn: boolean;
}) {
  const history = useQuery({ queryKey: cashierKeys.history, queryFn: fetchHistory });
  const sessions = useQuery({ queryKey: cashierKeys.sessions, queryFn: fetchSessions });
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (history.isError) toastError(history.error, CASHIER_MSG.loadReportsError);
  }, [history.isError, history.error]);

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Últimas vendas</CardTitle>
          <CardDescription>
            As {PDV_HISTORY_LIMIT} vendas mais recentes do PDV e das mesas. Clique para ver os detalhes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Venda</TableHead>
                <TableHead>Data</TableHead>
                <TableHead>Cliente</TableHead>
                <TableHead>Pagamento</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Desconto</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {history.isPending ? (
                <TableSkeletonRows colSpan={7} rows={5} className="h-6" />
              ) : !history.data || history.data.length === 0 ? (
                <TableEmpty colSpan={7}>Nenhuma venda encontrada</TableEmpty>
              ) : (
                history.data.map((s) => (
                  <TableRow
                    key={s.id}
                    tabIndex={0}
                    className="cursor-pointer"
                    aria-label={`Venda ${saleRef(s)}`}
                    onClick={() => setOpen(s.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setOpen(s.id);
                      }
                    }}
                  >
                    <TableCell className="font-medium">{saleRef(s)}</TableCell>
                    <TableCell>{formatDateTime(s.createdAt, timeZone)}</TableCell>
                    <TableCell>{s.customerName}</TableCell>
                    <TableCell>{s.paymentMethod ?? 'Não informado'}</TableCell>
                    <TableCell>{saleStatusLabel(s)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {s.discount > 0 ? `-${formatMoney(s.discount)}` : '—'}
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{formatMoney(s.total)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sessões de caixa</CardTitle>
          <CardDescription>Abertura, fechamento e quebra de caixa (contado − esperado) de cada sessão.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Abertura</TableHead>
                <TableHead>Operador</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Vendas</TableHead>
                <TableHead className="text-right">Sangrias</TableHead>
                <TableHead className="text-right">Descontos</TableHead>
                <TableHead className="text-right">Saldo final</TableHead>
                <TableHead className="text-right">Quebra de caixa</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.isPending ? (
                <TableSkeletonRows colSpan={8} rows={3} className="h-6" />
              ) : !sessions.data || sessions.data.length === 0 ? (
                <TableEmpty colSpan={8}>Nenhuma sessão de caixa</TableEmpty>
              ) : (
                sessions.data.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{formatDateTime(s.openingDate, timeZone)}</TableCell>
                    <TableCell>{s.employeeName}</TableCell>
                    <TableCell>
                      <span className="flex flex-wrap gap-1">
                        <Badge variant={s.status === 'open' ? 'success' : 'secondary'}>
                          {s.status === 'open' ? 'Aberto' : 'Fechado'}
                        </Badge>
                        {s.blind && <Badge variant="outline">cego</Badge>}
                      </span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(s.totalSales)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(s.totalWithdrawals)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(s.totalDiscounts)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {s.finalBalance === null ? '—' : formatMoney(s.finalBalance)}
                    </TableCell>
                    <TableCell className="text-right">
                      {s.status === 'open' ? '—' : <DifferenceValue value={s.totalDifference} />}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <SaleDetailDialog
        saleId={open}
        onClose={() => setOpen(null)}
        restaurantName={restaurantName}
        timeZone={timeZone}
        nfceOn={nfceOn}
      />
    </div>
  );
}
