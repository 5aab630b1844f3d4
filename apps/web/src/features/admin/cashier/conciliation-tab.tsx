import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cashierKeys, fetchConciliation, fetchSessions } from './cashier-api';
import { DifferencesTable } from './differences-table';
import { MovementsList } from './movements-list';

const CURRENT = 'current';

/** Conciliação: per payment group, what the database expects against what was counted at closing. */
export function ConciliationTab({ timeZone }: { timeZone: string }) {
  const [sessionId, setSessionId] = useState<string>(CURRENT);
  const sessions = useQuery({ queryKey: cashierKeys.sessions, queryFn: fetchSessions });
  const id = sessionId === CURRENT ? null : sessionId;
  const data = useQuery({ queryKey: cashierKeys.conciliation(id), queryFn: () => fetchConciliation(id) });

  useEffect(() => {
    if (data.isError) toastError(data.error, CASHIER_MSG.loadConciliationError);
  }, [data.isError, data.error]);

  const s = data.data?.session;
  return (
    <Card>
      <CardHeader className="gap-3 sm:grid-cols-[1fr_auto]">
        <div>
          <CardTitle>Conciliação</CardTitle>
          <CardDescription>Esperado pelo sistema × contado no fechamento, por forma de pagamento.</CardDescription>
        </div>
        <div className="grid gap-1.5 sm:w-72">
          <Label htmlFor="conciliation-session">Sessão de caixa</Label>
          <Select value={sessionId} onValueChange={setSessionId}>
            <SelectTrigger id="conciliation-session">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={CURRENT}>Atual (aberta ou a última)</SelectItem>
              {sessions.data?.map((x) => (
                <SelectItem key={x.id} value={x.id}>
                  {formatDateTime(x.openingDate, timeZone)} · {x.employeeName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {data.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : data.isError ? (
          <LoadErrorNotice title={CASHIER_MSG.loadConciliationError} error={data.error} />
        ) : !s ? (
          <p className="py-8 text-center text-sm text-muted-foreground">Nenhuma sessão de caixa encontrada</p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={s.status === 'open' ? 'success' : 'secondary'}>
                {s.status === 'open' ? 'Aberto' : 'Fechado'}
              </Badge>
              {s.employeeName} · aberto em {formatDateTime(s.openingDate, timeZone)}
              {s.closingTime && ` · fechado em ${formatDateTime(s.closingTime, timeZone)}`}
            </p>
            <DifferencesTable
              rows={data.data.rows}
              totalDifference={data.data.counted ? data.data.totalDifference : null}
              extra
            />
            {!data.data.counted && (
              <p className="text-sm text-muted-foreground">
                A contagem aparece aqui quando o caixa for fechado com conferência.
              </p>
            )}
            {s.totals && s.totals.totalDiscounts > 0 && (
              <p className="text-sm">
                Descontos na sessão: <strong className="tabular-nums">{formatMoney(s.totals.totalDiscounts)}</strong> em{' '}
                {s.totals.discountCount} {s.totals.discountCount === 1 ? 'venda' : 'vendas'}
              </p>
            )}
            <MovementsList movements={data.data.movements} timeZone={timeZone} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
