import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@meucardapio/db/client';
import { fiscalNotes, outboundMessages } from '@meucardapio/db/schema';
import { count, inArray, min } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { LiveStreams } from '../realtime/live-streams';

/** Routes whose 201 answer is one new order, by where it was placed. */
const ORDER_ROUTES: Record<string, string> = {
  'POST /api/customer/orders': 'storefront',
  'POST /api/admin/cashier/sales': 'pdv',
};

/** Outcomes of asking the payment provider about an order. */
export type PaymentVerdict = 'approved' | 'failed' | 'pending';

/**
 * The Prometheus metrics of one app instance, in a registry of its own (tests boot several apps in one
 * process). Counters count what this instance did; the gauges read the moment's state when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly ordersCreated: Counter<'channel'>;
  private readonly payments: Counter<'result'>;

  constructor(deps: { database: Database; streams: LiveStreams }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'mc_' });
    this.requests = new Histogram({
      name: 'mc_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.ordersCreated = new Counter({
      name: 'mc_orders_created_total',
      help: 'Orders created by this instance (storefront checkouts and PDV sales)',
      labelNames: ['channel'],
      registers,
    });
    this.payments = new Counter({
      name: 'mc_payments_verified_total',
      help: 'Card/PIX payments checked with the provider: approved, failed, or pending (not answered)',
      labelNames: ['result'],
      registers,
    });
    new Gauge({
      name: 'mc_sse_clients',
      help: 'Event streams open on this instance',
      registers,
      collect() {
        this.set(deps.streams.size);
      },
    });
    new Gauge({
      name: 'mc_outbox_messages',
      help: 'WhatsApp outbox rows by status (pending and sending are the backlog; failed gave up)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await deps.database.db
          .select({ status: outboundMessages.status, n: count() })
          .from(outboundMessages)
          .groupBy(outboundMessages.status);
        this.reset();
        for (const status of ['pending', 'sending', 'failed']) {
          this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
        }
      },
    });
    new Gauge({
      name: 'mc_fiscal_notes',
      help: 'NFC-e notes by status (queued, processing and cancelling are the queue; rejected waits for staff)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await deps.database.db
          .select({ status: fiscalNotes.status, n: count() })
          .from(fiscalNotes)
          .groupBy(fiscalNotes.status);
        this.reset();
        for (const status of ['queued', 'processing', 'authorized', 'rejected', 'denied', 'cancelling', 'cancelled'])
          this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      },
    });
    new Gauge({
      name: 'mc_fiscal_queue_age_seconds',
      help: 'Age of the oldest NFC-e still in the queue (0 when empty): how long a sale has waited for its note',
      registers,
      async collect() {
        const [row] = await deps.database.db
          .select({ oldest: min(fiscalNotes.createdAt) })
          .from(fiscalNotes)
          .where(inArray(fiscalNotes.status, ['queued', 'processing', 'cancelling']));
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
        this.set(oldest ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'mc_db_replica_lag_seconds',
      help: 'Read replica: seconds behind the primary (-1 while unreachable); lag-tolerant reads go to the primary above 1 s',
      registers,
      collect() {
        const replica = deps.database.replica?.();
        if (replica) this.set(replica.lagSeconds ?? -1);
      },
    });
    new Gauge({
      name: 'mc_db_pool_connections',
      help: 'Database connections of this instance: total open, idle, requests waiting for one, and the maximum',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = deps.database.pool?.();
        if (!pool) return;
        for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
      },
    });
  }

  /** Times every request; the route is the pattern it matched (bounded label values), never the raw path. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        this.requestAnswered(c.req.method, routePath(c) || 'unmatched', c.res.status, started);
      }
    };
  }

  /** One answered request, by its route's pattern; `started` is `process.hrtime.bigint()` when it came. */
  requestAnswered(method: string, route: string, status: number, started: bigint) {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.requests.observe({ method, route, status: String(status) }, seconds);
    const channel = ORDER_ROUTES[`${method} ${route}`];
    if (channel && status === 201) this.ordersCreated.inc({ channel });
  }

  paymentVerified(result: PaymentVerdict) {
    this.payments.inc({ result });
  }

  /**
   * `GET /metrics`: answered only with `Authorization: Bearer <METRICS_TOKEN>`; without a token configured
   * the endpoint does not exist (404), so metrics are never public by accident.
   */
  handler(token: string | undefined) {
    return async (c: Context) => {
      if (!token) return c.text('Não encontrado', 404);
      if (!bearerMatches(c.req.header('authorization'), token)) {
        c.header('WWW-Authenticate', 'Bearer');
        return c.text('Token de métricas ausente ou inválido', 401);
      }
      c.header('Content-Type', this.registry.contentType);
      c.header('Cache-Control', 'no-store');
      return c.body(await this.registry.metrics());
    };
  }
}

function bearerMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/i)?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
