import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Deps } from './http/context';
import { errorBody, handleError } from './http/error-handler';
import { AppError } from './http/errors';
import { jsonContentType, originCheck } from './http/origin';
import { sessionMiddleware } from './http/session';
import { authRoutes } from './modules/auth/auth.routes';
import { cashierRoutes } from './modules/cashier/cashier.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { adminCustomersRoutes } from './modules/customers/admin-customers.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { filesRoutes } from './modules/files/files.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentMethodsRoutes } from './modules/payments/payment-methods.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { restaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tablesRoutes } from './modules/tables/tables.routes';
import { healthRoutes } from './ops/health.routes';
import { eventsRoutes } from './realtime/events.routes';

const MAX_BODY_BYTES = 6 * 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The HTTP API; `main.ts` adds static files and starts listening. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', deps.metrics.middleware());
  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('db', deps.database.db);
    c.set('log', deps.log.child({ requestId }));
    c.header('x-request-id', requestId);
    await next();
  });
  const gzip = compress();
  // Event streams must reach the browser unbuffered; everything else is compressed.
  app.use('*', (c, next) => (c.req.path.startsWith('/api/events/') ? next() : gzip(c, next)));
  const pageHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginResourcePolicy: 'same-origin',
  });
  // Uploaded files carry their own, stricter policy (files.routes.ts); the page policy would replace it.
  const fileHeaders = secureHeaders({ crossOriginResourcePolicy: 'same-origin' });
  app.use('*', (c, next) => (c.req.path.startsWith('/api/files/') ? fileHeaders(c, next) : pageHeaders(c, next)));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError(413, 'payload_too_large', 'Conteúdo muito grande', 'Envie no máximo 6 MB.');
    },
  });
  // Looking at a request's body makes the Node adapter build a full Request object (a large share of
  // a cached menu answer's cost): reads carry no body, so only writes are checked.
  app.use('/api/*', (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next)));
  app.use('/api/*', sessionMiddleware);
  app.use('/api/*', originCheck);
  app.use('/api/*', jsonContentType);
  app.use('/api/*', async (c, next) => {
    await next();
    // Other instances hear about menu changes through NOTIFY; this instance forgets at once, so a
    // write is visible to the very next read here (the notification may arrive a moment later).
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    const actor = c.get('actor');
    if (actor) deps.menuCache.forget(actor.restaurantId);
  });

  app.get('/metrics', deps.metrics.handler(deps.config.METRICS_TOKEN));
  app.route('/api', healthRoutes);
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
    couponsRoutes,
    tablesRoutes,
    cashierRoutes,
    reviewsRoutes,
    chatRoutes,
    dashboardRoutes,
    geoRoutes,
    filesRoutes,
  ]) {
    app.route('/api', routes);
  }
  app.route('/api/events', eventsRoutes);
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Não encontrado', 'Endereço da API inexistente.'), 404));
  app.onError(handleError);
  return app;
}
