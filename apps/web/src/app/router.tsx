import { createBrowserRouter, type HydrationState } from 'react-router';
import { PageFallback } from '@/components/page-fallback';
// Types only: the admin page table (and the permission rules it pulls in) loads with the admin pages.
import type { AdminPagePath } from '@/lib/admin-pages';
import { prefetchSession } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { NotFoundPage } from './not-found-page';
import { landingRoute, type PageModule, page, storefrontRoute } from './public-routes';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** Loader of screens that read the session: /api/auth/me starts alongside the screen's code. */
function sessionLoader() {
  prefetchSession(queryClient);
  return null;
}

/** An admin page: its module and its handle (title, permissions), both loaded on demand. */
function adminPage(path: AdminPagePath) {
  return async () => {
    const [{ default: Component }, { ADMIN_PAGES }] = await Promise.all([
      adminModules[path](),
      import('@/lib/admin-pages'),
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
  mesas: () => import('@/features/admin/mesas/mesas-page'),
  tables: () => import('@/features/admin/tables/tables-page'),
  reviews: () => import('@/features/admin/reviews/reviews-page'),
  coupons: () => import('@/features/admin/coupons/coupons-page'),
  'payment-methods': () => import('@/features/admin/payment-methods/payment-methods-page'),
  'fiscal-notes': () => import('@/features/admin/fiscal/fiscal-notes-page'),
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
      landingRoute,
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
      storefrontRoute('demo-restaurant'),
      storefrontRoute(),
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/** `hydrationData` when the server rendered the page (see main.tsx): its loaders are not run again. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
