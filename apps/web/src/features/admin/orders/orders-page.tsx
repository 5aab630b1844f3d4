import type { CancellationCode } from '@meucardapio/domain/marketplace';
import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import {
  canChatAboutOrder,
  emptyOrdersText,
  ORDER_FILTERS,
  ORDER_STATUS_FILTER_LABELS,
  type OrderFilter,
  type OrderStatus,
  showsGeneralChat,
} from '@meucardapio/domain/order-status';
import { handlesMoney } from '@meucardapio/domain/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, MessagesSquare, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ChatDialog } from '@/components/chat/chat-dialog';
import { useChatUnread } from '@/components/chat/use-chat-unread';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError, toastError, toastTitledError } from '@/lib/api';
import { orderAnnouncement, playNewOrderSound, useMuted } from '@/lib/new-order-sound';
import { printReceipt } from '@/lib/print';
import { useStaff } from '@/lib/staff';
import { useEvents } from '@/lib/use-events';
import { answerAppCancellation, appHealthKey, CancelAppOrderDialog, ConnectionsAlert } from './app-orders';
import { OrderCard } from './order-card';
import {
  ChooseDeliveryPersonDialog,
  ConfirmDeliveryDialog,
  ConfirmPixDialog,
  HistoryDialog,
  type PixReceived,
} from './order-dialogs';
import { OrderReceipt } from './order-receipt';
import {
  type AdminOrder,
  confirmPix,
  fetchDeliveryPeople,
  fetchOrders,
  fetchReceipt,
  ordersKeys,
  type Receipt,
  updateStatus,
  verifyPayments,
} from './orders-api';
import { PRINTING_STATUS_KEY, PrintersStrip, usePrintingStatus, useReprintOrder } from './printers-strip';

/** The spec's full refresh as a safety net under the live stream. */
const REFRESH_MS = 120_000;
/** One more look 2 s after a payment check that left some checkout unverified. */
const RECHECK_MS = 2_000;

const FILTER_LABEL = (f: OrderFilter) => (f === 'all' ? 'Todos' : ORDER_STATUS_FILTER_LABELS[f]);

