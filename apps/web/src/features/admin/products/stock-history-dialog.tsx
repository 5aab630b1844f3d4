import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { type Product, useStockHistory } from './products-api';

const OPERATION_LABEL = { register: 'Entrada', sale: 'Venda', adjustment: 'Ajuste' } as const;

/** The product's stock movements, newest first. */
export function StockHistoryDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const history = useStockHistory(product?.id ?? null);
  return (
    <Dialog open={Boolean(product)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Histórico de estoque</DialogTitle>
          <DialogDescription>
            {product?.name} · estoque atual: {product?.estoque ?? 0}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : history.isError ? (
          <p className="text-sm text-destructive">Não foi possível carregar o histórico de estoque.</p>
        ) : history.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Nenhum histórico de estoque encontrado para este produto
          </p>
        ) : (
          <ul className="grid gap-2">
            {history.data.map((h) => (
              <li key={h.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Badge
                    variant={
                      h.operationType === 'register' ? 'success' : h.operationType === 'sale' ? 'secondary' : 'warning'
                    }
                  >
                    {OPERATION_LABEL[h.operationType]}
                  </Badge>
                  <span className="text-xs text-muted-foreground">{formatDateTime(h.createdAt)}</span>
                </div>
                <p className="font-medium tabular-nums">
                  {h.quantityBefore} → {h.quantityAfter}{' '}
                  <span className="text-muted-foreground">
                    ({h.operationType === 'register' ? '+' : '-'}
                    {h.quantityChanged})
                  </span>
                </p>
                {h.notes && <p className="text-muted-foreground">{h.notes}</p>}
                <p className="text-xs text-muted-foreground">Por: {h.employeeName}</p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
