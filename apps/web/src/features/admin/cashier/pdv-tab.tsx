import { CASHIER_MSG, checkCartNotEmpty, findByCode, PDV_CHECKOUT_POPUP } from '@meucardapio/domain/cashier';
import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import type { FinalizedSale, PdvCatalog, PdvProduct, SaleDetail } from '@meucardapio/domain/cashier-views';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, CloudOff, Printer } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError, toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { printReceipt } from '@/lib/print';
import { toast } from '@/lib/toast';
import { CartPanel } from './cart-panel';
import { cashierKeys, lookupProduct } from './cashier-api';
import { PaymentDialog } from './payment-dialog';
import { needsChoice, offlineSaleItems, PLAIN_CHOICE } from './pdv-cart';
import { isTypingTarget, Kbd, toastRule } from './pdv-ui';
import { ProductOptionsDialog } from './product-options-dialog';
import { ProductPanel } from './product-panel';
import { ReserveDialog } from './reserved-sales';
import { SaleNoteLine, useSaleNote } from './sale-note';
import { SaleReceipt } from './sale-receipt';
import type { OfflineSales } from './use-offline-sales';
import type { PdvCart } from './use-pdv-cart';

type Props = {
  cart: PdvCart;
  catalog: PdvCatalog;
  reservedCount: number;
  restaurantName: string;
  timeZone: string;
  onShowReserved: () => void;
  discountLimitPercent: number;
  /** Focus requests from outside (a resumed sale): bump to focus the search. */
  focusToken: number;
  offline: OfflineSales;
  /** The open session and who is signed in: what a sale kept offline is sent with. */
  sessionId: string;
  staffId: string;
};

