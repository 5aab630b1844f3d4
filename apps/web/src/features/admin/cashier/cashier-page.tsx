import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { MSG } from '@meucardapio/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api';
import { useCoalescedRead } from '@/lib/coalesce';
import { DEFAULT_TIMEZONE, formatMoney, formatTime } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { useEvents } from '@/lib/use-events';
import { cashierKeys, fetchCatalog, fetchReserved, fetchState } from './cashier-api';
import { CloseTab } from './close-tab';
import { ConciliationTab } from './conciliation-tab';
import { HistoryTab } from './history-tab';
import { MovementsTab } from './movements-tab';
import { OfflineBanner } from './offline-banner';
import { ClosedRegister } from './open-session';
import { PdvTab } from './pdv-tab';
import { ReservedSalesDialog, ReservedSalesList, useResumeSale } from './reserved-sales';
import { useOfflineSales } from './use-offline-sales';
import { usePdvCart } from './use-pdv-cart';

// The chart library is only downloaded by those who open the reports.
const ReportsTab = lazy(() => import('./reports-tab'));

type Tab = 'pdv' | 'sales' | 'reports' | 'conciliation' | 'history' | 'close' | 'withdrawal';
const TAB_LABEL: Record<Tab, string> = {
  pdv: 'PDV',
  sales: 'Vendas',
  reports: 'Relatórios',
  conciliation: 'Conciliação',
  history: 'Histórico',
  close: 'Fechar Caixa',
  withdrawal: 'Sangria',
};
const ALL_TABS: Tab[] = ['pdv', 'sales', 'reports', 'conciliation', 'history', 'close', 'withdrawal'];
/** Cashier-only users see only these (spec 3 §2). */
const CASHIER_TABS: Tab[] = ['pdv', 'close', 'withdrawal'];
/** At most one catalog read for live events in this long (stock the server checks at every sale anyway). */
const CATALOG_READ_GAP_MS = 3_000;
/** At most one read of the sale's figures for live events in this long. */
const SALE_READ_GAP_MS = 1_000;

/**
 * Keeps every terminal and report in step: a sale or a session change anywhere refreshes them. A sale
 * tells twice (`order.created` and `cashier.sale`), and every storefront order takes stock too: the
 * catalog, the heaviest read, is read at most every few seconds for them, the sale's figures once a burst.
 */
function useCashierLive() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (keys: readonly (readonly unknown[])[]) =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient],
  );
  const readCatalog = useCoalescedRead(() => refresh([cashierKeys.catalog]), CATALOG_READ_GAP_MS);
  const readSale = useCoalescedRead(
    () => refresh([cashierKeys.reports, cashierKeys.state, cashierKeys.reserved]),
    SALE_READ_GAP_MS,
  );
  useEvents(
    'staff',
    {
      'cashier.sale': () => {
        readSale();
        readCatalog();
      },
      'cashier.session': () => void refresh([cashierKeys.state, cashierKeys.reports]),
      'cashier.reserved': () => void refresh([cashierKeys.reserved]),
      // Storefront orders take stock too.
      'order.created': readCatalog,
    },
    { onOpen: () => void refresh([cashierKeys.all]) },
  );
}

/** Caixa / PDV: cash session, point of sale, reserved sales, reports, conciliation, history, closing, sangria. */
export default function CashierPage() {
  const { restaurant } = useStaff();
  if (!restaurant)
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <p className="text-lg font-semibold">Restaurante não encontrado</p>
        <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
      </div>
    );
  return <CashierScreen restaurantId={restaurant.id} restaurantName={restaurant.name} timeZone={restaurant.timezone} />;
}

