import { deliveryFeeParts } from '@meucardapio/domain/delivery';
import { orderLabel } from '@meucardapio/domain/order-display';
import {
  DELIVERY_TYPE_LABELS,
  type DeliveryType,
  normalizeOrderStatus,
  orderStatusLabel,
  paymentStatusLabel,
  shortIdStorefront,
} from '@meucardapio/domain/order-status';
import { ChevronDown, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { PixPaymentPanel } from '@/components/pix-payment-panel';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { CustomerOrder, CustomerOrderItem } from './customer-api';

type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'brand' | 'outline';

const STATUS_VARIANT: Record<string, BadgeVariant> = {
  pending: 'warning',
  preparing: 'brand',
  confirmed: 'success',
  out_for_delivery: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

const PAYMENT_VARIANT: Record<string, BadgeVariant> = {
  approved: 'success',
  failed: 'destructive',
  pending: 'warning',
  checking: 'secondary',
};

export function StatusBadge({ status }: { status: string }) {
  const s = normalizeOrderStatus(status) ?? status;
  return (
    <Badge variant={STATUS_VARIANT[s] ?? 'outline'} data-testid="order-status">
      {orderStatusLabel(status)}
    </Badge>
  );
}

export function PaymentBadge({ order }: { order: CustomerOrder }) {
  if (!order.paymentStatus) return null;
  return (
    <Badge variant={PAYMENT_VARIANT[order.paymentStatus] ?? 'outline'}>
      {paymentStatusLabel(order.paymentStatus, order.paymentMethod)}
    </Badge>
  );
}

export function orderTitle(order: CustomerOrder) {
  return orderLabel(order.number);
}

/** 'Tamanho: Grande · Cor: Preta · Sabores: A, B · Opções: Borda'. */
export function itemSummary(i: CustomerOrderItem): string {
  const parts: string[] = [];
  if (i.variation) parts.push(`Tamanho: ${i.variation.name}`);
  if (i.colors.length) parts.push(`Cor: ${i.colors.map((c) => c.name).join(', ')}`);
  if (i.pizzaFlavors.length) parts.push(`Sabores: ${i.pizzaFlavors.map((f) => f.name).join(', ')}`);
  if (i.addons.length)
    parts.push(
      `Opções: ${i.addons.map((a) => (a.quantity && a.quantity > 1 ? `${a.quantity}x ${a.name}` : a.name)).join(', ')}`,
    );
  return parts.join(' · ');
}

function where(order: CustomerOrder): string {
  if (order.deliveryType === 'dine_in') return `Mesa ${order.tableNumber ?? ''}`.trim();
  if (order.deliveryType === 'pickup') return 'Retirada no local';
  const line = [
    order.address && `${order.address}, ${order.addressNumber ?? ''}`,
    order.complement,
    order.neighborhood,
    order.city,
  ]
    .filter(Boolean)
    .join(' · ');
  return line || (DELIVERY_TYPE_LABELS[order.deliveryType as DeliveryType] ?? order.deliveryType);
}

/** One order: a summary row that expands into items, address and totals. */
export function OrderCard({
  order,
  expanded,
  onToggle,
  actions,
}: {
  order: CustomerOrder;
  expanded: boolean;
  onToggle: () => void;
  actions?: ReactNode;
}) {
  const panelId = `order-${order.id}`;
  // A mixed cart pays both: the neighbourhood fee for the restaurant's items, the freight for shipped ones.
  const fees = deliveryFeeParts(order);
  return (
    <article className="overflow-hidden rounded-xl border bg-card" aria-label={orderTitle(order)}>
      <button
        type="button"
        className="flex w-full items-start gap-3 p-4 text-left hover:bg-accent/50"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">{orderTitle(order)}</span>
            <span className="font-mono text-xs text-muted-foreground">
              #{shortIdStorefront(order.id).toUpperCase()}
            </span>
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {formatDateTime(order.createdAt, order.restaurant.timezone)} · {where(order)}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <StatusBadge status={order.status} />
            <PaymentBadge order={order} />
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">
          <span className="font-semibold tabular-nums">{formatMoney(order.total)}</span>
          <ChevronDown
            className={cn('size-5 text-muted-foreground transition-transform', expanded && 'rotate-180')}
            aria-hidden
          />
        </div>
      </button>
      {expanded && (
        <div id={panelId} className="grid gap-4 border-t p-4">
          <ul className="grid gap-3">
            {order.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    {i.quantity}x {i.name}
                  </p>
                  {itemSummary(i) && <p className="text-muted-foreground">{itemSummary(i)}</p>}
                  {i.notes && <p className="text-muted-foreground italic">Obs.: {i.notes}</p>}
                </div>
                <span className="shrink-0 tabular-nums">{formatMoney(i.totalPrice)}</span>
              </li>
            ))}
          </ul>
          {order.note && (
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              <span className="font-medium">Observações:</span> {order.note}
            </p>
          )}
          {order.pix && <PixPaymentPanel pix={order.pix} total={order.total} number={order.number} />}
          <dl className="grid gap-1 border-t pt-3 text-sm">
            <Line label="Subtotal" value={formatMoney(order.subtotal)} />
            {order.deliveryType === 'delivery' && (fees.freight === null || fees.localFee > 0) && (
              <Line label="Taxa de entrega" value={formatMoney(fees.localFee)} />
            )}
            {order.deliveryType === 'delivery' && fees.freight !== null && (
              <Line label="Frete" value={formatMoney(fees.freight)} />
            )}
            {order.discount > 0 && <Line label="Desconto" value={`− ${formatMoney(order.discount)}`} />}
            <Line label="Total" value={formatMoney(order.total)} strong />
            {order.paymentMethod && (
              <Line
                label="Pagamento"
                value={`${order.paymentMethod}${order.installments && order.installments > 1 ? ` · ${order.installments}x` : ''}`}
              />
            )}
            {order.changeAmount !== null && order.changeAmount > 0 && (
              <Line
                label="Troco"
                value={`${formatMoney(order.changeAmount)} (para ${formatMoney(order.paidAmount)})`}
              />
            )}
          </dl>
          {order.fiscalNoteUrl && (
            <a
              href={order.fiscalNoteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-md text-sm font-medium underline underline-offset-4"
            >
              <FileText className="size-4" aria-hidden /> Nota fiscal (NFC-e)
            </a>
          )}
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
    </article>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'font-semibold')}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}
