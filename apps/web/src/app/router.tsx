import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, useParams } from 'react-router';
import { PageFallback } from '@/components/page-fallback';
import { prefetchPublicMenu } from '@/features/storefront/menu-query';
import { prefetchSession } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
// Types only: the admin page table (and the permission rules it pulls in) loads with the admin pages.
import type { AdminPagePath } from './admin-routes';
import { NotFoundPage } from './not-found-page';
import { type DeferToasterHandle, RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

type PageModule = { default: ComponentType };

/** Route `lazy` for a module that default-exports its page: each page is its own chunk. */
function page(load: () => Promise<PageModule>) {
  return async () => ({ Component: (await load()).default });
}

/** Loader of screens that read the session: /api/auth/me starts alongside the screen's code. */
function sessionLoader() {
  prefetchSession(queryClient);
  return null;
}

type MenuModule = { default: ComponentType<{ slug: string }> };

const storefrontHandle: DeferToasterHandle = { deferToaster: true };

/**
 * The storefront for a fixed slug (/demo-restaurant) or the one in the URL (/:slug). Its loader starts
 * the menu request while the page's code downloads (without waiting for it: the page shows its
 * skeleton meanwhile), so the menu's one API request is not queued behind the menu chunk.
 */
function storefront(fixedSlug?: string) {
  const slugOf = (params: Record<string, string | undefined>) => fixedSlug ?? params.slug ?? '';
  return {
    handle: storefrontHandle,
    loader: ({ params }: LoaderFunctionArgs) => {
      prefetchPublicMenu(queryClient, slugOf(params));
      return null;
    },
    lazy: async () => {
      const { default: MenuPage } = (await import('@/features/storefront/menu-page')) as MenuModule;
      function StorefrontRoute() {
        const slug = slugOf(useParams());
        return <MenuPage key={slug} slug={slug} />;
      }
      return { Component: StorefrontRoute };
    },
  };
}

/** An admin page: its module and its handle (title, permissions), both loaded on demand. */
function adminPage(path: AdminPagePath) {
  return async () => {
    const [{ default: Component }, { ADMIN_PAGES }] = await Promise.all([
      adminModules[path](),
      import('./admin-routes'),
    ]);
    return { Component, handle: ADMIN_PAGES[path] };
  };
}

/** Each admin area's page module; the files are owned by the area's feature folder. */
const adminModules: Record<AdminPagePath, () => Promise<PageModule>> = {
  products: () => import('@/features/admin/products/products-page'),
  categories: () => import('@/features/admin/categories/categories-page'),
  'pizza-flavors': () => import('@/features/admin/pizza-flavors/pizza-flavors-page'),
  stock: () => import('@/features/admin/stock/stock-page'),
  employees: () => import('@/features/admin/employees/employees-page'),
  profiles: () => import('@/features/admin/profiles/profiles-page'),
  settings: () => import('@/features/admin/settings/settings-page'),
  cashier: () => import('@/features/admin/cashier/cashier-page'),
  orders: () => import('@/features/admin/orders/orders-page'),
  kitchen: () => import('@/features/admin/kitchen/kitchen-page'),
  'kitchen-settings': () => import('@/features/admin/kitchen/kitchen-settings-page'),
  customers: () => import('@/features/admin/customers/customers-page'),
  tables: () => import('@/features/admin/tables/tables-page'),
  reviews: () => import('@/features/admin/reviews/reviews-page'),
  coupons: () => import('@/features/admin/coupons/coupons-page'),
  'payment-methods': () => import('@/features/admin/payment-methods/payment-methods-page'),
  delivery: () => import('@/features/admin/delivery/delivery-page'),
  'delivery-config': () => import('@/features/admin/delivery-config/delivery-config-page'),
  hours: () => import('@/features/admin/hours/hours-page'),
  states: () => import('@/features/admin/states/states-page'),
};

const authPage = page(() => import('@/features/auth/auth-page'));

export const routes = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageFallback,
    children: [
      { index: true, loader: sessionLoader, lazy: authPage },
      { path: 'auth', loader: sessionLoader, lazy: authPage },
      { path: 'auth/reset', lazy: page(() => import('@/features/auth/reset-password-page')) },
      { path: 'landing', lazy: page(() => import('@/features/landing/landing-page')) },
      {
        path: 'admin',
        loader: sessionLoader,
        lazy: page(() => import('./admin-layout')),
        children: [
          {
            // Errors inside a page render inside the shell, which stays usable.
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, handle: { title: 'Início' }, lazy: page(() => import('@/features/admin/welcome-page')) },
              ...(Object.keys(adminModules) as AdminPagePath[]).map((path) => ({ path, lazy: adminPage(path) })),
            ],
          },
        ],
      },
      { path: 'customer', loader: sessionLoader, lazy: page(() => import('@/features/customer/orders-page')) },
      {
        path: 'customer-dashboard',
        loader: sessionLoader,
        lazy: page(() => import('@/features/customer/dashboard-page')),
      },
      { path: 'payment-callback', lazy: page(() => import('@/features/storefront/payment-callback-page')) },
      {
        path: 'review/:restaurantId',
        loader: sessionLoader,
        lazy: page(() => import('@/features/storefront/review-page')),
      },
      { path: 'demo-restaurant', ...storefront('demo-restaurant') },
      { path: ':slug', ...storefront() },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
