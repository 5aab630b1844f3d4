import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { parseParams } from '../../http/validate';
import { etagMatches, getPublicMenu, getPublicRestaurantById, restaurantNotFound, strongEtag } from './public-menu.service';

export const restaurantsRoutes = new Hono<AppEnv>();

// ─── Public storefront (anonymous; keyed by slug or id) ──────────────────────────────────────────

const slugParam = z.object({ slug: z.string().trim().min(1).max(200) });

/**
 * The whole first paint of a menu in one answer. A strong ETag over the exact JSON lets the browser
 * (or a CDN) revalidate cheaply: `must-revalidate` keeps availability and prices fresh while a repeat
 * visit costs a 304 with no body.
 */
restaurantsRoutes.get('/public/restaurants/:slug/menu', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const menu = await getPublicMenu({ db: c.get('db') }, slug);
  const body = JSON.stringify(menu);
  const etag = strongEtag(body);
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=0, must-revalidate');
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(body, 200);
});

restaurantsRoutes.get('/public/restaurants/by-id/:id', async (c) => {
  const parsed = z.object({ id: z.uuid() }).safeParse(c.req.param());
  // A malformed id cannot name a restaurant: same answer as an unknown one.
  if (!parsed.success) throw restaurantNotFound();
  return c.json(await getPublicRestaurantById({ db: c.get('db') }, parsed.data.id));
});

// ─── Admin settings (staff) ──────────────────────────────────────────────────────────────────────
