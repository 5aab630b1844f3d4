import { orderLabel } from '@meucardapio/domain/order-display';
import type { OrderFilter } from '@meucardapio/domain/order-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { orderAnnouncement, playNewOrderSound } from '@/lib/new-order-sound';
import { useEvents } from '@/lib/use-events';
import { appHealthKey } from './app-orders';
import { fetchOrders, ordersKeys, verifyPayments } from './orders-api';
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
        refresh();
        announce(orderAnnouncement('order.created', data));
      },
      'order.updated': (data) => {
        refresh();
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

  return { orders, refresh, checkoutMissing };
}