function CashierScreen({
  restaurantId,
  restaurantName,
  timeZone: tz,
}: {
  restaurantId: string;
  restaurantName: string;
  timeZone: string;
}) {
  const { staff } = useStaff();
  const timeZone = tz || DEFAULT_TIMEZONE;
  // Asked even offline: the staff area's service worker answers with the last copy (decision 058).
  const state = useQuery({ queryKey: cashierKeys.state, queryFn: fetchState, networkMode: 'offlineFirst' });
  const catalog = useQuery({ queryKey: cashierKeys.catalog, queryFn: fetchCatalog, networkMode: 'offlineFirst' });
  const reserved = useQuery({ queryKey: cashierKeys.reserved, queryFn: fetchReserved, networkMode: 'offlineFirst' });
  const offline = useOfflineSales(restaurantId);
  const cart = usePdvCart(restaurantId);
  const cashierOnly = staff.cashierOnly || state.data?.cashierOnly === true;
  const tabs = cashierOnly ? CASHIER_TABS : ALL_TABS;
  const [tab, setTab] = useState<Tab>('pdv');
  const [reservedOpen, setReservedOpen] = useState(false);
  const [focusToken, setFocusToken] = useState(0);
  useCashierLive();

  useEffect(() => {
    if (catalog.isError) toastError(catalog.error, CASHIER_MSG.loadProductsError);
  }, [catalog.isError, catalog.error]);

  const resume = useResumeSale(cart, catalog.data, offline, () => {
    setReservedOpen(false);
    setTab('pdv');
    setFocusToken((n) => n + 1);
  });

  const session = state.data?.session ?? null;
  const reservedCount = (reserved.data?.length ?? 0) + offline.reservations.length;
  const listProps = {
    sales: reserved.data,
    offline,
    loading: reserved.isPending,
    timeZone,
    onResume: (s: Parameters<typeof resume.mutate>[0]) => resume.mutate(s),
    resumingId: resume.isPending ? (resume.variables?.id ?? null) : null,
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Caixa</h1>
        {state.isPending ? (
          <Skeleton className="h-6 w-48" />
        ) : session ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="session-status">
            <Badge variant="success">Caixa aberto</Badge>
            desde {formatTime(session.openingDate, timeZone)} · {session.employeeName}
            {session.totals && <span>· gaveta {formatMoney(session.totals.expectedCash + offline.summary.cash)}</span>}
          </p>
        ) : (
          <Badge variant="secondary" data-testid="session-status">
            {CASHIER_MSG.registerClosedToast}
          </Badge>
        )}
      </div>

      <OfflineBanner offline={offline} />

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="h-11">
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t} className="px-4">
              {TAB_LABEL[t]}
              {t === 'sales' && reservedCount > 0 && (
                <Badge variant="brand" aria-label={`${reservedCount} vendas reservadas`}>
                  {reservedCount}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="pdv" className="mt-3">
          {state.isPending || catalog.isPending ? (
            <PdvSkeleton />
          ) : state.isError ? (
            <LoadErrorNotice title="Erro ao carregar caixa" error={state.error} />
          ) : !session ? (
            <ClosedRegister />
          ) : catalog.isError || !catalog.data ? (
            <LoadErrorNotice title={CASHIER_MSG.loadProductsError} error={catalog.error} />
          ) : (
            <PdvTab
              cart={cart}
              catalog={catalog.data}
              reservedCount={reservedCount}
              restaurantName={restaurantName}
              timeZone={timeZone}
              onShowReserved={() => setReservedOpen(true)}
              discountLimitPercent={state.data?.discountLimitPercent ?? 0}
              focusToken={focusToken}
              offline={offline}
              sessionId={session.id}
              staffId={staff.id}
            />
          )}
        </TabsContent>
        {!cashierOnly && (
          <>
            <TabsContent value="sales">
              <ReservedSalesList {...listProps} />
            </TabsContent>
            <TabsContent value="reports">
              <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
                <ReportsTab timeZone={timeZone} />
              </Suspense>
            </TabsContent>
            <TabsContent value="conciliation">
              <ConciliationTab timeZone={timeZone} />
            </TabsContent>
            <TabsContent value="history">
              <HistoryTab restaurantName={restaurantName} timeZone={timeZone} nfceOn={Boolean(catalog.data?.nfce)} />
            </TabsContent>
          </>
        )}
        <TabsContent value="close">
          {state.data ? (
            <CloseTab
              state={state.data}
              paymentMethods={catalog.data?.paymentMethods ?? []}
              timeZone={timeZone}
              unsynced={offline.unsynced}
            />
          ) : (
            <Skeleton className="h-96 w-full rounded-xl" />
          )}
        </TabsContent>
        <TabsContent value="withdrawal">
          <MovementsTab canSupply={!cashierOnly} timeZone={timeZone} />
        </TabsContent>
      </Tabs>

      <ReservedSalesDialog open={reservedOpen} onOpenChange={setReservedOpen} {...listProps} />
    </div>
  );
}

function PdvSkeleton() {
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-busy="true">
      <div className="grid content-start gap-3">
        <Skeleton className="h-14 w-full rounded-md" />
        <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-lg" />
          ))}
        </div>
      </div>
      <Skeleton className="h-[28rem] rounded-xl" />
    </div>
  );
}
