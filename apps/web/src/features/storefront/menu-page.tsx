import { validateProductChoice } from '@meucardapio/domain/cart';
import { MSG } from '@meucardapio/domain/messages';
import { productKind } from '@meucardapio/domain/pricing';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { prefetchTapAway, renderedByServer } from '@/lib/hydration';
import { useIdle } from '@/lib/idle';
import { mountToaster, toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { CartProvider, useCart } from './cart/cart-context';
import { AccountButton } from './components/account-button';
import { CartBar } from './components/cart-bar';
import { CategoryTabs } from './components/category-tabs';
import { MenuHeader } from './components/menu-header';
import { MenuSearch } from './components/menu-search';
import { MenuLoadError, MenuLoading, RestaurantNotFound } from './components/menu-states';
import { ProductCard } from './components/product-card';
import { ProductGrid } from './components/product-grid';
import {
  ALL_CATEGORIES,
  buildCartLine,
  filterProducts,
  type OpenStatus,
  opensDialog,
  parseTableNumber,
  REVIEWS_TAB,
  sectionsFor,
} from './menu-logic';
import { publicMenuQuery } from './menu-query';
import type { MenuProduct, PublicMenu } from './menu-types';
import { StorefrontProvider, type StorefrontValue } from './storefront-context';
import { OPEN_RECHECK_MS, useOpenStatus } from './use-open-status';
import { useRestaurantTheme } from './use-restaurant-theme';

// Checkout is heavy (forms, addresses, payment) and most visitors only browse: load it on demand.
const CheckoutDialog = lazy(() => import('./checkout/checkout-dialog').then((m) => ({ default: m.CheckoutDialog })));

// What is one tap away rather than on screen — the product and cart dialogs (Radix Dialog, focus trap,
// scroll lock) and the reviews tab — is not needed to paint the menu: its code is fetched once the menu
// is idle on screen, and rendered when first opened (or fetched then, if opened before that).
const loadProductDialog = () => import('@/components/product-dialog');
const loadCartDialog = () => import('./components/cart-dialog');
const loadReviewsTab = () => import('./components/reviews-tab');
// Only a phone at a table needs its account: loaded when the menu was opened from a table's QR.
const TableAccountPanel = lazy(() =>
  import('./components/table-account-panel').then((m) => ({ default: m.TableAccountPanel })),
);
const ProductDialog = lazy(() => loadProductDialog().then((m) => ({ default: m.ProductDialog })));
const CartDialog = lazy(() => loadCartDialog().then((m) => ({ default: m.CartDialog })));
const ReviewsTab = lazy(() => loadReviewsTab().then((m) => ({ default: m.ReviewsTab })));

/** The public menu of one restaurant (/:slug, /demo-restaurant). */
export default function MenuPage({ slug }: { slug: string }) {
  // Asked again every minute: open/closed is the server's answer, and a cached menu answers it cheaply.
  const query = useQuery({ ...publicMenuQuery(slug), refetchInterval: OPEN_RECHECK_MS });

  useEffect(() => {
    if (query.isError && !(isApiError(query.error) && query.error.status === 404)) {
      toast.error('Erro', { description: 'Não foi possível carregar o cardápio. Tente novamente.' });
    }
  }, [query.isError, query.error]);

  if (query.isPending) return <MenuLoading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <RestaurantNotFound />;
    return <MenuLoadError onRetry={() => query.refetch()} />;
  }
  return <LoadedMenu menu={query.data} slug={slug} />;
}

