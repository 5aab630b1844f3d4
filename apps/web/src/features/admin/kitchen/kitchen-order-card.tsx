import { type KitchenOrder, type KitchenTimerLevel, kitchenElapsedLabel } from '@meucardapio/domain/kitchen';
import { orderLabel } from '@meucardapio/domain/order-display';
import { DELIVERY_TYPE_LABELS, isDeliveryType } from '@meucardapio/domain/order-status';
import { tableOrderLabel } from '@meucardapio/domain/table-accounts';
import { Ban, Check, Clock } from 'lucide-react';
import { ChannelBadge } from '@/components/channel-badge';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/format';
import { cn } from '@/lib/utils';

const TIMER_STYLE: Record<KitchenTimerLevel, string> = {
  ok: 'bg-muted text-foreground',
  warn: 'bg-amber-400 text-amber-950',
  late: 'bg-red-600 text-white',
};

const CARD_STYLE: Record<KitchenTimerLevel, string> = {
  ok: 'border-border',
  warn: 'border-amber-400',
  late: 'border-red-600',
};

const TIMER_TEXT: Record<KitchenTimerLevel, string> = { ok: 'no prazo', warn: 'atenção', late: 'atrasado' };

/** "Mesa 4", "Delivery", "Retirada", "PDV". */
function whereTo(o: KitchenOrder): string {
  const table = o.deliveryType === 'dine_in' ? tableOrderLabel(o.tableNumber, o.round, o.tabNumber) : null;
  if (table) return table;
  return isDeliveryType(o.deliveryType) ? DELIVERY_TYPE_LABELS[o.deliveryType] : o.deliveryType;
}

/** One order on the kitchen screen: what to cook, in large type, its timer, and "Pronto". */
export function KitchenOrderCard({
  order,
  elapsedMs,
  level,
  pending,
  onReady,
}: {
  order: KitchenOrder;
  elapsedMs: number;
  level: KitchenTimerLevel;
  pending: boolean;
  onReady: () => void;
}) {
  const title = orderLabel(order.number);
  const where = whereTo(order);
  return (
    <article
      aria-label={title}
      className={cn('flex min-w-0 flex-col overflow-hidden rounded-xl border-2 bg-card shadow-sm', CARD_STYLE[level])}
    >
      <header className="border-b px-4 py-3">
        <div className="flex items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 className="text-3xl font-extrabold leading-none tabular-nums 2xl:text-4xl">#{order.number}</h2>
            {order.channel && <ChannelBadge channel={order.channel} code={order.channelCode} className="text-sm" />}
          </div>
          <p
            className={cn(
              'flex shrink-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-2xl font-bold tabular-nums 2xl:text-3xl',
              TIMER_STYLE[level],
            )}
            title={`Tempo desde o pedido (${TIMER_TEXT[level]})`}
          >
            <Clock className="size-5" aria-hidden />
            {kitchenElapsedLabel(elapsedMs)}
            <span className="sr-only">({TIMER_TEXT[level]})</span>
          </p>
        </div>
        <p className="mt-1.5 truncate text-base text-muted-foreground 2xl:text-lg">
          <span className="font-semibold text-foreground">{where}</span>
          {order.customerName && order.customerName !== where && ` · ${order.customerName}`}
        </p>
      </header>
      <ul className="flex-1 divide-y px-4">
        {order.items.map((i) => (
          <li key={i.id} className={cn('py-2.5 text-lg 2xl:text-xl', i.cancelled && 'text-muted-foreground')}>
            {i.cancelled && (
              <p className="mb-1 inline-flex flex-wrap items-center gap-1.5 rounded-md bg-red-600 px-2 py-0.5 text-base font-bold text-white">
                <Ban className="size-4" aria-hidden />
                CANCELADO{i.cancelled.reason && <span className="font-medium">· {i.cancelled.reason}</span>}
              </p>
            )}
            <p className={cn('text-xl font-semibold leading-snug 2xl:text-2xl', i.cancelled && 'line-through')}>
              <span
                className={cn(
                  'mr-1.5 inline-block min-w-8 rounded px-1.5 text-center text-background tabular-nums',
                  i.cancelled ? 'bg-muted-foreground' : 'bg-foreground',
                )}
              >
                {i.quantity}
              </span>
              {i.name}
            </p>
            {i.variation?.name && <p className="mt-0.5 font-medium">Tamanho: {i.variation.name}</p>}
            {i.pizzaFlavors.length > 0 && (
              <p className="mt-0.5">
                <span className="font-medium">Sabores:</span> {i.pizzaFlavors.map((f) => f.name).join(' / ')}
              </p>
            )}
            {i.colors.length > 0 && <p className="mt-0.5">{i.colors.map((c) => c.name).join(', ')}</p>}
            {i.addons.length > 0 && (
              <ul className="mt-0.5 text-emerald-800 dark:text-emerald-300">
                {i.addons.map((a, n) => (
                  <li key={`${a.name}-${n}`}>
                    + {a.quantity && a.quantity > 1 ? `${a.quantity}x ` : ''}
                    {a.name}
                  </li>
                ))}
              </ul>
            )}
            {i.notes && (
              <p className="mt-1 rounded-md bg-amber-100 px-2 py-1 font-semibold text-amber-950">Obs: {i.notes}</p>
            )}
          </li>
        ))}
      </ul>
      {order.note && (
        <p className="mx-4 mb-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-lg text-amber-950 2xl:text-xl">
          <span className="font-semibold">Obs. do pedido:</span> {order.note}
        </p>
      )}
      {order.otherItems > 0 && (
        <p className="px-4 pb-2 text-base text-muted-foreground">
          + {plural(order.otherItems, 'item', 'itens')} em outras estações
        </p>
      )}
      <div className="p-3 pt-1">
        <Button
          variant="success"
          className="h-14 w-full text-xl font-bold [&_svg:not([class*='size-'])]:size-6"
          onClick={onReady}
          loading={pending}
          aria-label={`Marcar ${title} como pronto`}
        >
          <Check aria-hidden />
          Pronto
        </Button>
      </div>
    </article>
  );
}
