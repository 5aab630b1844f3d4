import type { Db } from '@meucardapio/db/client';
import { loginAttempts } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { AppError } from './errors';

const WINDOW_MS = 15 * 60_000;
const LIMITS = { account: 5, ip: 30 } as const;

/** Keys that a failed sign-in counts against: the account (e-mail) and the client address. */
export function loginKeys(email: string, ip: string) {
  return { account: `acct:${email.trim().toLowerCase()}`, ip: `ip:${ip}` };
}

/** Refuses with 429 when either key has too many recent failures. Stored in the database so every instance agrees. */
export async function assertNotRateLimited(db: Db, keys: { account: string; ip: string }) {
  const since = new Date(Date.now() - WINDOW_MS);
  const rows = await db
    .select({ key: loginAttempts.key, n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(sql`${loginAttempts.key} in (${keys.account}, ${keys.ip})`, gt(loginAttempts.createdAt, since)))
    .groupBy(loginAttempts.key);
  const count = (k: string) => rows.find((r) => r.key === k)?.n ?? 0;
  if (count(keys.account) >= LIMITS.account || count(keys.ip) >= LIMITS.ip) {
    throw new AppError(429, 'rate_limited', 'Muitas tentativas', MSG.tooManyAttempts);
  }
}

export async function recordLoginFailure(db: Db, keys: { account: string; ip: string }) {
  await db.insert(loginAttempts).values([{ key: keys.account }, { key: keys.ip }]);
  // Keep the table small: failures older than the window no longer matter.
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - WINDOW_MS)));
}

export async function clearLoginFailures(db: Db, accountKey: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKey));
}
