import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

/** One stock movement; `productName` comes with the store-wide list, where rows of many products mix. */
export type StockMovement = {
  id: string;
  productName?: string;
  operationType: 'register' | 'sale' | 'adjustment';
  quantityBefore: number;
  quantityAfter: number;
  quantityChanged: number;
  employeeName: string;
  notes: string | null;
  createdAt: string;
};

const OPERATION_LABEL = { register: 'Entrada', sale: 'Venda', adjustment: 'Ajuste' } as const;

export const STOCK_HISTORY_FAILED = 'Não foi possível carregar o histórico de estoque.';

// One cache key for the Produtos and Estoque screens, so a movement registered on either refreshes both.
export function useStockHistory(productId: string | null) {
  return useQuery({
    queryKey: ['admin', 'stock-history', productId],
    enabled: Boolean(productId),
    queryFn: async () =>
      (await api.get<{ history: StockMovement[] }>(`/api/admin/products/${productId}/stock-history`)).history,
  });
}

/** Stock movements, newest first. */
export function StockMovementList({ entries, showProduct }: { entries: StockMovement[]; showProduct?: boolean }) {
  if (entries.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        Nenhum histórico de estoque encontrado para este produto
      </p>
    );
  }
  return (
    <ul className="grid gap-2">
      {entries.map((h) => (
        <li key={h.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex items-center gap-2 font-medium">
              <Badge
                variant={
                  h.operationType === 'register' ? 'success' : h.operationType === 'sale' ? 'secondary' : 'warning'
                }
              >
                {OPERATION_LABEL[h.operationType]}
              </Badge>
              {showProduct && h.productName}
            </span>
            <span className="text-xs text-muted-foreground">{formatDateTime(h.createdAt)}</span>
          </div>
          <p className="tabular-nums">
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
  );
}

type StockProduct = { id: string; name: string; estoque: number };

/** The product's stock movements, newest first. */
export function StockHistoryDialog({ product, onClose }: { product: StockProduct | null; onClose: () => void }) {
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
          <Skeleton className="h-24 w-full" />
        ) : history.isError ? (
          <p className="text-sm text-destructive">{STOCK_HISTORY_FAILED}</p>
        ) : (
          <StockMovementList entries={history.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