/** Whether some dialog (ours or Radix's) is open: the PDV's global shortcuts then stay quiet. */
const dialogOpen = () =>
  Boolean(document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'));

/**
 * The sale screen: search and cart side by side, keyboard first (F2 search, F4 pay, F6 discount,
 * F8 reserve, F9 clear, F10 print the last sale, F3 reserved sales), focus back in the search after
 * every sale.
 */
export function PdvTab({
  cart,
  catalog,
  reservedCount,
  restaurantName,
  timeZone,
  onShowReserved,
  discountLimitPercent,
  focusToken,
  offline,
  sessionId,
  staffId,
}: Props) {
  // Offline, or sales still waiting their turn: this one joins the terminal's queue, in order.
  const sellOffline = !offline.connected || offline.summary.count > 0;
  const [kept, setKept] = useState<{ total: number; change: number } | null>(null);
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);
  const discountRef = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState<PdvProduct | null>(null);
  const [paying, setPaying] = useState(false);
  const [reserving, setReserving] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [lastSale, setLastSale] = useState<{ sale: SaleDetail; change: number } | null>(null);
  const note = useSaleNote(lastSale ? { kind: 'pdv', id: lastSale.sale.id } : null);
  const popupTimer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const focusSearch = useCallback(() => {
    requestAnimationFrame(() => {
      searchRef.current?.focus();
      searchRef.current?.select();
    });
  }, []);

  useEffect(() => {
    if (focusToken > 0) focusSearch();
  }, [focusToken, focusSearch]);

  useEffect(() => () => clearInterval(popupTimer.current), []);

  const addProduct = useCallback(
    (p: PdvProduct, quantity = 1) => {
      if (needsChoice(p)) {
        setChoosing(p);
        return;
      }
      const added = cart.add(p, { ...PLAIN_CHOICE, quantity });
      if (!added.ok) toastRule(added);
      else toast.success(CASHIER_MSG.itemAdded, { description: `${quantity}x ${p.name}`, duration: 1500 });
    },
    [cart],
  );

  async function onCode(code: string, quantity: number) {
    const local = findByCode(catalog.products, code);
    if (local.ok) {
      addProduct(local.product, quantity);
      return;
    }
    // A product registered after the catalog was loaded: ask the server before saying it does not exist.
    try {
      addProduct(await lookupProduct(code), quantity);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.catalog });
    } catch (err) {
      if (isApiError(err) && err.status === 404) toastRule(local);
      else toastError(err, CASHIER_MSG.loadProductsError);
    }
  }

  function pay() {
    const ok = checkCartNotEmpty(cart.lines);
    if (!ok.ok) return toastRule(ok);
    if (catalog.paymentMethods.length === 0)
      return toast.error(CASHIER_MSG.loadPaymentMethodsError, { description: 'Cadastre as formas de pagamento.' });
    setPaying(true);
  }

  function reserve() {
    const ok = checkCartNotEmpty(cart.lines);
    if (!ok.ok) return toastRule(ok);
    setReserving(true);
  }

  function clear() {
    if (cart.lines.length === 0) return toastRule({ ok: false, code: 'empty_cart', title: CASHIER_MSG.emptyCart });
    setClearing(true);
  }

  // The last sale's ticket is always rendered (off-screen), so its QR images are ready when it prints.
  function print() {
    printReceipt();
  }

  function openCheckout(url: string) {
    const { width, height, closedCheckMs } = PDV_CHECKOUT_POPUP;
    const left = Math.max(0, (window.screen.width - width) / 2);
    const top = Math.max(0, (window.screen.height - height) / 2);
    const popup = window.open(url, 'pdv-checkout', `width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      toast.warning('Permita pop-ups para abrir o pagamento', {
        description: 'O navegador bloqueou a janela de pagamento.',
        action: { label: 'Abrir', onClick: () => openCheckout(url) },
        duration: 15_000,
      });
      return;
    }
    clearInterval(popupTimer.current);
    popupTimer.current = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(popupTimer.current);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.reports });
      // Back from the payment window, the next customer's first scan lands in the search.
      focusSearch();
    }, closedCheckMs);
  }

  function onKept(total: number, change: number) {
    setPaying(false);
    cart.clear();
    setLastSale(null);
    setKept({ total, change });
    toast.success(OFFLINE_MSG.saleQueued, {
      description:
        change > 0
          ? `Troco ${formatMoney(change)} · ${OFFLINE_MSG.saleQueuedDescription}`
          : OFFLINE_MSG.saleQueuedDescription,
    });
    focusSearch();
  }

  function onFinalized(result: FinalizedSale) {
    setPaying(false);
    cart.clear();
    setKept(null);
    setLastSale({ sale: result.sale, change: result.sale.change });
    toast.success(CASHIER_MSG.saleFinalized, {
      description:
        result.sale.change > 0
          ? `Venda #${result.sale.number} · troco ${formatMoney(result.sale.change)}`
          : `Venda #${result.sale.number}`,
    });
    if (result.warning) toast.warning(result.warning, { duration: 10_000 });
    if (result.checkoutUrl) openCheckout(result.checkoutUrl);
    void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    focusSearch();
  }

  // Global shortcuts while no dialog is open.
  const handlers = useRef({ pay, reserve, clear, print, onShowReserved, lastSale });
  handlers.current = { pay, reserve, clear, print, onShowReserved, lastSale };
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (dialogOpen()) return;
      const h = handlers.current;
      const act: Record<string, () => void> = {
        F2: focusSearch,
        F3: h.onShowReserved,
        F4: h.pay,
        F6: () => {
          discountRef.current?.focus();
          discountRef.current?.select();
        },
        F8: h.reserve,
        F9: h.clear,
        F10: () => h.lastSale && h.print(),
      };
      const run = act[e.key];
      if (run) {
        e.preventDefault();
        run();
      } else if (e.key === 'Escape' && isTypingTarget(e.target) && e.target !== searchRef.current) {
        focusSearch();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focusSearch]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:h-[calc(100dvh-11.5rem)] lg:min-h-[32rem] lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_25rem]">
      <ProductPanel
        catalog={catalog}
        searchRef={searchRef}
        onCode={onCode}
        onPick={(p) => addProduct(p)}
        aside={
          <Button variant="outline" className="h-14 px-3" onClick={onShowReserved}>
            <ClipboardList aria-hidden />
            <span className="max-xl:sr-only">Vendas reservadas</span>
            {reservedCount > 0 && <Badge variant="brand">{reservedCount}</Badge>}
            <Kbd>F3</Kbd>
          </Button>
        }
      />
      <CartPanel
        cart={cart}
        discountRef={discountRef}
        onReserve={reserve}
        onClear={clear}
        onPay={pay}
        notice={
          kept ? (
            <div
              role="status"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-warning/15 px-4 py-2 text-sm"
              data-testid="kept-sale"
            >
              <CloudOff className="size-4" aria-hidden />
              <span className="font-medium">{OFFLINE_MSG.saleQueued}</span>
              <span className="tabular-nums">{formatMoney(kept.total)}</span>
              {kept.change > 0 && <span className="font-semibold tabular-nums">Troco {formatMoney(kept.change)}</span>}
            </div>
          ) : (
            lastSale && (
              <div
                role="status"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-success/10 px-4 py-2 text-sm"
              >
                <span className="font-medium">Última venda #{lastSale.sale.number}</span>
                <span className="tabular-nums">{formatMoney(lastSale.sale.total)}</span>
                {lastSale.change > 0 && (
                  <span className="font-semibold tabular-nums">Troco {formatMoney(lastSale.change)}</span>
                )}
                <span className="ml-auto flex flex-wrap items-center gap-2">
                  <SaleNoteLine
                    sale={{ kind: 'pdv', id: lastSale.sale.id }}
                    note={note.data}
                    canIssue={catalog.nfce !== null}
                    saleCpf={lastSale.sale.customerCpf}
                  />
                  <Button size="sm" variant="ghost" onClick={print}>
                    <Printer aria-hidden /> Cupom <Kbd>F10</Kbd>
                  </Button>
                </span>
              </div>
            )
          )
        }
      />

      {cart.lines.length > 0 && (
        <div className="sticky bottom-0 z-10 -mx-3 flex items-center gap-3 border-t bg-background/95 px-3 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur lg:hidden">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-muted-foreground">Total</p>
            <p className="text-xl font-bold tabular-nums">{formatMoney(cart.totals.total)}</p>
          </div>
          <Button size="xl" variant="success" onClick={pay}>
            Finalizar <Kbd tone="dark">F4</Kbd>
          </Button>
        </div>
      )}

      <ProductOptionsDialog
        product={choosing}
        onClose={() => {
          setChoosing(null);
          focusSearch();
        }}
        onAdd={(p, choice) => {
          const added = cart.add(p, choice);
          if (!added.ok) toastRule(added);
          else toast.success(CASHIER_MSG.itemAdded, { description: `${choice.quantity}x ${p.name}`, duration: 1500 });
          return added.ok;
        }}
      />
      <PaymentDialog
        open={paying}
        onOpenChange={(v) => {
          setPaying(v);
          if (!v) focusSearch();
        }}
        catalog={catalog}
        items={cart.items}
        discount={cart.discount}
        total={cart.totals.total}
        discountLimitPercent={discountLimitPercent}
        customerName={cart.customerName}
        onFinalized={onFinalized}
        offline={{
          active: sellOffline,
          items: offlineSaleItems(cart.lines),
          sessionId,
          soldById: staffId,
          keep: offline.keep,
          onNoAnswer: offline.markServerAway,
        }}
        onKept={(sale, change) => onKept(sale.total, change)}
      />
      <ReserveDialog
        open={reserving}
        cart={cart}
        offline={offline}
        onClose={() => {
          setReserving(false);
          focusSearch();
        }}
      />
      <ConfirmDialog
        open={clearing}
        onOpenChange={(v) => {
          setClearing(v);
          if (!v) focusSearch();
        }}
        title="Limpar carrinho?"
        description="Todos os itens da venda atual serão removidos."
        confirmText="Limpar"
        onConfirm={() => {
          cart.clear();
          toast.success(CASHIER_MSG.cartCleared);
        }}
      />
      {lastSale && (
        <SaleReceipt sale={lastSale.sale} note={note.data} restaurantName={restaurantName} timeZone={timeZone} />
      )}
    </div>
  );
}
