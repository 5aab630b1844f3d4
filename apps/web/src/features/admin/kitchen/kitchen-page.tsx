import { kitchenMaySeeChange, kitchenTimerLevel } from '@meucardapio/domain/kitchen';
import { orderLabel } from '@meucardapio/domain/order-display';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, ChefHat, Maximize, Minimize, Settings } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError, toastError } from '@/lib/api';
import { useCoalescedRead } from '@/lib/coalesce';
import { plural } from '@/lib/format';
import { playNewOrderSound, useMuted } from '@/lib/new-order-sound';
import { useStaff } from '@/lib/staff';
import { useEvents } from '@/lib/use-events';
import { cn } from '@/lib/utils';
import { fetchBoard, kitchenKeys, markReady } from './kitchen-api';
import { KitchenOrderCard } from './kitchen-order-card';

const STATION_KEY = 'mc:kitchen-station';
const FOCUS_KEY = 'mc:kitchen-focus';
/** Safety net behind the live stream. */
const REFRESH_MS = 60_000;

/** A choice this device remembers (each tablet keeps its station). */
function useDeviceSetting(key: string, initial: string): [string, (v: string) => void] {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(key) ?? initial;
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (v: string) => {
      setValue(v);
      try {
        localStorage.setItem(key, v);
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
    [key],
  );
  return [value, set];
}

/** Card columns that fit the board's width; orders are dealt across them left to right, oldest first. */
function useColumns(minWidth: number, gap: number): [(el: HTMLDivElement | null) => void, number] {
  const [count, setCount] = useState(1);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      if (!el) return;
      const measure = () => setCount(Math.max(1, Math.floor((el.clientWidth + gap) / (minWidth + gap))));
      measure();
      observer.current = new ResizeObserver(measure);
      observer.current.observe(el);
    },
    [minWidth, gap],
  );
  return [ref, count];
}

