import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { publicMenuQuery } from './features/storefront/menu-query';
import type { PublicMenu } from './features/storefront/menu-types';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root')!;

/**
 * A page the server rendered (storefront, landing) is hydrated: its menu comes with the HTML (no second
 * request), and the code of its route is loaded before hydrating so the first render matches the
 * server's markup. Every other page is rendered here, as before.
 */
async function start() {
  if (container.dataset.ssr !== '1') {
    const router = createAppRouter();
    createRoot(container).render(app(router));
    return;
  }
  await nextTask();
  const data = document.getElementById('mc-menu');
  if (data?.textContent) {
    const { slug, menu } = JSON.parse(data.textContent) as { slug: string; menu: PublicMenu };
    queryClient.setQueryData(publicMenuQuery(slug).queryKey, menu);
  }
  const matches = matchRoutes(routes as RouteObject[], window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  await nextTask();
  // Loaders that already ran on the server (they only prefetch what the page got with its HTML).
  const loaderData = Object.fromEntries(matches.filter((m) => m.route.loader).map((m) => [m.route.id, null]));
  const router = createAppRouter({ loaderData });
  await nextTask();
  // In a transition React hydrates in slices, yielding to the browser between them: the page the
  // visitor already sees stays responsive instead of freezing for one long task.
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}

/**
 * Lets the browser run what is waiting (a tap, a frame) between the steps of starting a rendered page,
 * so they are several short tasks instead of one long one.
 */
function nextTask() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

void start();
