import { MSG } from '@meucardapio/domain/messages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminOrder } from './orders-api';

/** The board's cards: loading, the error, the empty board, or the kitchen's orders and those awaiting payment. */
export function OrdersList({
  pending,
  error,
  orders,
  emptyText,
  onRetry,
  card,
}: {
  pending: boolean;
  error: boolean;
  orders: AdminOrder[];
  emptyText: string;
  onRetry: () => void;
  card: (order: AdminOrder) => ReactNode;
}) {
  if (pending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-80 rounded-xl" />
        ))}
      </div>
    );
  if (error)
    return (
      <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-6 text-center">
        <p className="font-semibold">Erro ao carregar pedidos</p>
        <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        <Button variant="outline" className="mt-3" onClick={onRetry}>
          Tentar novamente
        </Button>
      </div>
    );
  if (orders.length === 0)
    return <div className="rounded-xl border border-dashed p-12 text-center text-muted-foreground">{emptyText}</div>;
  // Card/PIX orders not paid yet are kept apart: the kitchen must not start them.
  const awaitingPayment = orders.filter((o) => o.awaitingPayment);
  const kitchen = orders.filter((o) => !o.awaitingPayment);
  return (
    <div className="grid gap-6">
      {kitchen.length > 0 && (
        <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">{kitchen.map(card)}</div>
      )}
      {awaitingPayment.length > 0 && (
        <section aria-labelledby="awaiting-payment" className="grid gap-3 rounded-xl border border-dashed p-4">
          <div>
            <h2 id="awaiting-payment" className="text-lg font-semibold">
              {MSG.awaitingPayment} ({awaitingPayment.length})
            </h2>
            <p className="text-sm text-muted-foreground">
              Pedidos com cartão ou PIX ainda não pagos: não prepare antes da confirmação. PIX (QR Code): confira o
              valor no app do banco e toque em "Confirmar PIX recebido". Sem pagamento, eles são cancelados e o estoque
              volta.
            </p>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {awaitingPayment.map(card)}
          </div>
        </section>
      )}
    </div>
  );
}
