import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import type { PdvCatalog, ReservedSaleView } from '@meucardapio/domain/cashier-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { formatMoney, formatTime, plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cashierKeys, deleteReserved, reserveSale, restoreReserved } from './cashier-api';
import { Kbd } from './pdv-ui';
import type { PdvCart } from './use-pdv-cart';

/** Reservar: asks an optional customer name, keeps the cart on the server and empties this one. */
export function ReserveDialog({ open, cart, onClose }: { open: boolean; cart: PdvCart; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const reserve = useMutation({
    mutationFn: () =>
      reserveSale({
        items: cart.items,
        discount: cart.discount,
        customerName: name.trim() || cart.customerName || null,
      }),
    onSuccess: () => {
      cart.clear();
      setName('');
      toast.success(CASHIER_MSG.saleReserved);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.reserved });
      onClose();
    },
    onError: (err) => toastError(err),
  });
  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reserve.isPending) reserve.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Reservar venda</DialogTitle>
            <DialogDescription>
              {plural(
                cart.lines.reduce((s, l) => s + l.quantity, 0),
                'item',
                'itens',
              )}{' '}
              · {formatMoney(cart.totals.total)}. A venda fica na lista de vendas reservadas.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Nome do cliente (opcional)" htmlFor="reserve-name">
            <Input
              id="reserve-name"
              autoFocus
              maxLength={120}
              value={name}
              placeholder={cart.customerName || 'Ex.: Mesa 4, João'}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <Button type="submit" size="lg" loading={reserve.isPending}>
            Reservar <Kbd tone="dark">Enter</Kbd>
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Continuar Venda: a non-empty current cart is reserved first, then the chosen sale is taken off the
 * list (atomically on the server, so two terminals cannot both resume it) and loaded into the cart.
 */
export function useResumeSale(cart: PdvCart, catalog: PdvCatalog | undefined, onResumed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sale: ReservedSaleView) => {
      if (cart.lines.length > 0) {
        await reserveSale({ items: cart.items, discount: cart.discount, customerName: cart.customerName || null });
        toast.success(CASHIER_MSG.saleReserved);
      }
      return restoreReserved(sale.id);
    },
    onSuccess: (sale) => {
      cart.restore(sale, catalog?.products ?? []);
      toast.success(CASHIER_MSG.saleRestored);
      onResumed();
    },
    onError: (err) => toastError(err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cashierKeys.reserved }),
  });
}

type ListProps = {
  sales: ReservedSaleView[] | undefined;
  loading: boolean;
  timeZone: string;
  onResume: (sale: ReservedSaleView) => void;
  resumingId: string | null;
};

/** The reserved sales, newest first, with Continuar Venda and a confirmed removal. */
export function ReservedSalesList({ sales, loading, timeZone, onResume, resumingId }: ListProps) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ReservedSaleView | null>(null);

  if (loading) return <Skeleton className="h-32 w-full rounded-xl" />;
  if (!sales || sales.length === 0)
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
        Nenhuma venda reservada
      </p>
    );

  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sales.map((s, i) => (
          <li key={s.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-semibold">{s.customerName || 'Sem nome'}</p>
                <p className="text-xs text-muted-foreground">
                  Reservada às {formatTime(s.createdAt, timeZone)} ·{' '}
                  {plural(
                    s.items.reduce((n, it) => n + it.quantity, 0),
                    'item',
                    'itens',
                  )}
                </p>
              </div>
              <p className="text-lg font-bold tabular-nums">{formatMoney(s.total)}</p>
            </div>
            <p className="line-clamp-2 text-sm text-muted-foreground">
              {s.items.map((it) => `${it.quantity}x ${it.name}`).join(', ')}
            </p>
            <div className="mt-auto flex gap-2">
              <Button
                className="flex-1"
                size="lg"
                autoFocus={i === 0}
                loading={resumingId === s.id}
                disabled={resumingId !== null}
                onClick={() => onResume(s)}
              >
                <Play aria-hidden /> Continuar Venda
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="text-destructive"
                aria-label={`Remover venda de ${s.customerName || 'Sem nome'}`}
                onClick={() => setRemoving(s)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(v) => !v && setRemoving(null)}
        title="Remover venda reservada?"
        description={
          removing
            ? `${removing.customerName || 'Sem nome'} · ${formatMoney(removing.total)}. Esta ação não pode ser desfeita.`
            : undefined
        }
        confirmText="Remover"
        onConfirm={async () => {
          if (!removing) return;
          try {
            await deleteReserved(removing.id);
            toast.success(CASHIER_MSG.saleRemoved);
          } catch (err) {
            toastError(err);
            throw err;
          } finally {
            void queryClient.invalidateQueries({ queryKey: cashierKeys.reserved });
          }
        }}
      />
    </>
  );
}

/** The list in a dialog, from the PDV (F3): cashier-only users have no Vendas tab. */
export function ReservedSalesDialog({
  open,
  onOpenChange,
  ...list
}: ListProps & { open: boolean; onOpenChange: (v: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Vendas reservadas</DialogTitle>
          <DialogDescription>Continue uma venda reservada. A venda atual, se houver, será reservada.</DialogDescription>
        </DialogHeader>
        <ReservedSalesList {...list} />
      </DialogContent>
    </Dialog>
  );
}
