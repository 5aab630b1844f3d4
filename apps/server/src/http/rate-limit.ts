import type { Db } from '@meucardapio/db/client';
import { rateLimits } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { AppError } from './errors';
import { clientIp } from './proxy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The longest a backed-off key waits, and how long its strikes are remembered. */
const MAX_WINDOW_MS = 24 * HOUR;

export type Limit = {
  max: number;
  windowMs: number;
  /** Each window that ends at the limit doubles the next one (up to a day), until the key is cleared. */
  backoff?: boolean;
};

export const LIMITS = {
  /** Wrong passwords for one account from one address: the owner elsewhere is never locked out by it. */
  loginAccountIp: { max: 5, windowMs: 15 * MINUTE, backoff: true },
  /** All addresses together against one account: only a distributed attack reaches it. */
  loginAccount: { max: 100, windowMs: HOUR },
  loginIp: { max: 30, windowMs: 15 * MINUTE },
  /** `max` comes from SIGNUPS_PER_HOUR. */
  signup: { max: 10, windowMs: HOUR },
  /** `max` comes from REGISTRATIONS_PER_HOUR. */
  register: { max: 20, windowMs: HOUR },
  recoverIp: { max: 10, windowMs: 15 * MINUTE },
  /** Recovery mails to one address; past it the request still answers the same, without a mail. */
  recoverAccount: { max: 5, windowMs: HOUR },
  review: { max: 10, windowMs: HOUR },
  coupon: { max: 30, windowMs: 15 * MINUTE },
  shipping: { max: 60, windowMs: 15 * MINUTE },
  /** Provider checks one order's anonymous return page may ask for; past it the order's state is answered. */
  paymentConfirm: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export const tooManyAttempts = (description: string = MSG.tooManyRequests) =>
  new AppError(429, 'rate_limited', 'Muitas tentativas', description);

const lastSweep = new WeakMap<Db, number>();

/**
 * Counts one attempt on `key` and says whether it is still within the limit. Counting and reading are
 * one upsert, so parallel attempts each see their own count and at most `max` of them pass.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<boolean> {
  await sweep(db);
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const strikes = sql`case when ${expired} then (case when ${rateLimits.hits} >= ${limit.max} then least(${rateLimits.strikes} + 1, 16) else 0 end) else ${rateLimits.strikes} end`;
  const windowMs = limit.backoff
    ? sql`least(${limit.windowMs}::float8 * power(2, ${strikes}), ${MAX_WINDOW_MS}::float8)`
    : sql`${limit.windowMs}::float8`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, strikes: 0, resetAt: sql`now() + ${limit.windowMs}::float8 * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        strikes: limit.backoff ? strikes : sql`0`,
        resetAt: sql`case when ${expired} then now() + ${windowMs} * interval '1 millisecond' else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row.hits <= limit.max;
}

/** Like `hit`, refusing with 429 past the limit. */
export async function consume(db: Db, key: string, limit: Limit, description?: string) {
  if (!(await hit(db, key, limit))) throw tooManyAttempts(description);
}

/** Gives back an attempt that turned out legitimate (a successful sign-in is no guess). */
export async function refund(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key and its strikes. */
export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Counts a sign-in attempt before the password is checked — per address, per account and address (with
 * backoff) and per account — and refuses with 429 past any limit. `succeeded()` forgets the attempt.
 */
export async function startLoginAttempt(db: Db, account: string, ip: string) {
  const keys = {
    ip: `login:ip:${ip}`,
    accountIp: `login:acct-ip:${account}|${ip}`,
    account: `login:acct:${account}`,
  };
  // The address first: a sweep over many accounts stops there without a row per guessed account.
  await consume(db, keys.ip, LIMITS.loginIp, MSG.tooManyAttempts);
  await consume(db, keys.accountIp, LIMITS.loginAccountIp, MSG.tooManyAttempts);
  await consume(db, keys.account, LIMITS.loginAccount, MSG.tooManyAttempts);
  return {
    async succeeded() {
      await clear(db, keys.accountIp);
      await refund(db, keys.ip);
      await refund(db, keys.account);
    },
  };
}

/** Per-address throttle for a public action (sign-up, reviews, coupon checks…). */
export async function throttle(c: Context<AppEnv>, name: LimitName) {
  const { config } = c.get('deps');
  const limit =
    name === 'signup'
      ? { ...LIMITS.signup, max: config.SIGNUPS_PER_HOUR }
      : name === 'register'
        ? { ...LIMITS.register, max: config.REGISTRATIONS_PER_HOUR }
        : LIMITS[name];
  await consume(c.get('db'), `${name}:ip:${clientIp(c)}`, limit);
}

/**
 * Keeps the table bounded: ended windows go, except keys with strikes, kept a day to remember them.
 * Runs at most once a minute per database handle.
 */
async function sweep(db: Db) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < MINUTE) return;
  lastSweep.set(db, now);
  await db.delete(rateLimits).where(staleRateLimits(sql`now()`));
}

/** Rows nothing needs any more: ended windows, except keys with strikes, kept a day to remember them. */
export function staleRateLimits(now: SQL) {
  return or(
    and(lt(rateLimits.resetAt, now), eq(rateLimits.strikes, 0)),
    lt(rateLimits.resetAt, sql`${now} - ${MAX_WINDOW_MS}::float8 * interval '1 millisecond'`),
  );
}
