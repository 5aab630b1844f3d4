import { MSG } from '@meucardapio/domain/messages';
import { addressLine, itemDetails, orderLabel } from '@meucardapio/domain/order-display';
import {
  nextOrderStatuses,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  paymentStatusLabel,
} from '@meucardapio/domain/order-status';
import { orderKindLabel, tableOrderLabel } from '@meucardapio/domain/table-accounts';
import {
  AlertTriangle,
  CheckCircle2,
  History,
  MapPin,
  MessageCircle,
  Phone,
  Printer,
  QrCode,
  RotateCcw,
  Truck,
} from 'lucide-react';
import { CashChangeNote } from '@/components/cash-change-note';
import { ChannelBadge } from '@/components/channel-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatMoney, formatTime, maskPhone } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AppOrderNotice } from './app-orders';
import { type AdminOrder, mapsUrl } from './orders-api';

/** Big, distinct colours per status, readable from across the kitchen. */
export const STATUS_STYLES: Record<OrderStatus, { bar: string; chip: string }> = {
  pending: { bar: 'bg-amber-500', chip: 'bg-amber-100 text-amber-900 border-amber-300' },
  preparing: { bar: 'bg-sky-600', chip: 'bg-sky-100 text-sky-900 border-sky-300' },
  confirmed: { bar: 'bg-emerald-600', chip: 'bg-emerald-100 text-emerald-900 border-emerald-300' },
  out_for_delivery: { bar: 'bg-violet-600', chip: 'bg-violet-100 text-violet-900 border-violet-300' },
  delivered: { bar: 'bg-slate-400', chip: 'bg-slate-100 text-slate-700 border-slate-300' },
  cancelled: { bar: 'bg-red-600', chip: 'bg-red-100 text-red-900 border-red-300' },
};

/** "agora", "há 7 min", "há 1 h 05". */
export function elapsed(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 60_000));
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const h = Math.floor(minutes / 60);
  if (h >= 24) return `há ${Math.floor(h / 24)} d`;
  return `há ${h} h ${String(minutes % 60).padStart(2, '0')}`;
}

function paymentVariant(status: string | null) {
  if (status === 'approved') return 'success' as const;
  if (status === 'failed') return 'destructive' as const;
  if (status === 'pending' || status === 'checking') return 'warning' as const;
  return 'outline' as const;
}

export type OrderCardProps = {
  order: AdminOrder;
  now: number;
  deliveryPersonView: boolean;
  unread: number;
  chatAvailable: boolean;
  onStatus: (order: AdminOrder, status: OrderStatus) => void;
  onHistory: (order: AdminOrder) => void;
  /** The browser's print dialog (the fallback where no print agent runs). */
  onPrint: (order: AdminOrder) => void;
  /** Present when the restaurant has thermal printers: the counter copy again, printed by the agent. */
  onReprint?: (order: AdminOrder) => void;
  onChat: (order: AdminOrder) => void;
  onConfirmDelivery: (order: AdminOrder) => void;
  /** Absent for who does not handle money: only they confirm a PIX received (decision 048). */
  onConfirmPix?: (order: AdminOrder) => void;
  onAnswerCancellation: (order: AdminOrder, accept: boolean) => void;
  busy: boolean;
};

