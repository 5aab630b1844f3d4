import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { parseParams } from '../../http/validate';
import { restaurantNotFound } from '../../tenancy/restaurant-lookup';
import { menuAnswer } from './menu-answer';
import { getPublicRestaurantById } from './public-menu.service';

export const restaurantsRoutes = new Hono<AppEnv>();

// ─── Public storefront (anonymous; keyed by slug or id) ──────────────────────────────────────────

const slugParam = z.object({ slug: z.string().trim().min(1).max(200) });

restaurantsRoutes.get('/public/restaurants/:slug/menu', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const menu = await c.get('deps').menuCache.get(slug);
  const answer = menuAnswer(menu, {
    ifNoneMatch: c.req.header('if-none-match'),
    acceptEncoding: c.req.header('accept-encoding'),
  });
  return c.newResponse(answer.body, answer.status, answer.headers);
});

restaurantsRoutes.get('/public/restaurants/by-id/:id', async (c) => {
  const parsed = z.object({ id: z.uuid() }).safeParse(c.req.param());
  // A malformed id cannot name a restaurant: same answer as an unknown one.
  if (!parsed.success) throw restaurantNotFound();
  return c.json(await getPublicRestaurantById({ db: c.get('db') }, parsed.data.id));
});

// ─── Admin settings (staff) ──────────────────────────────────────────────────────────────────────
// Aliased imports: this block is appended to a file other modules edit too.
import { staffCtx as settingsStaffCtx } from '../../http/guard';
import { clientIp as settingsClientIp } from '../../http/proxy';
import { parseBody as parseSettingsBody } from '../../http/validate';
import { updateFiscal } from './fiscal-settings.service';
import { updateGeneral } from './general-settings.service';
import { fiscalInput, generalInput, reviewsInput, whatsappKeyInput, whatsappTestInput } from './settings.schemas';
import { getSettings, requireTab, updateReviews } from './settings.service';
import { saveWhatsappKey, testWhatsapp } from './whatsapp-settings.service';

/** Any staff member may ask: the answer holds only the tabs their permissions open. */
restaurantsRoutes.get('/admin/settings', async (c) => c.json(await getSettings(settingsStaffCtx(c))));

restaurantsRoutes.put('/admin/settings/general', async (c) => {
  const ctx = settingsStaffCtx(c);
  requireTab(ctx, 'general');
  return c.json(await updateGeneral(ctx, await parseSettingsBody(c, generalInput), settingsClientIp(c)));
});

restaurantsRoutes.put('/admin/settings/reviews', async (c) => {
  const ctx = settingsStaffCtx(c);
  requireTab(ctx, 'reviews');
  return c.json(await updateReviews(ctx, await parseSettingsBody(c, reviewsInput)));
});

restaurantsRoutes.put('/admin/settings/fiscal', async (c) => {
  const ctx = settingsStaffCtx(c);
  requireTab(ctx, 'fiscal');
  return c.json(await updateFiscal(ctx, await parseSettingsBody(c, fiscalInput)));
});

restaurantsRoutes.put('/admin/settings/whatsapp', async (c) => {
  const ctx = settingsStaffCtx(c);
  requireTab(ctx, 'whatsapp');
  const { apiKey } = await parseSettingsBody(c, whatsappKeyInput);
  return c.json(await saveWhatsappKey(ctx, apiKey));
});

restaurantsRoutes.post('/admin/settings/whatsapp/test', async (c) => {
  const ctx = settingsStaffCtx(c);
  requireTab(ctx, 'whatsapp');
  return c.json(await testWhatsapp(ctx, await parseSettingsBody(c, whatsappTestInput)));
});

// ─── WhatsApp status messages (staff, manage_settings) ───────────────────────────────────────────
// Aliased imports: this block is appended to a file other modules edit too.
import { staffCtx as statusMessagesStaffCtx } from '../../http/guard';
import { parseBody as parseStatusMessagesBody } from '../../http/validate';
import { statusMessagesInput, updateStatusMessages } from './status-messages-settings.service';

restaurantsRoutes.put('/admin/settings/whatsapp/status-messages', async (c) => {
  const ctx = statusMessagesStaffCtx(c);
  requireTab(ctx, 'whatsapp');
  const input = await parseStatusMessagesBody(c, statusMessagesInput);
  return c.json({ statusMessages: await updateStatusMessages(ctx, input) });
});

// ─── Opening hours (staff, manage_restaurant_hours) ──────────────────────────────────────────────
// Aliased imports: this block is appended to a file other modules edit too.
import { staffCtx as hoursStaffCtx } from '../../http/guard';
import { parseBody as parseHoursBody } from '../../http/validate';
import { getHours, replaceHours } from './hours.service';

const hhmm = z
  .string()
  .max(5)
  .nullish()
  .transform((v) => v || null);
const hoursBody = z.object({
  hours: z
    .array(
      z.object({
        dayOfWeek: z.number({ message: 'Dia inválido' }).int().min(0).max(6),
        isClosed: z.boolean().default(false),
        openTime: hhmm,
        closeTime: hhmm,
      }),
    )
    .length(7, { message: 'Informe os 7 dias da semana' }),
});

restaurantsRoutes.get('/admin/hours', async (c) => {
  const ctx = hoursStaffCtx(c, 'manage_restaurant_hours');
  return c.json({ hours: await getHours(ctx) });
});

restaurantsRoutes.put('/admin/hours', async (c) => {
  const ctx = hoursStaffCtx(c, 'manage_restaurant_hours');
  const { hours } = await parseHoursBody(c, hoursBody);
  return c.json({ hours: await replaceHours(ctx, hours) });
});

// ─── Setup checklist (any staff member: it tells only what their own restaurant still lacks) ─────
// Aliased imports: this block is appended to a file other modules edit too.
import { staffCtx as setupStaffCtx } from '../../http/guard';
import { setupChecklist } from './setup-checklist.service';

restaurantsRoutes.get('/admin/setup-checklist', async (c) => c.json(await setupChecklist(setupStaffCtx(c))));
