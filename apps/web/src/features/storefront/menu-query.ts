import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PublicMenu } from './menu-types';

/**
 * The one request the public menu needs before it can paint. Shared by the menu page and the route
 * loader, which starts it while the page's code is still downloading.
 */
export function publicMenuQuery(slug: string) {
  return queryOptions({
    queryKey: ['public-menu', slug] as const,
    queryFn: ({ signal }) =>
      api.get<PublicMenu>(`/api/public/restaurants/${encodeURIComponent(slug)}/menu`, { signal }),
  });
}

/** Starts loading a menu without waiting for it (errors surface in the page's own query). */
export function prefetchPublicMenu(queryClient: QueryClient, slug: string) {
  if (slug) void queryClient.prefetchQuery(publicMenuQuery(slug));
}
