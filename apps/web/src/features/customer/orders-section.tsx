import { MSG } from '@meucardapio/domain/messages';
import { canChatAboutOrder } from '@meucardapio/domain/order-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, MessageCircle, RefreshCw, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ChatDialog } from '@/components/chat/chat-dialog';
import { useChatUnread } from '@/components/chat/use-chat-unread';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api';
import { useEvents } from '@/lib/use-events';
import { type CustomerOrder, customerKeys, fetchOrders, verifyPayment } from './customer-api';
import { OrderCard, orderTitle } from './order-card';
import { OrderCards } from './order-cards';

/** 'Meus pedidos': live through SSE, polled every 10 s as a safety net. */
export function OrdersSection() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [chatOrder, setChatOrder] = useState<CustomerOrder | null>(null);
  const unread = useChatUnread('customer');
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.orders });
  const { connected } = useEvents(
    'customer',
    { 'order.updated': refresh, 'order.created': refresh },
    { onOpen: refresh },
  );
  const orders = useQuery({
    queryKey: customerKeys.orders,
    queryFn: fetchOrders,
    refetchInterval: (q) => {
      const pendingPayment = q.state.data?.some((o) => o.paymentStatus === 'pending' && o.status !== 'cancelled');
      return !connected || pendingPayment ? 10_000 : false;
    },
  });
  const verify = useMutation({
    mutationFn: (id: string) => verifyPayment(id),
    onSuccess: (res) => {
      if (res.status === 'approved') toast.success('Pagamento confirmado!');
      else if (res.status === 'failed') toast.error('Pagamento não aprovado');
      else if (res.problem === 'verification_failed')
        toast.error(MSG.verificationError, { description: MSG.verificationFailed });
      else if (res.problem === 'configuration_required')
        toast.error(MSG.checkoutNotConfigured, { description: MSG.checkoutNotConfiguredVerify });
      else toast.info('Pagamento ainda não confirmado', { description: 'Tente novamente em instantes.' });
      void refresh();
    },
    onError: (err) => toastError(err, 'Erro na verificação'),
  });

  return (
    <section className="grid gap-3" aria-labelledby="orders-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="orders-title" className="text-lg font-semibold">
          Meus pedidos
        </h2>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to="/customer">Ver todos e repetir</Link>
        </Button>
      </div>
      <OrderCards orders={orders}>
        {(list) =>
          list.map((o, index) => (
            <OrderCard
              key={o.id}
              order={o}
              expanded={open === o.id || (open === null && index === 0)}
              onToggle={() => setOpen((cur) => (cur === o.id || (cur === null && index === 0) ? '' : o.id))}
              actions={
                <>
                  {o.checkoutUrl && o.paymentStatus !== 'approved' && (
                    <Button
                      variant="brand"
                      size="sm"
                      className="h-10"
                      onClick={() => window.location.assign(o.checkoutUrl!)}
                    >
                      <CreditCard aria-hidden /> Pagar agora
                    </Button>
                  )}
                  {/* A PIX QR Code payment is confirmed by the restaurant: nothing to ask a provider. */}
                  {o.paymentStatus === 'pending' && !o.pix && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-10"
                      loading={verify.isPending && verify.variables === o.id}
                      onClick={() => verify.mutate(o.id)}
                    >
                      <RefreshCw aria-hidden /> Verificar pagamento
                    </Button>
                  )}
                  {canChatAboutOrder(o.status) && (
                    <Button variant="outline" size="sm" className="h-10" onClick={() => setChatOrder(o)}>
                      <MessageCircle aria-hidden /> Chat
                      {(unread.byOrder[o.id] ?? 0) > 0 && (
                        <span className="ml-1 rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">
                          {unread.byOrder[o.id]}
                          <span className="sr-only"> mensagens não lidas</span>
                        </span>
                      )}
                    </Button>
                  )}
                  {o.status === 'delivered' && (
                    <Button asChild variant="brand" size="sm" className="h-10">
                      <Link to={`/review/${o.restaurantId}?order=${o.id}`}>
                        <Star aria-hidden /> Avaliar Pedido
                      </Link>
                    </Button>
                  )}
                </>
              }
            />
          ))
        }
      </OrderCards>
      {chatOrder && (
        <ChatDialog
          mode="customer"
          orderId={chatOrder.id}
          title={`Chat · ${orderTitle(chatOrder)}`}
          open
          onOpenChange={(v) => !v && setChatOrder(null)}
        />
      )}
    </section>
  );
}