function LoadedMenu({ menu, slug }: { menu: PublicMenu; slug: string }) {
  const [searchParams] = useSearchParams();
  const requestedTable = parseTableNumber(searchParams.get('table'));
  // A shop (commerce segment) has no tables: a table link still opens its menu, for delivery or pickup.
  const tablesIgnored = menu.restaurant.businessSegment === 'commerce' && requestedTable !== null;
  const tableNumber = tablesIgnored ? null : requestedTable;
  const preview = searchParams.get('teste') === '1';
  const hoursStatus = useOpenStatus(menu);
  const status = preview ? { ...hoursStatus, isOpen: true } : hoursStatus;
  useRestaurantTheme(menu.restaurant.primaryColor, menu.restaurant.buttonColor, `${menu.restaurant.name} · Cardápio`);

  const stock = useMemo(
    () =>
      new Map(
        menu.products.map((p) => [
          p.id,
          { estoque: p.estoque, controleEstoque: p.controleEstoque, envioCorreios: p.envioCorreios },
        ]),
      ),
    [menu.products],
  );
  const storefront = useMemo<StorefrontValue>(
    () => ({
      restaurant: menu.restaurant,
      tableNumber,
      hours: menu.hours,
      isOpen: status.isOpen,
      closedDescription: status.toastDescription,
      preview,
    }),
    [menu.restaurant, menu.hours, tableNumber, status.isOpen, status.toastDescription, preview],
  );

  return (
    <StorefrontProvider value={storefront}>
      <CartProvider slug={slug} stock={stock}>
        {preview && (
          <p
            role="status"
            className="sticky top-0 z-30 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
          >
            Modo de teste: o cardápio aceita pedidos mesmo fechado, e eles chegam ao painel marcados como teste.
          </p>
        )}
        <MenuView menu={menu} status={status} tableNumber={tableNumber} tablesIgnored={tablesIgnored} />
      </CartProvider>
    </StorefrontProvider>
  );
}

