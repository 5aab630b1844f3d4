import { orderLabel } from '@meucardapio/domain/order-display';
import type { OrderFilter } from '@meucardapio/domain/order-status';
import { BOARD_NAMED_ORDERS_MAX } from '@meucardapio/domain/order-views';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { orderAnnouncement, playNewOrderSound } from '@/lib/new-order-sound';
import { useEvents } from '@/lib/use-events';
import { appHealthKey } from './app-orders';
import { mergeNamedOrders } from './board-merge';
import { type AdminOrder, BOARD_ORDERS, fetchNamedOrders, fetchOrders, ordersKeys, verifyPayments } from './orders-api';
import { PRINTING_STATUS_KEY } from './printers-strip';

/** The spec's full refresh as a safety net under the live stream. */
const REFRESH_MS = 120_000;
/** One more look 2 s after a payment check that left some checkout unverified. */
const RECHECK_MS = 2_000;

export function useNow(every = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

/**
 * The board's orders under a filter, kept fresh by the live stream (announcing what the kitchen can start),
 * a periodic refresh and a check of the card/PIX checkouts when the board opens.
 */
export function useOrdersFeed({
  filter,
  deliveryPersonView,
  muted,
}: {
  filter: OrderFilter;
  deliveryPersonView: boolean;
  muted: boolean;
}) {
  const queryClient = useQueryClient();
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const [checkoutMissing, setCheckoutMissing] = useState(false);

  const orders = useQuery({
    queryKey: ordersKeys.list(filter),
    queryFn: () => fetchOrders(filter),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ordersKeys.all }), [queryClient]);
  const updateOrders = useNamedOrderUpdates(filter, refresh);

  /** Sound and toast for an order the kitchen can start now (new, or card/PIX just paid). */
  function announce(a: ReturnType<typeof orderAnnouncement>) {
    if (!a) return;
    if (!mutedRef.current) playNewOrderSound();
    const what = a.number ? orderLabel(a.number) : null;
    toast.success(a.title, {
      description: what ? (a.paid ? `${what}: pagamento aprovado.` : `${what} acabou de chegar.`) : undefined,
    });
  }

  useEvents(
    'staff',
    {
      'order.created': (data) => {
        updateOrders([data.orderId]);
        announce(orderAnnouncement('order.created', data));
      },
      'order.updated': (data) => {
        updateOrders([data.orderId]);
        announce(orderAnnouncement('order.updated', data));
      },
      'print.updated': () => queryClient.invalidateQueries({ queryKey: PRINTING_STATUS_KEY }),
      'marketplace.health': () => queryClient.invalidateQueries({ queryKey: appHealthKey }),
      // The card shows it from now on; the toast makes sure someone sees it now.
      'marketplace.call_failed': ({ number, message }) => {
        refresh();
        toast.error(number ? `${orderLabel(number)}: aviso ao aplicativo falhou` : 'Aviso ao aplicativo falhou', {
          description: message,
          duration: 15_000,
        });
      },
      'whatsapp.failed': ({ number, shortId }) => {
        const short = shortId.toUpperCase();
        toast.error('Erro no WhatsApp', {
          description: `Não foi possível enviar a notificação do ${number ? `${orderLabel(number)} (${short})` : `pedido #${short}`}.`,
        });
      },
    },
    { onOpen: refresh },
  );

  // Card/PIX checkouts not verified yet are checked once when the board opens.
  useEffect(() => {
    if (deliveryPersonView) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    verifyPayments()
      .then((r) => {
        setCheckoutMissing(r.configurationRequired === true);
        if (r.checked > 0) refresh();
        if (r.pending > 0) timer = setTimeout(refresh, RECHECK_MS);
      })
      .catch(() => {
        // A failed check is treated as pending, without a toast (spec 3 §8).
      });
    return () => clearTimeout(timer);
  }, [deliveryPersonView, refresh]);

  return { orders, updateOrders, checkoutMissing };
}

/**
 * Puts the orders live events name into the list held, asking the server for those alone instead of the
 * whole list (60 orders with their items and history, on every screen of the restaurant at every event).
 * One ask at a time, so an older answer never lands over a newer one; while the whole list is being
 * read, or when it held all it may and lost some, the whole list is read again instead.
 */
function useNamedOrderUpdates(filter: OrderFilter, refresh: () => Promise<void>) {
  const queryClient = useQueryClient();
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const named = useRef(new Set<string>());
  const asking = useRef(false);

  const drain = useCallback(async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      while (named.current.size > 0) {
        const ids = [...named.current].slice(0, BOARD_NAMED_ORDERS_MAX);
        for (const id of ids) named.current.delete(id);
        try {
          await putInList(ids);
        } catch {
          named.current.clear();
          await refresh();
        }
      }
    } finally {
      asking.current = false;
    }

    async function putInList(ids: string[]) {
      const asked = filterRef.current;
      const key = ordersKeys.list(asked);
      if (!queryClient.getQueryData(key) || queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
        named.current.clear();
        await refresh();
        return;
      }
      const fetched = await fetchNamedOrders(asked, ids);
      const held = queryClient.getQueryData<AdminOrder[]>(key);
      if (!held) return;
      const merged = mergeNamedOrders(held, ids, fetched, BOARD_ORDERS);
      // The other filters' lists are read again when shown.
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all, refetchType: 'none' });
      if (merged.complete) queryClient.setQueryData(key, merged.orders);
      else await refresh();
    }
  }, [queryClient, refresh]);

  return useCallback(
    (ids: readonly string[]) => {
      for (const id of ids) named.current.add(id);
      void drain();
    },
    [drain],
  );
}
