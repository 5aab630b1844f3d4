import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Restaurant secrets (provider tokens and keys) are kept sealed with AES-256-GCM under a key that lives
 * outside the database, so a database file, dump or backup alone gives none of them away.
 */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

let key: Buffer | null = null;

/** The process's key: 32 bytes (SECRETS_KEY, or the embedded database's generated key file). */
export function setSecretsKey(value: Buffer) {
  if (value.length !== 32) throw new Error('A chave de segredos deve ter 32 bytes (base64 de 32 bytes).');
  key = value;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

function requireKey(): Buffer {
  if (!key) throw new Error('Chave de segredos não configurada (SECRETS_KEY).');
  return key;
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', requireKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** A sealed value opened; a value stored before sealing existed is returned as it is (and sealed on its next write). */
export function openSecret(stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', requireKey(), raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
