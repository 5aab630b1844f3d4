import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import type { PdvCatalog, ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, isApiError, toastError } from '@/lib/api';
import { formatMoney, formatTime, plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cashierKeys, deleteReserved, reserveSale, restoreReserved } from './cashier-api';
import { Kbd } from './pdv-ui';
import type { OfflineSales } from './use-offline-sales';
import type { PdvCart } from './use-pdv-cart';

/** Another tab of this terminal resumed or removed it first (the server says the same of its own). */
const reservationGone = () =>
  new ApiError({
    code: 'not_found',
    title: 'Venda não encontrada',
    description: 'A venda reservada já foi retomada ou removida.',
    status: 404,
  });

/** The cart as a reservation kept on this terminal, priced as the screen shows it (the server prices it again). */
function reservationOf(cart: PdvCart, customerName: string | null): ReservedSaleView {
  return {
    id: crypto.randomUUID(),
    customerName,
    items: cart.items.map((item, i) => ({
      ...item,
      colorIds: item.colorIds ?? [],
      addonIds: item.addonIds ?? [],
      flavorIds: item.flavorIds ?? [],
      notes: null,
      name: cart.lines[i].name,
      unitPrice: cart.lines[i].price,
      totalPrice: cart.lines[i].total,
    })),
    subtotal: cart.totals.subtotal,
    discount: cart.totals.discount,
    total: cart.totals.total,
    employeeName: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Keeps the cart as a reserved sale: on the server, or on this terminal when the server cannot be reached
 * (it is sent when the connection is back). Answers where it went.
 */
async function keepCart(cart: PdvCart, customerName: string | null, offline: OfflineSales): Promise<'server' | 'here'> {
  const here = async () => {
    await offline.keepReservation(reservationOf(cart, customerName));
    return 'here' as const;
  };
  if (!offline.connected) return here();
  try {
    await reserveSale({ items: cart.items, discount: cart.discount, customerName });
    return 'server';
  } catch (err) {
    if (isApiError(err) && err.status === 0) {
      offline.markServerAway();
      return here();
    }
    throw err;
  }
}

function toastReserved(where: 'server' | 'here') {
  if (where === 'here') toast.success(OFFLINE_MSG.reservedKept, { description: OFFLINE_MSG.reservedKeptDescription });
  else toast.success(CASHIER_MSG.saleReserved);
}

/** Reservar: asks an optional customer name, keeps the cart (on the server, or here offline) and empties it. */
export function ReserveDialog({
  open,
  cart,
  offline,
  onClose,
}: {
  open: boolean;
  cart: PdvCart;
  offline: OfflineSales;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const reserve = useMutation({
    // Offline it keeps the sale on the terminal: it must run, not wait for the network.
    networkMode: 'always',
    mutationFn: () => keepCart(cart, name.trim() || cart.customerName || null, offline),
    onSuccess: (where) => {
      cart.clear();
      setName('');
      toastReserved(where);
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
export function useResumeSale(
  cart: PdvCart,
  catalog: PdvCatalog | undefined,
  offline: OfflineSales,
  onResumed: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (sale: ReservedSaleView) => {
      if (cart.lines.length > 0) toastReserved(await keepCart(cart, cart.customerName || null, offline));
      if (offline.reservations.some((r) => r.id === sale.id)) {
        if (!(await offline.takeReservation(sale.id))) throw reservationGone();
        return sale;
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
  /** Reservations made on this terminal without a connection: listed first, marked, until the server has them. */
  offline: OfflineSales;
  loading: boolean;
  timeZone: string;
  onResume: (sale: ReservedSaleView) => void;
  resumingId: string | null;
};

/** The reserved sales, newest first, with Continuar Venda and a confirmed removal. */
export function ReservedSalesList({ sales: onServer, offline, loading, timeZone, onResume, resumingId }: ListProps) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ReservedSaleView | null>(null);
  const here = new Set(offline.reservations.map((r) => r.id));
  const sales = [...[...offline.reservations].reverse(), ...(onServer ?? []).filter((s) => !here.has(s.id))];

  if (loading && sales.length === 0) return <Skeleton className="h-32 w-full rounded-xl" />;
  if (sales.length === 0)
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
                {here.has(s.id) && (
                  <Badge variant="warning" className="mt-0.5">
                    {OFFLINE_MSG.reservedHere}
                  </Badge>
                )}
                <p className="text-xs text-muted-foreground">
                  Reservada às {formatTime(s.createdAt, timeZone)} ·{' '}
                  {plural(
                    s.items.reduce((n, it) => n + it.quantity, 0),
                    'item',
                    'itens',
                  )}
                </p>
              </div>
              <p className="shrink-0 text-lg font-bold whitespace-nowrap tabular-nums">{formatMoney(s.total)}</p>
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
            if (!here.has(removing.id)) await deleteReserved(removing.id);
            else if (!(await offline.takeReservation(removing.id))) throw reservationGone();
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
