import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export type PasswordCheck = { ok: boolean; needsRehash: boolean };

/**
 * Checks a password against argon2id, or the legacy formats imported accounts carry
 * (bcrypt, SHA-256 hex with an optional `sha256:` prefix); legacy matches ask for a rehash.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<PasswordCheck> {
  if (!stored) return { ok: false, needsRehash: false };
  if (stored.startsWith('$argon2')) {
    return { ok: await verify(stored, password).catch(() => false), needsRehash: false };
  }
  if (/^\$2[aby]\$/.test(stored)) {
    return { ok: await bcrypt.compare(password, stored).catch(() => false), needsRehash: true };
  }
  const hex = stored.startsWith('sha256:') ? stored.slice(7) : stored;
  if (/^[0-9a-f]{64}$/i.test(hex)) {
    const actual = createHash('sha256').update(password).digest();
    const expected = Buffer.from(hex, 'hex');
    return { ok: timingSafeEqual(actual, expected), needsRehash: true };
  }
  return { ok: false, needsRehash: false };
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash: a sign-in for an unknown account takes as long as for a known one. */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('conta-inexistente');
  await verify(await dummyHash, password).catch(() => false);
}