function useNow(every = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

export default function OrdersPage() {
  const { staff, actor } = useStaff();
  const deliveryPersonView = staff.deliveryPerson;
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [muted, toggleMuted] = useMuted();
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const now = useNow();
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

  const mutation = useMutation({
    mutationFn: (v: {
      id: string;
      status: OrderStatus;
      deliveryEmployeeId?: string;
      courierId?: string;
      phoneDigits?: string;
      cancelReason?: CancellationCode;
    }) => updateStatus(v.id, v),
    onSuccess: (_order, v) => {
      toast.success(v.phoneDigits !== undefined ? 'Entrega confirmada!' : 'Status atualizado!');
      refresh();
    },
    onError: (err, v) => {
      // A wrong phone is the server's own rule ("Telefone incorreto"); failing to check it is another thing.
      if (v.phoneDigits === undefined) toastTitledError(err, 'Erro ao atualizar status');
      else if (isApiError(err) && err.status < 500) toastError(err);
      else toastTitledError(err, 'Erro ao validar telefone do cliente.');
    },
  });

  const [pixOf, setPixOf] = useState<AdminOrder | null>(null);
  const pix = useMutation({
    mutationFn: (v: { id: string } & PixReceived) => confirmPix(v.id, v),
    onSuccess: (order) => {
      toast.success('PIX confirmado!', { description: `${orderLabel(order.number)} foi para a cozinha.` });
      setPixOf(null);
      refresh();
    },
    onError: (err) => toastError(err, 'Erro ao confirmar o PIX'),
  });

  const [choosing, setChoosing] = useState<AdminOrder | null>(null);
  const [cancellingApp, setCancellingApp] = useState<AdminOrder | null>(null);
  const appCancellation = useMutation({
    mutationFn: (v: { id: string; accept: boolean }) => answerAppCancellation(v.id, v.accept),
    onSuccess: (_order, v) => {
      toast.success(v.accept ? 'Cancelamento aceito' : 'Cancelamento recusado');
      refresh();
    },
    onError: (err) => toastTitledError(err, 'Erro ao responder o aplicativo'),
  });
  const [confirming, setConfirming] = useState<AdminOrder | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminOrder | null>(null);
  const [chatOrder, setChatOrder] = useState<string | null | undefined>(undefined);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const people = useQuery({
    queryKey: ordersKeys.deliveryPeople,
    queryFn: fetchDeliveryPeople,
    enabled: !deliveryPersonView,
    staleTime: 30_000,
  });

  async function changeStatus(order: AdminOrder, status: OrderStatus) {
    if (status === order.status) return;
    // An app's order: its courier takes it and the app confirms the delivery; a cancellation says why.
    if (order.channel) {
      if (status === 'cancelled') setCancellingApp(order);
      else mutation.mutate({ id: order.id, status });
      return;
    }
    if (order.deliveryType === 'delivery' && status === 'out_for_delivery') {
      const list = await queryClient
        .fetchQuery({ queryKey: ordersKeys.deliveryPeople, queryFn: fetchDeliveryPeople, staleTime: 30_000 })
        .catch((err) => {
          toastTitledError(err, 'Erro ao atualizar status');
          return null;
        });
      if (!list) return;
      if (list.length === 0) {
        toast.error('Nenhum entregador disponível', {
          description: MSG.noDeliveryPeople,
        });
        return;
      }
      setChoosing(order);
      return;
    }
    if (order.deliveryType === 'delivery' && status === 'delivered' && order.deliveryKind !== 'Transportadora') {
      setConfirming(order);
      return;
    }
    mutation.mutate({ id: order.id, status });
  }

  async function print(order: AdminOrder) {
    try {
      setReceipt(await fetchReceipt(order.id));
    } catch (err) {
      toastError(err, 'Erro ao imprimir');
    }
  }
  useEffect(() => {
    if (!receipt) return;
    // Print after the ticket is in the DOM.
    const frame = requestAnimationFrame(() => printReceipt());
    return () => cancelAnimationFrame(frame);
  }, [receipt]);

  const printing = usePrintingStatus(!deliveryPersonView);
  const reprint = useReprintOrder();
  const hasPrinters = (printing.data?.printers.length ?? 0) > 0;
  const unread = useChatUnread('staff');
  const list = orders.data ?? [];
  // Card/PIX orders not paid yet are kept apart: the kitchen must not start them.
  const awaitingPayment = list.filter((o) => o.awaitingPayment);
  const kitchen = list.filter((o) => !o.awaitingPayment);
  const card = (o: AdminOrder) => (
    <OrderCard
      key={o.id}
      order={o}
      now={now}
      deliveryPersonView={deliveryPersonView}
      unread={unread.byOrder[o.id] ?? 0}
      chatAvailable={canChatAboutOrder(o.status)}
      busy={
        (mutation.isPending && mutation.variables?.id === o.id) ||
        (pix.isPending && pix.variables?.id === o.id) ||
        (appCancellation.isPending && appCancellation.variables?.id === o.id)
      }
      onStatus={changeStatus}
      onHistory={setHistoryOf}
      onPrint={print}
      onReprint={hasPrinters && !deliveryPersonView ? (x) => reprint.mutate(x.id) : undefined}
      onChat={(x) => setChatOrder(x.id)}
      onConfirmDelivery={setConfirming}
      onConfirmPix={handlesMoney(actor) ? setPixOf : undefined}
      onAnswerCancellation={(x, accept) => appCancellation.mutate({ id: x.id, accept })}
    />
  );
  // Under a filter the answer is in the unfiltered board's cache, when the board was opened unfiltered.
  const generalChat = showsGeneralChat(
    filter === 'all' ? orders.data : queryClient.getQueryData<AdminOrder[]>(ordersKeys.list('all')),
  );

  return (
    <div>
      <PageHeader
        title={deliveryPersonView ? 'Minhas Entregas' : 'Pedidos'}
        description={
          deliveryPersonView
            ? 'Pedidos que saíram para entrega com você.'
            : 'Acompanhe e atualize os pedidos em tempo real.'
        }
        actions={
          <>
            {!deliveryPersonView && (
              <Select value={filter} onValueChange={(v) => setFilter(v as OrderFilter)}>
                <SelectTrigger aria-label="Filtrar por status" className="h-10 w-full sm:w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ORDER_FILTERS.map((f) => (
                    <SelectItem key={f} value={f}>
                      {FILTER_LABEL(f)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
            <Button variant="outline" onClick={() => orders.refetch()} disabled={orders.isFetching}>
              <RefreshCw className={orders.isFetching ? 'animate-spin' : undefined} aria-hidden />
              {orders.isFetching ? 'Atualizando...' : 'Atualizar'}
            </Button>
            {generalChat && (
              <Button variant="outline" onClick={() => setChatOrder(null)}>
                <MessagesSquare aria-hidden /> Chat Geral
                {unread.general > 0 && (
                  <span className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">
                    {unread.general}
                  </span>
                )}
              </Button>
            )}
            <Button
              variant={muted ? 'secondary' : 'outline'}
              onClick={toggleMuted}
              aria-pressed={muted}
              title={muted ? 'Som de novos pedidos desligado' : 'Som de novos pedidos ligado'}
            >
              {muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
              <span className="max-sm:sr-only">{muted ? 'Som desligado' : 'Som ligado'}</span>
            </Button>
          </>
        }
      />

      {!deliveryPersonView && <ConnectionsAlert />}
      {checkoutMissing && (
        <div role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{MSG.checkoutNotConfigured}</p>
          <p className="text-sm">{MSG.checkoutNotConfiguredStaff}</p>
        </div>
      )}

      {printing.data && !deliveryPersonView && <PrintersStrip status={printing.data} />}

      {orders.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : orders.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-6 text-center">
          <p className="font-semibold">Erro ao carregar pedidos</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
          <Button variant="outline" className="mt-3" onClick={() => orders.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed p-12 text-center text-muted-foreground">
          {emptyOrdersText(deliveryPersonView ? 'all' : filter)}
        </div>
      ) : (
        <div className="grid gap-6">
          {kitchen.length > 0 && (
            <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {kitchen.map(card)}
            </div>
          )}
          {awaitingPayment.length > 0 && (
            <section aria-labelledby="awaiting-payment" className="grid gap-3 rounded-xl border border-dashed p-4">
              <div>
                <h2 id="awaiting-payment" className="text-lg font-semibold">
                  {MSG.awaitingPayment} ({awaitingPayment.length})
                </h2>
                <p className="text-sm text-muted-foreground">
                  Pedidos com cartão ou PIX ainda não pagos: não prepare antes da confirmação. PIX (QR Code): confira o
                  valor no app do banco e toque em "Confirmar PIX recebido". Sem pagamento, eles são cancelados e o
                  estoque volta.
                </p>
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
                {awaitingPayment.map(card)}
              </div>
            </section>
          )}
        </div>
      )}

      <ChooseDeliveryPersonDialog
        order={choosing}
        people={people.data ?? []}
        onCancel={() => setChoosing(null)}
        onConfirm={async (person) => {
          if (!choosing) return;
          const who = person.kind === 'courier' ? { courierId: person.id } : { deliveryEmployeeId: person.id };
          await mutation.mutateAsync({ id: choosing.id, status: 'out_for_delivery', ...who });
          setChoosing(null);
        }}
      />
      <CancelAppOrderDialog
        order={cancellingApp}
        onCancel={() => setCancellingApp(null)}
        onConfirm={async (cancelReason) => {
          if (!cancellingApp) return;
          await mutation.mutateAsync({ id: cancellingApp.id, status: 'cancelled', cancelReason });
          setCancellingApp(null);
        }}
      />
      <ConfirmDeliveryDialog
        order={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={async (phoneDigits) => {
          if (!confirming) return;
          await mutation.mutateAsync({ id: confirming.id, status: 'delivered', phoneDigits });
          setConfirming(null);
        }}
      />
      <ConfirmPixDialog
        order={pixOf}
        onCancel={() => setPixOf(null)}
        onConfirm={(received) => (pixOf ? pix.mutateAsync({ id: pixOf.id, ...received }) : Promise.resolve())}
      />
      <HistoryDialog order={historyOf} onClose={() => setHistoryOf(null)} />
      {chatOrder !== undefined && (
        <ChatDialog
          mode="staff"
          orderId={chatOrder}
          title={chatOrder ? undefined : 'Chat Geral'}
          open
          onOpenChange={(v) => !v && setChatOrder(undefined)}
        />
      )}
      {receipt && <OrderReceipt receipt={receipt} />}
    </div>
  );
}
