import { join } from 'node:path';
import type { Db } from '@meucardapio/db/client';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { FiscalGateway } from './fiscal/fiscal';
import { fiscalGateway } from './fiscal/gateway';
import { createMailer, type Mailer } from './mail/mailer';
import { ifoodClient } from './marketplace/ifood';
import { createMarketplaces, type Marketplaces } from './marketplace/marketplaces';
import { createMessenger, type Messenger } from './messaging/messenger';
import { infinitePayProvider } from './payments/infinitepay';
import { disabledPaymentProvider, type PaymentProvider } from './payments/payments';
import { SIMULATOR_WARNING, simulatorProvider } from './payments/simulator';
import { httpShippingProvider } from './shipping/http-provider';
import type { ShippingProvider } from './shipping/shipping';
import { simulatorShippingProvider } from './shipping/simulator';
import { diskStorage, type FileStorage, s3Storage } from './storage/storage';

/** Every external service, each behind its interface; simulators are the default. */
export type Integrations = {
  mail: Mailer;
  storage: FileStorage;
  /** WhatsApp; replaceable at runtime (tests swap in a failing or counting one). */
  messaging: Messenger;
  /** Card/PIX hosted checkout as PAYMENTS says: InfinitePay, our simulator page, or disabled. */
  payments: PaymentProvider;
  /** Shipping quotes: the HTTP API at SHIPPING_API_URL, else deterministic simulated quotes. */
  shipping: ShippingProvider;
  /** Ordering apps: the simulator, Open Delivery apps and iFood (at IFOOD_API_URL). */
  marketplaces: Marketplaces;
  /** NFC-e: Nuvem Fiscal for restaurants with credentials when NFCE_PROVIDER=nuvemfiscal, else the simulator. */
  fiscal: FiscalGateway;
};

export function createIntegrations(_config: Config, db: Db, log: Logger): Integrations {
  return {
    mail: createMailer(_config, db, log),
    storage: fileStorage(_config),
    messaging: createMessenger(_config, log),
    payments: paymentProvider(_config, db, log),
    shipping: _config.SHIPPING_API_URL
      ? httpShippingProvider({ url: _config.SHIPPING_API_URL, token: _config.SHIPPING_API_TOKEN })
      : simulatorShippingProvider(),
    marketplaces: createMarketplaces({
      db,
      timeoutMs: _config.MARKETPLACE_HTTP_TIMEOUT_MS,
      ifood: ifoodClient({ baseUrl: _config.IFOOD_API_URL, timeoutMs: _config.MARKETPLACE_HTTP_TIMEOUT_MS }),
    }),
    fiscal: fiscalGateway({
      provider: _config.NFCE_PROVIDER,
      apiUrl: _config.NUVEMFISCAL_API_URL,
      authUrl: _config.NUVEMFISCAL_AUTH_URL,
    }),
  };
}

function paymentProvider(config: Config, db: Db, log: Logger): PaymentProvider {
  if (config.payments === 'infinitepay') return infinitePayProvider({ publicUrl: config.publicUrl });
  if (config.payments === 'disabled') return disabledPaymentProvider;
  log.warn(SIMULATOR_WARNING);
  return simulatorProvider(db, { demoOnly: config.simulatorDemoOnly });
}

function fileStorage(config: Config): FileStorage {
  if (config.FILE_STORAGE === 'disk') return diskStorage(join(config.DATA_DIR, 'files'));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return s3Storage({
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
    prefix: config.S3_PREFIX,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
