import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { limitBody } from './http/body-limit';
import type { AppEnv, Deps } from './http/context';
import { errorBody, handleError } from './http/error-handler';
import { AppError } from './http/errors';
import { gzipAnswers } from './http/gzip-answers';
import { jsonContentType, originCheck } from './http/origin';
import { acceptsEncoding } from './http/precompressed';
import { fileSecurityHeaders, pageSecurityHeaders } from './http/security-headers';
import {
  forgetSessionsAfterWrite,
  orderSessionMiddleware,
  readSessionMiddleware,
  sessionMiddleware,
} from './http/session';
import { lazyChild } from './logger';
import { authRoutes } from './modules/auth/auth.routes';
import { cashierRoutes } from './modules/cashier/cashier.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { couriersRoutes } from './modules/couriers/couriers.routes';
import { adminCustomersRoutes } from './modules/customers/admin-customers.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { filesRoutes } from './modules/files/files.routes';
import { fiscalRoutes } from './modules/fiscal/fiscal.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes';
import { connectionsRoutes } from './modules/marketplace/connections.routes';
import { openDeliveryRoutes } from './modules/marketplace/open-delivery.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentMethodsRoutes } from './modules/payments/payment-methods.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { printAgentRoutes } from './modules/printing/print-agent.routes';
import { printingRoutes } from './modules/printing/printing.routes';
import { cachedMenuListener } from './modules/restaurants/menu-answer';
import { restaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tableAccountsRoutes } from './modules/table-accounts/table-accounts.routes';
import { tablesRoutes } from './modules/tables/tables.routes';
import { healthRoutes } from './ops/health.routes';
import { eventsRoutes } from './realtime/events.routes';

const MAX_BODY_BYTES = 6 * 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The staff's writes that run the restaurant rather than change its menu. */
const OPERATIONS = /^\/api\/admin\/(orders|cashier|kitchen|table-accounts|chat|print-jobs)(\/|$)/;
/** The one write that may use a kept session: a customer's order, whose lock checks it again (decision 126). */
const CUSTOMER_ORDER = '/api/customer/orders';

/** The HTTP API; `main.ts` adds static files and starts listening. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', deps.metrics.middleware());
  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('db', deps.database.db);
    c.set('log', lazyChild(deps.log, { requestId }));
    c.header('x-request-id', requestId);
    await next();
  });
  const gzip = gzipAnswers();
  // Event streams must reach the browser unbuffered; everything else is compressed for a browser that takes gzip.
  app.use('*', (c, next) =>
    c.req.path.startsWith('/api/events/') || !acceptsEncoding(c.req.header('accept-encoding'), 'gzip')
      ? next()
      : gzip(c, next),
  );
  app.use('*', (c, next) =>
    c.req.path.startsWith('/api/files/') ? fileSecurityHeaders(c, next) : pageSecurityHeaders(c, next),
  );
  // Ahead of the session: liveness must not depend on the database, and readiness reports it itself.
  app.route('/api', healthRoutes);
  const limitedBody = limitBody(MAX_BODY_BYTES, () => {
    throw new AppError(413, 'payload_too_large', 'Conteúdo muito grande', 'Envie no máximo 6 MB.');
  });
  const forgetChangedMenus: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    // Other instances hear about menu changes through NOTIFY; this instance forgets at once, so a
    // write is visible to the very next read here (the notification may arrive a moment later).
    if (c.res.status >= 400) return;
    // Only staff change what a menu shows; a customer's write (an order, a review) leaves it cached, and
    // so does the staff's running of orders, sales and tables: of a menu they change only stock, which
    // reaches every instance's menus by NOTIFY (decision 121), and at dinner they come every few seconds.
    const actor = c.get('actor');
    if (actor && actor.kind !== 'customer' && !OPERATIONS.test(c.req.path)) deps.menuCache.forget(actor.restaurantId);
  };
  // Looking at a request's body makes the Node adapter build a full Request object, so only writes,
  // the only requests with a body, are measured; reads need no origin or body check either.
  const write = every(
    limitedBody,
    (c, next) => (c.req.path === CUSTOMER_ORDER ? orderSessionMiddleware(c, next) : sessionMiddleware(c, next)),
    originCheck,
    jsonContentType,
    forgetChangedMenus,
    forgetSessionsAfterWrite,
  );
  app.use('/api/*', (c, next) => (SAFE_METHODS.has(c.req.method) ? readSessionMiddleware(c, next) : write(c, next)));

  app.get('/metrics', deps.metrics.handler(deps.config.METRICS_TOKEN));
  for (const routes of [
    authRoutes,
    restaurantsRoutes,
    catalogRoutes,
    staffRoutes,
    customersRoutes,
    adminCustomersRoutes,
    ordersRoutes,
    kitchenRoutes,
    paymentsRoutes,
    paymentMethodsRoutes,
    deliveryRoutes,
    couriersRoutes,
    couponsRoutes,
    tablesRoutes,
    tableAccountsRoutes,
    cashierRoutes,
    fiscalRoutes,
    reviewsRoutes,
    chatRoutes,
    dashboardRoutes,
    geoRoutes,
    filesRoutes,
    printingRoutes,
    printAgentRoutes,
    connectionsRoutes,
  ]) {
    app.route('/api', routes);
  }
  app.route('/api/events', eventsRoutes);
  // The Open Delivery standard's own paths: its webhook and our menu, called by ordering apps.
  app.use('/v1/*', limitedBody);
  app.use('/newEvent', limitedBody);
  app.use('/orderUpdate', limitedBody);
  app.route('/', openDeliveryRoutes);
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Não encontrado', 'Endereço da API inexistente.'), 404));
  app.onError(handleError);
  return app;
}

/** The HTTP server: a menu this instance holds is answered before the app is asked (decision 132). */
export function createHttpServer(app: ReturnType<typeof createApp>, deps: Deps, hostname?: string) {
  const cachedMenu = cachedMenuListener(deps);
  const toApp = getRequestListener(app.fetch, { hostname });
  return createServer((req, res) => {
    if (!cachedMenu(req, res)) void toApp(req, res);
  });
}