export function OrderCard({
  order: o,
  now,
  deliveryPersonView,
  unread,
  chatAvailable,
  onStatus,
  onHistory,
  onPrint,
  onReprint,
  onChat,
  onConfirmDelivery,
  onConfirmPix,
  onAnswerCancellation,
  busy,
}: OrderCardProps) {
  const style = STATUS_STYLES[o.status] ?? STATUS_STYLES.pending;
  // Only the moves the server accepts (the kitchen cannot jump ahead; delivered and cancelled are final).
  const nextStatuses = nextOrderStatuses(o.status, o.deliveryType);
  const late = o.status === 'pending' && now - new Date(o.createdAt).getTime() > 15 * 60_000;
  const isDelivery = o.deliveryType === 'delivery';
  const pixToConfirm = o.localPix && o.paymentStatus !== 'approved' && o.status !== 'cancelled';
  return (
    <article
      aria-label={orderLabel(o.number)}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
      data-status={o.status}
      data-channel={o.channel ?? 'own'}
    >
      <div className={cn('h-2', style.bar)} />
      <header className="flex items-start justify-between gap-3 px-4 pt-3">
        <div className="min-w-0">
          <p className="text-4xl leading-none font-extrabold tracking-tight tabular-nums">#{o.number}</p>
          <p className="mt-1 font-mono text-xs text-muted-foreground">{o.shortId.toUpperCase()}</p>
          {o.channel && <ChannelBadge channel={o.channel} code={o.marketplace?.displayId} className="mt-1.5" />}
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          <span className={cn('rounded-full border px-3 py-1 text-sm font-semibold', style.chip)}>
            {o.awaitingPayment ? MSG.awaitingPayment : ORDER_STATUS_LABELS[o.status]}
          </span>
          <span
            className={cn('text-sm tabular-nums', late ? 'font-semibold text-destructive' : 'text-muted-foreground')}
          >
            {formatTime(o.createdAt)} · {elapsed(o.createdAt, now)}
          </span>
        </div>
      </header>

      <div className="grid gap-2 px-4 py-3 text-sm">
        <div className="flex flex-wrap items-center gap-1.5">
          {o.deliveryKind ? (
            <Badge variant="secondary" className="gap-1">
              <Truck aria-hidden /> {o.deliveryKind}
            </Badge>
          ) : (
            <Badge variant="secondary">{orderKindLabel(o.deliveryType, o.tabNumber)}</Badge>
          )}
          {o.deliveryType === 'dine_in' && tableOrderLabel(o.tableNumber, o.round, o.tabNumber) ? (
            <Badge variant="outline">{tableOrderLabel(o.tableNumber, o.round, o.tabNumber)}</Badge>
          ) : null}
          {o.isTest && <Badge variant="warning">Teste</Badge>}
          {(o.paymentCheckout || o.paymentStatus) && (
            <Badge variant={paymentVariant(o.paymentStatus)}>
              {paymentStatusLabel(o.paymentStatus, o.paymentMethod)}
            </Badge>
          )}
        </div>
        <AppOrderNotice order={o} now={now} busy={busy} onAnswerCancellation={onAnswerCancellation} />
        {o.paymentWarning && (
          <p role="alert" className="flex gap-1.5 rounded-md bg-destructive/10 px-2 py-1.5 text-destructive">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> {o.paymentWarning}
          </p>
        )}
        <p className="text-base font-semibold">{o.customerName}</p>
        {o.customerPhone && (
          <a
            href={`tel:${o.customerPhone.replace(/\D/g, '')}`}
            className="inline-flex w-fit items-center gap-1.5 text-muted-foreground hover:underline"
          >
            <Phone className="size-3.5" aria-hidden /> {maskPhone(o.customerPhone)}
          </a>
        )}
        {isDelivery && (o.address || o.neighborhood) && (
          <a
            href={mapsUrl(o)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-start gap-1.5 text-primary hover:underline"
          >
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>
              {addressLine(o)}
              {o.cep ? ` · CEP ${o.cep}` : ''} <span className="sr-only">(abrir no Google Maps)</span>
            </span>
          </a>
        )}
        {o.deliveryEmployee && (
          <p className="text-muted-foreground">
            Entregador: <span className="font-medium text-foreground">{o.deliveryEmployee.name}</span>
          </p>
        )}
        <ul className="mt-1 grid gap-1 border-t pt-2">
          {o.items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3">
              <span className={cn('min-w-0', i.cancelled && 'text-muted-foreground')}>
                <span className={cn(i.cancelled && 'line-through')}>
                  <span className="font-semibold">{i.quantity}x</span> {i.name}
                </span>
                {itemDetails(i) && <span className="block text-xs text-muted-foreground">{itemDetails(i)}</span>}
                {i.notes && <span className="block text-xs text-amber-700">Obs: {i.notes}</span>}
                {i.cancelled && (
                  <span className="block text-xs text-red-700">
                    Cancelado{i.cancelled.reason && `: ${i.cancelled.reason}`}
                    {i.cancelled.by && ` · ${i.cancelled.by}`}
                  </span>
                )}
              </span>
              {i.cancelled ? (
                <Badge variant="outline" className="h-fit shrink-0 text-red-700">
                  Cancelado
                </Badge>
              ) : (
                <span className="shrink-0 tabular-nums">{formatMoney(i.totalPrice)}</span>
              )}
            </li>
          ))}
        </ul>
        {o.note && <p className="rounded-md bg-amber-50 px-2 py-1 text-amber-900">Obs: {o.note}</p>}
        <DeliveryFees fees={o.fees} />
        <div className="flex items-baseline justify-between border-t pt-2">
          <span className="text-muted-foreground">{o.paymentMethod ?? 'Pagamento não informado'}</span>
          <span className="text-xl font-bold tabular-nums">{formatMoney(o.total)}</span>
        </div>
        <CashChangeNote order={o} className="text-right" />
        {o.pixConfirmation && (
          <p className="text-right text-xs text-muted-foreground">
            PIX confirmado por {o.pixConfirmation.name} às {formatTime(o.pixConfirmation.at)}
          </p>
        )}
      </div>

      <footer className="mt-auto grid gap-2 border-t bg-muted/30 px-4 py-3">
        {pixToConfirm && !deliveryPersonView && onConfirmPix && (
          <Button
            size="lg"
            className="h-12 bg-emerald-600 text-base text-white hover:bg-emerald-700"
            onClick={() => onConfirmPix(o)}
            disabled={busy}
          >
            <QrCode aria-hidden /> Confirmar PIX recebido
          </Button>
        )}
        {deliveryPersonView ? (
          o.status === 'out_for_delivery' ? (
            <Button size="lg" className="h-12 text-base" onClick={() => onConfirmDelivery(o)} disabled={busy}>
              <CheckCircle2 aria-hidden /> Confirmar Entrega
            </Button>
          ) : (
            <p className="text-center text-sm font-medium text-muted-foreground">Entregue</p>
          )
        ) : (
          <Select
            value={o.status}
            onValueChange={(v) => onStatus(o, v as OrderStatus)}
            disabled={busy || nextStatuses.length === 0}
          >
            <SelectTrigger aria-label={`Status do pedido #${o.number}`} className="h-11 bg-background text-base">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[o.status, ...nextStatuses].map((s) => (
                <SelectItem key={s} value={s}>
                  {ORDER_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <div className="flex flex-wrap gap-2">
          {chatAvailable && (
            <Button variant="outline" size="sm" onClick={() => onChat(o)} className="relative">
              <MessageCircle aria-hidden /> Chat
              {unread > 0 && (
                <span className="ml-1 rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">
                  {unread}
                  <span className="sr-only"> mensagens não lidas</span>
                </span>
              )}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => onHistory(o)}>
            <History aria-hidden /> Histórico
          </Button>
          {!deliveryPersonView && (
            <Button variant="outline" size="sm" onClick={() => onPrint(o)}>
              <Printer aria-hidden /> Imprimir
            </Button>
          )}
          {onReprint && (
            <Button variant="outline" size="sm" onClick={() => onReprint(o)}>
              <RotateCcw aria-hidden /> Reimprimir
            </Button>
          )}
        </div>
      </footer>
    </article>
  );
}

/** A mixed cart pays both: the neighbourhood fee for the restaurant's items and the freight for shipped ones. */
function DeliveryFees({ fees }: { fees: AdminOrder['fees'] }) {
  if (fees.localFee <= 0 && fees.freight === null) return null;
  return (
    <dl className="grid gap-0.5 text-xs text-muted-foreground">
      {fees.localFee > 0 && (
        <div className="flex justify-between gap-3">
          <dt>Taxa de entrega</dt>
          <dd className="tabular-nums">{formatMoney(fees.localFee)}</dd>
        </div>
      )}
      {fees.freight !== null && (
        <div className="flex justify-between gap-3">
          <dt>Frete</dt>
          <dd className="tabular-nums">{formatMoney(fees.freight)}</dd>
        </div>
      )}
    </dl>
  );
}
