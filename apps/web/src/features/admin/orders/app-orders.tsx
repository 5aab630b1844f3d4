import { CANCELLATION_REASONS, type CancellationCode, channelLabel } from '@meucardapio/domain/marketplace';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, PlugZap } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api';
import { formatDate, formatTime } from '@/lib/format';
import type { AdminOrder } from './orders-api';

/*
 * What the board adds for ordering apps' orders: the warning of a connection that stopped working,
 * the alarm of an order to accept before the app's limit, the app's cancellation request, and the
 * reason code a cancellation sends to the app.
 */

export const appHealthKey = ['admin-integrations-health'] as const;

type Failing = { id: string; app: string; label: string; error: string | null; since: string | null };

/** A connection that stopped working: shown within a minute (re-checked every 30 s, and at once on its event). */
export function ConnectionsAlert() {
  const health = useQuery({
    queryKey: appHealthKey,
    queryFn: () => api.get<{ failing: Failing[] }>('/api/admin/integrations/health').then((r) => r.failing),
    refetchInterval: 30_000,
    refetchIntervalInBackground: true,
  });
  const failing = health.data ?? [];
  if (failing.length === 0) return null;
  return (
    <div role="alert" className="mb-4 grid gap-1 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      {failing.map((f) => (
        <p key={f.id} className="flex items-start gap-2">
          <PlugZap className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">{f.label} sem conexão</span>
            {f.since ? ` desde ${formatTime(f.since)}` : ''}: pedidos novos podem não estar chegando.
            {f.error ? <span className="block text-sm">{f.error}</span> : null}
          </span>
        </p>
      ))}
    </div>
  );
}

/** Minutes before the app's limit when an unaccepted order starts to alarm. */
const ALARM_BEFORE_MS = 4 * 60_000;

/** On an app's card: accept before the limit, and the app's cancellation request to answer. */
export function AppOrderNotice({
  order,
  now,
  busy,
  onAnswerCancellation,
}: {
  order: AdminOrder;
  now: number;
  busy: boolean;
  onAnswerCancellation: (order: AdminOrder, accept: boolean) => void;
}) {
  const app = order.marketplace;
  if (!app) return null;
  const label = channelLabel(order.channel);
  const confirmBy = app.confirmBy ? new Date(app.confirmBy).getTime() : null;
  const alarm = order.status === 'pending' && confirmBy !== null && now >= confirmBy - ALARM_BEFORE_MS;
  const open = order.status !== 'cancelled' && order.status !== 'delivered';
  return (
    <>
      {app.schedule && open && <ScheduledNotice schedule={app.schedule} pending={order.status === 'pending'} />}
      {app.failedCall && (
        <p role="alert" className="flex gap-1.5 rounded-md border border-red-300 bg-red-50 px-2 py-1.5 text-red-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-semibold">{app.failedCall.text}</span>
            <span className="block text-xs">Confira o pedido no aplicativo do {label}.</span>
          </span>
        </p>
      )}
      {alarm && app.confirmBy && (
        <p role="alert" className="flex gap-1.5 rounded-md bg-red-600 px-2 py-1.5 font-semibold text-white">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          Aceite até {formatTime(app.confirmBy)} ou o {label} cancela o pedido.
        </p>
      )}
      {app.cancellationRequested && order.status !== 'cancelled' && (
        <div role="alert" className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-2 text-red-900">
          <p>
            <span className="font-semibold">O {label} pede o cancelamento:</span> {app.cancellationRequested.reason}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="destructive" disabled={busy} onClick={() => onAnswerCancellation(order, true)}>
              Aceitar cancelamento
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onAnswerCancellation(order, false)}>
              Recusar
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

const dayOf = (iso: string) => (formatDate(iso) === formatDate(Date.now()) ? 'hoje' : formatDate(iso));

/**
 * A scheduled order: when the customer wants it, and when it goes to the kitchen (an accepted one waits
 * for that time, out of the kitchen display and without tickets).
 */
function ScheduledNotice({
  schedule,
  pending,
}: {
  schedule: NonNullable<NonNullable<AdminOrder['marketplace']>['schedule']>;
  pending: boolean;
}) {
  const window = schedule.start
    ? `${dayOf(schedule.start)}, ${formatTime(schedule.start)}${schedule.end ? `–${formatTime(schedule.end)}` : ''}`
    : null;
  const kitchen = `${dayOf(schedule.preparationStart)} às ${formatTime(schedule.preparationStart)}`;
  return (
    <p className="flex gap-1.5 rounded-md border border-sky-300 bg-sky-50 px-2 py-1.5 text-sky-950">
      <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-semibold">Agendado</span>
        {window ? ` para ${window}` : ''}
        {(schedule.held || pending) && (
          <span className="block text-xs">
            {schedule.held ? `Aceito. Vai para a cozinha ${kitchen}.` : `Preparo a partir de ${kitchen}.`}
          </span>
        )}
      </span>
    </p>
  );
}

/** Cancelling an app's order tells the app why, with one of the standard's reason codes. */
export function CancelAppOrderDialog({
  order,
  onCancel,
  onConfirm,
}: {
  order: AdminOrder | null;
  onCancel: () => void;
  onConfirm: (reason: CancellationCode) => Promise<void>;
}) {
  const [reason, setReason] = useState<CancellationCode>('UNAVAILABLE_ITEM');
  const [sending, setSending] = useState(false);
  return (
    <Dialog open={!!order} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancelar pedido do {channelLabel(order?.channel)}</DialogTitle>
          <DialogDescription>O aplicativo recebe o motivo e avisa o cliente.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="cancel-reason">Motivo</Label>
          <NativeSelect
            id="cancel-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as CancellationCode)}
          >
            {CANCELLATION_REASONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Voltar
          </Button>
          <Button
            variant="destructive"
            disabled={sending}
            onClick={async () => {
              setSending(true);
              try {
                await onConfirm(reason);
              } finally {
                setSending(false);
              }
            }}
          >
            Cancelar pedido
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const answerAppCancellation = (id: string, accept: boolean) =>
  api.post<{ order: AdminOrder }>(`/api/admin/orders/${id}/app-cancellation`, { accept }).then((r) => r.order);
