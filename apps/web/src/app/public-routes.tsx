import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { prefetchPublicMenu } from '@/features/storefront/menu-query';
import { queryClient } from '@/lib/query-client';
import type { DeferToasterHandle } from './root-layout';

/*
 * The routes the server renders (storefront and landing), shared by the browser's router and the
 * server entry (entry-server.tsx). Their ids are fixed because the browser hydrates the server's
 * markup with them: both sides must name the same routes.
 */

export type PageModule = { default: ComponentType };

/** Route `lazy` for a module that default-exports its page: each page is its own chunk. */
export function page(load: () => Promise<PageModule>) {
  return async () => ({ Component: (await load()).default });
}

type MenuModule = { default: ComponentType<{ slug: string }> };

const storefrontHandle: DeferToasterHandle = { deferToaster: true };

export const STOREFRONT_ROUTE_IDS = ['storefront-demo', 'storefront'] as const;

/**
 * The storefront for a fixed slug (/demo-restaurant) or the one in the URL (/:slug). When the page was
 * not rendered by the server (a navigation inside the app), its loader starts the menu request while
 * the page's code downloads, so the menu's one API request is not queued behind the menu chunk.
 */
export function storefrontRoute(fixedSlug?: string) {
  const slugOf = (params: Record<string, string | undefined>) => fixedSlug ?? params.slug ?? '';
  return {
    id: fixedSlug ? STOREFRONT_ROUTE_IDS[0] : STOREFRONT_ROUTE_IDS[1],
    path: fixedSlug ?? ':slug',
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

export const landingRoute = {
  id: 'landing',
  path: 'landing',
  lazy: page(() => import('@/features/landing/landing-page')),
};
