import type { CancellationCode } from '@meucardapio/domain/marketplace';
import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import {
  canChatAboutOrder,
  emptyOrdersText,
  type OrderFilter,
  type OrderStatus,
  showsGeneralChat,
} from '@meucardapio/domain/order-status';
import { handlesMoney } from '@meucardapio/domain/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ChatDialog } from '@/components/chat/chat-dialog';
import { useChatUnread } from '@/components/chat/use-chat-unread';
import { PageHeader } from '@/components/page-header';
import { isApiError, toastError, toastTitledError } from '@/lib/api';
import { useMuted } from '@/lib/new-order-sound';
import { printReceipt } from '@/lib/print';
import { useStaff } from '@/lib/staff';
import { answerAppCancellation, CancelAppOrderDialog, ConnectionsAlert } from './app-orders';
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
  fetchReceipt,
  ordersKeys,
  type Receipt,
  updateStatus,
} from './orders-api';
import { OrdersList } from './orders-list';
import { OrdersToolbar } from './orders-toolbar';
import { PrintersStrip, usePrintingStatus, useReprintOrder } from './printers-strip';
import { useNow, useOrdersFeed } from './use-orders-feed';

export default function OrdersPage() {
  const { staff, actor } = useStaff();
  const deliveryPersonView = staff.deliveryPerson;
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [muted, toggleMuted] = useMuted();
  const now = useNow();
  const { orders, updateOrders, checkoutMissing } = useOrdersFeed({ filter, deliveryPersonView, muted });

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
      updateOrders([v.id]);
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
      updateOrders([order.id]);
    },
    onError: (err) => toastError(err, 'Erro ao confirmar o PIX'),
  });

  const [choosing, setChoosing] = useState<AdminOrder | null>(null);
  const [cancellingApp, setCancellingApp] = useState<AdminOrder | null>(null);
  const appCancellation = useMutation({
    mutationFn: (v: { id: string; accept: boolean }) => answerAppCancellation(v.id, v.accept),
    onSuccess: (_order, v) => {
      toast.success(v.accept ? 'Cancelamento aceito' : 'Cancelamento recusado');
      updateOrders([v.id]);
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
          <OrdersToolbar
            deliveryPersonView={deliveryPersonView}
            filter={filter}
            onFilter={setFilter}
            fetching={orders.isFetching}
            onRefresh={() => orders.refetch()}
            generalChat={generalChat}
            unreadGeneral={unread.general}
            onGeneralChat={() => setChatOrder(null)}
            muted={muted}
            onToggleMuted={toggleMuted}
          />
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

      <OrdersList
        pending={orders.isPending}
        error={orders.isError}
        orders={orders.data ?? []}
        emptyText={emptyOrdersText(deliveryPersonView ? 'all' : filter)}
        onRetry={() => orders.refetch()}
        card={card}
      />

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
