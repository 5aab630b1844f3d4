import { z } from 'zod';
import { type ProxyTrust, parseProxyTrust } from './http/proxy-trust';

export const PAYMENTS_MODES = ['infinitepay', 'simulator', 'disabled'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** The PostgreSQL server itself, when DATABASE_URL is a transaction pooler: LISTEN and migrations go here. */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /** A streaming read replica for reads that tolerate a second of lag (menus, dashboards, reports). */
  READ_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Card/PIX checkout: the real provider, our simulator page (demo and tests only) or none. */
  PAYMENTS: z.enum(PAYMENTS_MODES).optional(),
  /** Older switch, kept as an alias: 1 means PAYMENTS=infinitepay. */
  INFINITEPAY_ENABLED: z.enum(['0', '1']).optional(),
  /** NFC-e: the simulator (default) or Nuvem Fiscal for restaurants that saved their credentials. */
  NFCE_PROVIDER: z.enum(['simulator', 'nuvemfiscal']).default('simulator'),
  /** Nuvem Fiscal's API and token hosts; by default its sandbox or production API by the restaurant's ambiente. */
  NUVEMFISCAL_API_URL: z.string().url().optional(),
  NUVEMFISCAL_AUTH_URL: z.string().url().optional(),
  /** How often each instance looks for NFC-e notes due (emission, polling, cancellation). */
  NFCE_QUEUE_TICK_MS: z.coerce.number().int().min(100).default(1000),
  SHIPPING_API_URL: z.string().url().optional(),
  SHIPPING_API_TOKEN: z.string().optional(),
  WHATSAPP_API_URL: z.string().url().optional(),
  /** The iFood Merchant API's host (tests and staging point it at a fake). */
  IFOOD_API_URL: z.string().url().default('https://merchant-api.ifood.com.br'),
  /** How often each ordering-app connection is polled (iFood asks for 30 s; it also keeps the store open). */
  MARKETPLACE_POLL_MS: z.coerce.number().int().min(200).max(120_000).default(30_000),
  /** How often the marketplace simulator makes an order on a connection that is switched on. */
  MARKETPLACE_SIMULATOR_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(4 * 60_000),
  /** How often each instance looks for due polls and calls owed to the apps. */
  MARKETPLACE_TICK_MS: z.coerce.number().int().min(50).default(1000),
  /** How long a call to an ordering app may take before it counts as failed (and is retried). */
  MARKETPLACE_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SMTP_URL: z.string().optional(),
  /** 1: allow an `smtp://` server that offers no STARTTLS (reset links would cross the network in the clear). */
  SMTP_ALLOW_INSECURE: z.enum(['0', '1']).optional(),
  /** 32 bytes in base64 that seal the restaurants' provider secrets; the embedded database generates one. */
  SECRETS_KEY: z.string().optional(),
  /** Proxies allowed to set X-Forwarded-For/-Proto/-Host: a hop count or addresses/ranges (see http/proxy.ts). */
  TRUST_PROXY: z.string().optional(),
  MAIL_FROM: z.string().default('MeuCardápio <nao-responda@meucardapio.local>'),
  /** How often an open event stream checks its session again (revocations also end it at once). */
  SSE_SESSION_CHECK_MS: z.coerce.number().int().min(50).default(60_000),
  /**
   * How long a staff session read for a GET is kept for the next reads, at most (decision 108): its
   * revocation signal drops it before; 0 reads every session at every request.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /** Event streams one person may keep open on one instance. */
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
  /** Bearer token that `GET /metrics` (Prometheus) requires; without it the endpoint does not exist. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Owner sign-ups one address may make per hour (a test suite signing up many shops raises it). */
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Customer accounts one address may create per hour on the storefronts (a test suite raises it). */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Where uploaded files' bytes live: `disk` (DATA_DIR/files, one instance) or `s3` (shared by several). */
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible store's address (MinIO, R2…); AWS S3 itself needs none. */
  S3_ENDPOINT: z.string().url().optional(),
  /** 1: bucket in the path (`endpoint/bucket/key`), as most S3-compatible stores want. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  S3_PREFIX: z.string().default('files/'),
  /** Without them the AWS SDK's own chain is used (environment, instance role…). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Megabytes of uploaded images each restaurant may keep (all widths counted). */
  FILE_QUOTA_MB: z.coerce.number().min(1).max(100_000).default(100),
  /** Image uploads each restaurant may make per hour. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(120),
  /** Days realtime events are kept for streams resuming after a disconnection. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Minutes a card/PIX order may stay unpaid before it is cancelled and its stock given back. */
  UNPAID_ORDER_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
});

export type Config = z.infer<typeof schema> & {
  payments: PaymentsMode;
  /**
   * The simulator chosen by default (the embedded quick start, PAYMENTS unset) serves the demo restaurant
   * only; PAYMENTS=simulator set on purpose (tests, e2e) serves every restaurant.
   */
  simulatorDemoOnly: boolean;
  seedDemo: boolean;
  publicUrl: string;
  proxyTrust: ProxyTrust;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.parse(env);
  // The embedded database seeds the demo unless told not to; a real server only when asked.
  const seedDemo = parsed.SEED_DEMO ? parsed.SEED_DEMO === '1' : !parsed.DATABASE_URL;
  const payments = paymentsMode(parsed);
  if (parsed.FILE_STORAGE === 's3' && !parsed.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET.');
  return {
    ...parsed,
    seedDemo,
    payments,
    simulatorDemoOnly: payments === 'simulator' && !parsed.PAYMENTS,
    publicUrl: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    proxyTrust: parseProxyTrust(parsed.TRUST_PROXY),
  };
}

/**
 * The simulator approves whatever the tester clicks, so it is never chosen silently outside the
 * embedded demo (no DATABASE_URL, not production), and a production start refuses it outright.
 */
function paymentsMode(parsed: z.infer<typeof schema>): PaymentsMode {
  const production = parsed.NODE_ENV === 'production';
  const embeddedDemo = !parsed.DATABASE_URL && !production;
  const fallback = parsed.INFINITEPAY_ENABLED === '1' ? 'infinitepay' : embeddedDemo ? 'simulator' : 'disabled';
  const mode = parsed.PAYMENTS ?? fallback;
  if (mode === 'simulator' && production)
    throw new Error(
      'PAYMENTS=simulator is refused with NODE_ENV=production: anyone could approve an order without paying. Set PAYMENTS=infinitepay or PAYMENTS=disabled.',
    );
  return mode;
}
