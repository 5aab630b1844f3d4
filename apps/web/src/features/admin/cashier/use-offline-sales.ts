import { OFFLINE_MSG, type OfflineSaleInput, unsyncedSummary } from '@meucardapio/domain/cashier-offline';
import type { ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { errorText, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cashierKeys, reserveSale, syncOfflineSale } from './cashier-api';
import { drainQueue, drainReservations, type QueuedSale, SaleQueue, type SendResult } from './offline-sale-queue';

/** One terminal tab at a time sends the queue: the others find the lock taken and leave it be. */
const SYNC_LOCK = 'meucardapio-pdv-sync';
/** Tabs tell each other the queue changed, so every banner shows the same count. */
const QUEUE_CHANNEL = 'meucardapio-pdv-queue';
/** While sales wait and nothing else wakes the queue up, it looks again this often. */
const SAFETY_INTERVAL_MS = 30_000;

let opened: Promise<SaleQueue> | null = null;
const saleQueue = () => {
  opened ??= SaleQueue.open();
  return opened;
};

/** The restaurant's sales still on this terminal (0 when the browser keeps no queue at all). */
export async function unsyncedSaleCount(restaurantId: string): Promise<number> {
  try {
    return (await (await saleQueue()).list(restaurantId)).length;
  } catch {
    return 0;
  }
}

function subscribeOnline(change: () => void) {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
}

/** Whether the browser says it has a network (a reachable server is learnt from each send). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** Sends one thing the terminal kept; a failure says why, and whether the server answered at all. */
async function attempt(call: () => Promise<unknown>): Promise<SendResult> {
  try {
    await call();
    return { ok: true };
  } catch (err) {
    const t = errorText(err);
    const status = isApiError(err) && err.status > 0 ? err.status : null;
    return { ok: false, status, message: [t.title, t.description].filter(Boolean).join(': ') };
  }
}

const send = (sale: QueuedSale) => attempt(() => syncOfflineSale(sale.body));
const sendReservation = (sale: ReservedSaleView) =>
  attempt(() =>
    reserveSale({
      id: sale.id,
      customerName: sale.customerName,
      discount: sale.discount,
      items: sale.items.map(({ name: _n, unitPrice: _u, totalPrice: _t, ...item }) => item),
    }),
  );

/** Runs `fn` holding the terminal's sync lock, or not at all when another tab holds it. */
async function withSyncLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  // Without the Web Locks API two tabs may both send: the server's idempotency still records each sale once.
  if (!locks) return fn();
  return locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? fn() : null));
}

let persistAsked = false;
/** Asks once that the browser never evicts the queue under storage pressure; warns when it will not promise. */
async function askPersistentStorage() {
  if (persistAsked || !navigator.storage?.persist) return;
  persistAsked = true;
  const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  if (!granted) toast.warning(OFFLINE_MSG.storageWarning, { duration: 10_000 });
}

export type OfflineSales = ReturnType<typeof useOfflineSales>;

/**
 * The terminal's offline sales: whether it can reach the server, the queue (count, total, the cash it
 * adds to the drawer), keeping a sale, and sending the queue in order when the connection is back.
 */
export function useOfflineSales(restaurantId: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [reservations, setReservations] = useState<ReservedSaleView[]>([]);
  const [serverAway, setServerAway] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const channel = useMemo(
    () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL)),
    [],
  );

  const reload = useCallback(async () => {
    const queue = await saleQueue();
    setSales(await queue.list(restaurantId));
    setReservations(await queue.reservations(restaurantId));
  }, [restaurantId]);

  const sync = useCallback(async () => {
    clearTimeout(retry.current);
    if (!navigator.onLine) return;
    const result = await withSyncLock(async () => {
      setSyncing(true);
      try {
        const queue = await saleQueue();
        const drained = await drainQueue(queue, restaurantId, send);
        const reserved = await drainReservations(queue, restaurantId, sendReservation);
        if (reserved > 0) void queryClient.invalidateQueries({ queryKey: cashierKeys.reserved });
        return drained;
      } finally {
        setSyncing(false);
      }
    });
    await reload();
    if (!result) return;
    channel?.postMessage('changed');
    setServerAway(result.retryInMs !== null && result.sent === 0);
    if (result.sent > 0) {
      toast.success(OFFLINE_MSG.synced(result.sent));
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    }
    if (result.refused > 0) toast.error(OFFLINE_MSG.rejected, { description: 'Veja a venda no aviso do caixa.' });
    if (result.retryInMs !== null) retry.current = setTimeout(() => void sync(), result.retryInMs);
  }, [restaurantId, channel, reload, queryClient]);

  /** Keeps a sale on the terminal, then tries to send it (it waits if there is no connection). */
  const keep = useCallback(
    async (body: OfflineSaleInput, figures: { total: number; cash: number }) => {
      const queue = await saleQueue();
      const kept = await queue.add({ id: body.clientSaleId, restaurantId, body, ...figures });
      await reload();
      channel?.postMessage('changed');
      void askPersistentStorage();
      void sync();
      return kept;
    },
    [restaurantId, channel, reload, sync],
  );

  /** Reservar without a connection: the sale stays on this terminal until the server has it. */
  const keepReservation = useCallback(
    async (sale: ReservedSaleView) => {
      await (await saleQueue()).reserve({ restaurantId, sale });
      await reload();
      channel?.postMessage('changed');
      void askPersistentStorage();
    },
    [restaurantId, channel, reload],
  );

  /** Takes a reservation kept here off the terminal (resumed or removed); false when another tab took it. */
  const takeReservation = useCallback(
    async (id: string) => {
      const taken = await (await saleQueue()).unreserve(id);
      await reload();
      channel?.postMessage('changed');
      return taken;
    },
    [channel, reload],
  );

  /** Gives up a sale the server refused (staff re-enter it by hand). */
  const discard = useCallback(
    async (seq: number) => {
      await (await saleQueue()).remove(seq);
      await reload();
      channel?.postMessage('changed');
    },
    [channel, reload],
  );

  useEffect(() => {
    void reload();
    if (!channel) return;
    const onMessage = () => void reload();
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [channel, reload]);

  useEffect(() => () => channel?.close(), [channel]);

  // Back online (or opened online): send what waits. While sales wait, look again now and then.
  useEffect(() => {
    if (!online) {
      setServerAway(false);
      return;
    }
    void sync();
    const timer = setInterval(() => void sync(), SAFETY_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(retry.current);
    };
  }, [online, sync]);

  const waiting = sales.filter((s) => !s.refused);
  return {
    /** The server can be reached as far as we know: sales go to it directly. */
    connected: online && !serverAway,
    online,
    syncing,
    sales,
    refused: sales.filter((s) => s.refused),
    summary: unsyncedSummary(waiting),
    /** Every sale still on the terminal, refused ones included: closing and signing out wait for them. */
    unsynced: sales.length,
    keep,
    discard,
    /** Reservations made here without a connection, oldest first. */
    reservations,
    keepReservation,
    takeReservation,
    sync,
    /** A send failed for lack of an answer: treat the server as away until a send gets through. */
    markServerAway: () => setServerAway(true),
  };
}