/** The server's time, ticking every second: timers stay right on a tablet whose clock is off. */
function useServerClock(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(new Date(serverNow).getTime() - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return tick + offset;
}

export default function KitchenPage() {
  const { canAny } = useStaff();
  const queryClient = useQueryClient();
  const [station, setStation] = useDeviceSetting(STATION_KEY, 'all');
  const [focus, setFocus] = useDeviceSetting(FOCUS_KEY, '0');
  const [muted, toggleMuted] = useMuted('mc:kitchen-muted');
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  const board = useQuery({
    queryKey: kitchenKeys.board(station),
    queryFn: () => fetchBoard(station),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: kitchenKeys.all }), [queryClient]);
  // A burst of events (a table's round, several screens moving orders) is one read, at most one a second.
  const readSoon = useCoalescedRead(refresh, 1_000);
  const now = useServerClock(board.data?.now);

  // A station deleted meanwhile (or from another restaurant's session): back to all stations.
  useEffect(() => {
    if (station !== 'all' && isApiError(board.error) && board.error.status === 404) setStation('all');
  }, [board.error, station, setStation]);

  // Rings when an order this screen did not show before appears (live or by the safety-net refresh).
  const known = useRef<{ station: string; ids: Set<string> } | null>(null);
  useEffect(() => {
    const data = board.data;
    if (!data) return;
    const ids = new Set(data.orders.map((o) => o.id));
    const before = known.current;
    known.current = { station, ids };
    if (!before || before.station !== station) return;
    const arrived = data.orders.filter((o) => !before.ids.has(o.id));
    if (arrived.length === 0) return;
    if (!mutedRef.current) playNewOrderSound();
    toast.success('Novo pedido na cozinha!', { description: arrived.map((o) => orderLabel(o.number)).join(', ') });
  }, [board.data, station]);

  const { connected } = useEvents(
    'staff',
    {
      'order.created': (e) => kitchenMaySeeChange({ type: 'order.created', status: e.status }) && readSoon(),
      'order.updated': (e) => kitchenMaySeeChange({ type: 'order.updated', ...e }) && readSoon(),
      'kitchen.updated': readSoon,
    },
    { onOpen: refresh },
  );

  const ready = useMutation({
    mutationFn: (o: { id: string; number: number }) => markReady(o.id),
    onSuccess: (_r, o) => {
      toast.success(`${orderLabel(o.number)} pronto!`);
      refresh();
    },
    onError: (err) => {
      toastError(err, 'Erro ao marcar como pronto');
      refresh();
    },
  });

  const focused = focus === '1';
  function toggleFocus() {
    const next = !focused;
    setFocus(next ? '1' : '0');
    // The browser's own full screen needs a tap; the screen fills the window either way.
    if (next) document.documentElement.requestFullscreen?.().catch(() => undefined);
    else if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
  }

  // Wider cards (and larger type, see the card) on a TV.
  const [columnsRef, columnCount] = useColumns(
    typeof window !== 'undefined' && window.innerWidth >= 1536 ? 340 : 288,
    12,
  );

  const data = board.data;
  const stations = data?.stations ?? [];
  const orders = data?.orders ?? [];
  const thresholds = data?.thresholds;

  return (
    <div
      className={cn('flex flex-col gap-3', focused && 'fixed inset-0 z-40 overflow-y-auto bg-background p-3 sm:p-4')}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <ChefHat className="size-7" aria-hidden />
          <h1 className="text-2xl font-bold">Cozinha</h1>
          <span
            className={cn('size-2.5 rounded-full', connected ? 'bg-emerald-500' : 'bg-muted-foreground/40')}
            title={connected ? 'Atualizando ao vivo' : 'Reconectando...'}
          />
          <span className="sr-only">{connected ? 'Atualizando ao vivo' : 'Reconectando...'}</span>
        </div>
        <p className="text-base text-muted-foreground" aria-live="polite">
          {data ? `${plural(orders.length, 'pedido', 'pedidos')} em preparo` : 'Carregando...'}
        </p>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {canAny(['manage_products', 'manage_menu', 'manage_settings']) && !focused && (
            <Button variant="outline" size="lg" asChild>
              <Link to="/admin/kitchen-settings">
                <Settings aria-hidden />
                <span className="max-sm:sr-only">Estações e tempos</span>
              </Link>
            </Button>
          )}
          <Button
            variant={muted ? 'secondary' : 'outline'}
            size="lg"
            onClick={toggleMuted}
            aria-pressed={muted}
            title={muted ? 'Som de novos pedidos desligado' : 'Som de novos pedidos ligado'}
          >
            {muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
            <span className="max-sm:sr-only">{muted ? 'Som desligado' : 'Som ligado'}</span>
          </Button>
          <Button variant="outline" size="lg" onClick={toggleFocus} aria-pressed={focused}>
            {focused ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            <span className="max-sm:sr-only">{focused ? 'Sair da tela cheia' : 'Tela cheia'}</span>
          </Button>
        </div>
      </div>

      {stations.length > 0 && (
        <nav aria-label="Estações" className="-mx-1 flex shrink-0 gap-2 overflow-x-auto px-1 pb-1">
          {[{ id: 'all', name: 'Todas' }, ...stations].map((s) => (
            <Button
              key={s.id}
              variant={station === s.id ? 'default' : 'outline'}
              size="lg"
              className="min-w-24 text-base"
              aria-pressed={station === s.id}
              onClick={() => setStation(s.id)}
            >
              {s.name}
            </Button>
          ))}
        </nav>
      )}

      {board.isError && !data ? (
        <LoadErrorNotice title="Erro ao carregar a cozinha" error={board.error} />
      ) : !data ? (
        <div className="grid gap-3 [grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr))]">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-20 text-center text-muted-foreground">
          <ChefHat className="size-12" aria-hidden />
          <p className="text-2xl font-semibold text-foreground">Nenhum pedido em preparo</p>
          <p className="text-lg">Os pedidos aparecem aqui assim que forem aceitos no painel de pedidos.</p>
        </div>
      ) : (
        <div ref={columnsRef} className="flex items-start gap-3">
          {Array.from({ length: columnCount }, (_, col) => (
            <div key={col} className="flex min-w-0 flex-1 flex-col gap-3">
              {orders
                .filter((_o, i) => i % columnCount === col)
                .map((o) => {
                  const elapsed = now - new Date(o.createdAt).getTime();
                  return (
                    <KitchenOrderCard
                      key={o.id}
                      order={o}
                      elapsedMs={elapsed}
                      level={thresholds ? kitchenTimerLevel(elapsed, thresholds) : 'ok'}
                      pending={ready.isPending && ready.variables?.id === o.id}
                      onReady={() => ready.mutate({ id: o.id, number: o.number })}
                    />
                  );
                })}
            </div>
          ))}
        </div>
      )}
      {thresholds && (
        <p className="mt-auto text-sm text-muted-foreground">
          Amarelo após {thresholds.warnMinutes} min · vermelho após {thresholds.lateMinutes} min
        </p>
      )}
    </div>
  );
}
