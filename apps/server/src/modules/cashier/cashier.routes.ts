import {
  cashMovementSchema,
  closeSessionSchema,
  conciliationQuery,
  finalizeSaleSchema,
  openSessionSchema,
  pixSettingsSchema,
  productLookupQuery,
  reportDateQuery,
  reserveSaleSchema,
} from '@meucardapio/domain/cashier-api';
import { offlineSaleSchema } from '@meucardapio/domain/cashier-offline';
import { hasPermission, isCashierOnly } from '@meucardapio/domain/permissions';
import { type Context, Hono } from 'hono';
import type { AppEnv, StaffCtx } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import { staffCtx } from '../../http/guard';
import { idempotencyKeyOf } from '../../http/idempotency';
import { clientIp } from '../../http/proxy';
import { idParam, parseBody, parseParams, parseQuery } from '../../http/validate';
import { getPixSettings, updatePixSettings } from '../restaurants/money-destination.service';
import { syncOfflineSale } from './offline-sale.service';
import { lookupProduct, pdvCatalog } from './pdv-catalog.service';
import {
  conciliation,
  dailyReport,
  dailyReportCsv,
  getSale,
  listSessions,
  saleHistory,
  todayReport,
} from './reports.service';
import { deleteReservedSale, listReservedSales, reserveSale, restoreReservedSale } from './reserved-sales.service';
import { finalizeSale } from './sale.service';
import { cashierState, closeSession, openSession, recordMovement } from './session.service';

/**
 * Cashier / PDV (spec 3). Every route needs manage_cashier. Cashier-only users may use the PDV,
 * Fechar Caixa and Sangria only; the other routes answer them 403 (the endpoint list is in
 * packages/domain/src/cashier-api.ts).
 */
export const cashierRoutes = new Hono<AppEnv>();

/** PDV, closing and sangria: open to every manage_cashier holder. */
const pdv = (c: Context<AppEnv>) => staffCtx(c, 'manage_cashier');

/** Everything else: manage_cashier, and not a cashier-only user. */
function manager(c: Context<AppEnv>): StaffCtx {
  const ctx = staffCtx(c, 'manage_cashier');
  if (isCashierOnly(ctx.actor.rules)) throw forbidden();
  return ctx;
}

const P = '/admin/cashier';

cashierRoutes.get(`${P}/session`, async (c) => c.json(await cashierState(pdv(c))));

cashierRoutes.post(`${P}/session/open`, async (c) => {
  const ctx = pdv(c);
  return c.json(await openSession(ctx, await parseBody(c, openSessionSchema)), 201);
});

cashierRoutes.post(`${P}/session/close`, async (c) => {
  const ctx = pdv(c);
  return c.json(await closeSession(ctx, await parseBody(c, closeSessionSchema)));
});

cashierRoutes.post(`${P}/withdrawals`, async (c) => {
  const ctx = pdv(c);
  return c.json(await recordMovement(ctx, 'withdrawal', await parseBody(c, cashMovementSchema)), 201);
});

cashierRoutes.post(`${P}/supplies`, async (c) => {
  const ctx = manager(c);
  return c.json(await recordMovement(ctx, 'supply', await parseBody(c, cashMovementSchema)), 201);
});

cashierRoutes.get(`${P}/catalog`, async (c) => c.json(await pdvCatalog(pdv(c))));

cashierRoutes.get(`${P}/products/lookup`, async (c) => {
  const ctx = pdv(c);
  const { code } = parseQuery(c, productLookupQuery);
  return c.json(await lookupProduct(ctx, code));
});

cashierRoutes.get(`${P}/reserved-sales`, async (c) => c.json(await listReservedSales(pdv(c))));

cashierRoutes.post(`${P}/reserved-sales`, async (c) => {
  const ctx = pdv(c);
  return c.json(await reserveSale(ctx, await parseBody(c, reserveSaleSchema)), 201);
});

cashierRoutes.post(`${P}/reserved-sales/:id/restore`, async (c) => {
  const ctx = pdv(c);
  const { id } = parseParams(c, idParam);
  return c.json(await restoreReservedSale(ctx, id));
});

cashierRoutes.delete(`${P}/reserved-sales/:id`, async (c) => {
  const ctx = pdv(c);
  const { id } = parseParams(c, idParam);
  await deleteReservedSale(ctx, id);
  return c.body(null, 204);
});

cashierRoutes.post(`${P}/sales`, async (c) => {
  const ctx = pdv(c);
  const key = idempotencyKeyOf(c);
  if (!key) throw badRequest('Dados inválidos', 'Envie o cabeçalho Idempotency-Key com a tentativa de venda.');
  const result = await finalizeSale(ctx, await parseBody(c, finalizeSaleSchema), key, clientIp(c));
  return c.json(result, result.replayed ? 200 : 201);
});

cashierRoutes.get(`${P}/reports/today`, async (c) => c.json(await todayReport(manager(c))));

cashierRoutes.get(`${P}/reports/daily`, async (c) => {
  const ctx = manager(c);
  const { date } = parseQuery(c, reportDateQuery);
  return c.json(await dailyReport(ctx, date));
});

cashierRoutes.get(`${P}/reports/daily.csv`, async (c) => {
  const ctx = manager(c);
  const { date } = parseQuery(c, reportDateQuery);
  const { filename, csv } = await dailyReportCsv(ctx, date);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(csv);
});

cashierRoutes.get(`${P}/conciliation`, async (c) => {
  const ctx = manager(c);
  const { sessionId } = parseQuery(c, conciliationQuery);
  return c.json(await conciliation(ctx, sessionId));
});

cashierRoutes.get(`${P}/sessions`, async (c) => c.json(await listSessions(manager(c))));

cashierRoutes.get(`${P}/history`, async (c) => c.json(await saleHistory(manager(c))));

cashierRoutes.get(`${P}/sales/:id`, async (c) => {
  const ctx = manager(c);
  const { id } = parseParams(c, idParam);
  return c.json(await getSale(ctx, id));
});

cashierRoutes.get(`${P}/pix-settings`, async (c) => c.json(await getPixSettings(manager(c))));

cashierRoutes.put(`${P}/pix-settings`, async (c) => {
  const ctx = manager(c);
  if (!hasPermission(ctx.actor.rules, 'manage_settings'))
    throw forbidden('Você não tem permissão para acessar as configurações.');
  return c.json(await updatePixSettings(ctx, await parseBody(c, pixSettingsSchema), clientIp(c)));
});

cashierRoutes.post(`${P}/offline-sales`, async (c) => {
  const ctx = pdv(c);
  // The same answer for the first send and every replay of the sale's id (decision 057).
  return c.json(await syncOfflineSale(ctx, await parseBody(c, offlineSaleSchema)));
});