function MenuView({
  menu,
  status,
  tableNumber,
  tablesIgnored,
}: {
  menu: PublicMenu;
  status: OpenStatus;
  tableNumber: number | null;
  tablesIgnored: boolean;
}) {
  const cart = useCart();
  const [tab, setTab] = useState<string>(ALL_CATEGORIES);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<MenuProduct | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [checkoutLoaded, setCheckoutLoaded] = useState(false);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const idle = useIdle();
  const listTop = useRef<HTMLDivElement>(null);

  // Once the menu is on screen, fetch what the first tap will need. Only a warm-up: a failure here must
  // not break the menu, and opening the dialog retries the download.
  // A server-rendered page only downloads them (the server listed their files): running them now would
  // busy the phone just as it becomes usable, and the first tap runs them from the cache.
  useEffect(() => {
    if (!idle) return;
    if (renderedByServer()) prefetchTapAway();
    else Promise.all([loadProductDialog(), loadCartDialog(), loadReviewsTab()]).catch(() => {});
    mountToaster();
  }, [idle]);

  function openProduct(product: MenuProduct) {
    setDialogsLoaded(true);
    setSelected(product);
  }

  function openCart() {
    setDialogsLoaded(true);
    setCartOpen(true);
  }

  const productsById = useMemo(() => new Map(menu.products.map((p) => [p.id, p])), [menu.products]);
  // The search box and the tabs answer at once; the list behind them (up to a thousand products) is
  // re-rendered in the background, in slices the browser can interrupt.
  const listTab = useDeferredValue(tab);
  const listSearch = useDeferredValue(search);
  const filtered = useMemo(
    () => (listTab === REVIEWS_TAB ? [] : filterProducts(menu.products, listTab, listSearch)),
    [menu.products, listTab, listSearch],
  );
  const sections = useMemo(() => sectionsFor(menu.categories, filtered, listTab), [menu.categories, filtered, listTab]);
  const countLabel = `${cart.count} ${cart.count === 1 ? 'item' : 'itens'}`;

  function chooseTab(next: string) {
    setTab(next);
    // Keep the list's start in view when switching from far down the page.
    const el = listTop.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }

  function addFromList(product: MenuProduct) {
    if (!status.isOpen) {
      toast.error(MSG.restaurantClosed, { description: status.toastDescription });
      return;
    }
    if (opensDialog(product)) {
      openProduct(product);
      return;
    }
    const check = validateProductChoice(
      {
        kind: productKind(product),
        name: product.name,
        flavorCount: 0,
        hasSizes: false,
        sizeChosen: false,
        hasColors: false,
        colorChosen: false,
        quantity: 1,
        controleEstoque: product.controleEstoque,
        estoque: product.estoque,
      },
      cart.items,
    );
    if (!check.ok) {
      toast.error(check.title, { description: check.description });
      return;
    }
    if (!cart.add(buildCartLine(product, { quantity: 1 }, productsById))) {
      toast.error(MSG.addProductError);
      return;
    }
    toast.success('Adicionado ao carrinho', { description: product.name, duration: 2000 });
  }

  // Stable handlers, so the product cards (memoised) do not all re-render when the cart changes.
  const latest = useRef({ openProduct, addFromList });
  latest.current = { openProduct, addFromList };
  const onOpenCard = useCallback((p: MenuProduct) => latest.current.openProduct(p), []);
  const onAddCard = useCallback((p: MenuProduct) => latest.current.addFromList(p), []);

  function startCheckout() {
    setCartOpen(false);
    setCheckoutLoaded(true);
    setCheckoutOpen(true);
  }

  return (
    <div className={cn('min-h-dvh bg-background', cart.count > 0 ? 'pb-28' : 'pb-10')}>
      <MenuHeader
        restaurant={menu.restaurant}
        isOpen={status.isOpen}
        tableNumber={tableNumber}
        closedNotice={status.notice}
        actions={{
          onReviews: () => chooseTab(REVIEWS_TAB),
          account: <AccountButton restaurant={menu.restaurant} />,
          cartCount: cart.count,
          cartLabel: countLabel,
          onCart: openCart,
        }}
      />

      {tablesIgnored && (
        <div className="mx-auto mt-3 max-w-6xl px-4 md:px-6">
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900"
          >
            {MSG.noTablesInShop}
          </p>
        </div>
      )}
      {tableNumber !== null && (
        <Suspense fallback={null}>
          <TableAccountPanel tableNumber={tableNumber} restaurantId={menu.restaurant.id} />
        </Suspense>
      )}
      <div ref={listTop} className="scroll-mt-0" />
      <CategoryTabs categories={menu.categories} active={tab} onChoose={chooseTab} />

      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-4 md:px-6">
        {tab === REVIEWS_TAB ? (
          <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl" />}>
            <ReviewsTab reviews={menu.reviews} timezone={menu.restaurant.timezone} />
          </Suspense>
        ) : (
          <>
            <MenuSearch value={search} onChange={setSearch} />
            {sections.length === 0 ? (
              <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
                Nenhum produto encontrado nesta categoria
              </p>
            ) : (
              sections.map((section, si) => (
                <section
                  key={section.id}
                  aria-label={section.title ?? undefined}
                  // Off-screen sections skip layout and paint until scrolled near (long menus).
                  className="flex flex-col gap-3 [contain-intrinsic-size:auto_800px] [content-visibility:auto]"
                >
                  {section.title ? <h2 className="text-lg font-bold">{section.title}</h2> : null}
                  <ProductGrid>
                    {section.products.map((p, pi) => (
                      <ProductCard
                        key={p.id}
                        product={p}
                        isOpen={status.isOpen}
                        eagerImage={si === 0 && pi < 4}
                        onOpen={onOpenCard}
                        onAdd={onAddCard}
                      />
                    ))}
                  </ProductGrid>
                </section>
              ))
            )}
          </>
        )}
      </main>

      <footer className="mx-auto mt-12 max-w-6xl px-4 text-center text-xs text-muted-foreground md:px-6">
        Cardápio digital por <span className="font-semibold">MeuCardápio</span>
      </footer>

      {cart.count > 0 && <CartBar countLabel={countLabel} total={cart.total} onOpen={openCart} />}

      {dialogsLoaded && (
        <Suspense fallback={null}>
          <ProductDialog
            product={selected}
            productsById={productsById}
            onOpenChange={(o) => !o && setSelected(null)}
            target={{
              items: cart.items,
              add: cart.add,
              isOpen: status.isOpen,
              closedDescription: status.toastDescription,
              addedTitle: 'Adicionado ao carrinho',
            }}
          />
          <CartDialog open={cartOpen} onOpenChange={setCartOpen} onCheckout={startCheckout} />
        </Suspense>
      )}
      {checkoutLoaded && (
        <Suspense fallback={null}>
          <CheckoutDialog open={checkoutOpen} onOpenChange={setCheckoutOpen} />
        </Suspense>
      )}
    </div>
  );
}
