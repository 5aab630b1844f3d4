import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@meucardapio/db/client';
import { restaurantSecrets } from '@meucardapio/db/schema';
import { setSecretsKey } from '@meucardapio/db/secret-box';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';

/**
 * The key that seals restaurant secrets: SECRETS_KEY, or else a key file in DATA_DIR made on the first
 * start (created exclusively, so instances starting together agree on one). The file is not in database
 * backups: a copy of the database alone opens no secret.
 */
export function loadSecretsKey(config: Config, log: Logger) {
  if (config.SECRETS_KEY) {
    setSecretsKey(Buffer.from(config.SECRETS_KEY, 'base64'));
    return;
  }
  if (config.DATABASE_URL && config.NODE_ENV === 'production')
    throw new Error(
      "SECRETS_KEY is required with DATABASE_URL and NODE_ENV=production: every instance must seal and open the restaurants' secrets with the same key (32 bytes in base64, e.g. `openssl rand -base64 32`).",
    );
  const file = join(config.DATA_DIR, 'secrets.key');
  let encoded: string;
  try {
    encoded = randomBytes(32).toString('base64');
    writeFileSync(file, `${encoded}\n`, { flag: 'wx', mode: 0o600 });
    log.warn({ file }, 'generated the key that seals restaurant secrets; keep a copy apart from the backups');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    encoded = readFileSync(file, 'utf8').trim();
  }
  setSecretsKey(Buffer.from(encoded, 'base64'));
}

/** Seals secrets stored before sealing existed: read (as they are) and written back (sealed). */
export async function sealStoredSecrets(db: Db) {
  const plain = await db
    .select()
    .from(restaurantSecrets)
    .where(
      sql`not (coalesce(${restaurantSecrets.nuvemfiscalApiToken}, 'v1:') like 'v1:%'
        and coalesce(${restaurantSecrets.nuvemfiscalClientId}, 'v1:') like 'v1:%'
        and coalesce(${restaurantSecrets.nuvemfiscalClientSecret}, 'v1:') like 'v1:%'
        and coalesce(${restaurantSecrets.whatsappApiKey}, 'v1:') like 'v1:%')`,
    );
  for (const { restaurantId, ...values } of plain) {
    await db.update(restaurantSecrets).set(values).where(eq(restaurantSecrets.restaurantId, restaurantId));
  }
  return plain.length;
}
