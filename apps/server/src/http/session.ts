import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { sessions, userProfiles } from '@meucardapio/db/schema';
import { OWNER_PROFILE, type Permissions, type Profile, type ProfileType } from '@meucardapio/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor, AppEnv } from './context';
import { clientIp, requestIsHttps } from './proxy';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'mc_session';
const ABSOLUTE_MS = 30 * 24 * 3600_000;
/** Idle expiry per kind of session (the retention job deletes by the same rule). */
export const SESSION_IDLE_MS = { owner: 12 * 3600_000, employee: 16 * 3600_000, customer: 14 * 24 * 3600_000 } as const;
const TOUCH_EVERY_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionSubject =
  | { kind: 'owner'; appUserId: string; restaurantId: string }
  | { kind: 'employee'; employeeId: string; restaurantId: string }
  | { kind: 'customer'; customerId: string; restaurantId: string };

/** Starts a new session (a fresh token at every login) and sets its cookie. */
export async function startSession(c: Context<AppEnv>, db: Db, subject: SessionSubject) {
  const old = getCookie(c, SESSION_COOKIE);
  if (old) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(old)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind: subject.kind,
    appUserId: subject.kind === 'owner' ? subject.appUserId : null,
    employeeId: subject.kind === 'employee' ? subject.employeeId : null,
    customerId: subject.kind === 'customer' ? subject.customerId : null,
    restaurantId: subject.restaurantId,
    expiresAt: new Date(Date.now() + ABSOLUTE_MS),
    ip: clientIp(c),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: secureCookie(c),
    maxAge: ABSOLUTE_MS / 1000,
  });
  return token;
}

export async function endSession(c: Context<AppEnv>, db: Db) {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/** `Secure` whenever the browser reached us over https: a public https URL, or https at a trusted proxy. */
function secureCookie(c: Context<AppEnv>) {
  return c.get('deps').config.publicUrl.startsWith('https://') || requestIsHttps(c);
}

/** What a profile is made of, as the session reads it on every request (mc_session_actors reads the same columns). */
export const profileColumns = {
  id: userProfiles.id,
  name: userProfiles.name,
  type: userProfiles.type,
  permissions: userProfiles.permissions,
  active: userProfiles.active,
  maxDiscountPercent: userProfiles.maxDiscountPercent,
};

export function toProfile(row: Pick<typeof userProfiles.$inferSelect, keyof typeof profileColumns>): Profile {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ProfileType,
    permissions: row.permissions as Permissions,
    active: row.active,
    maxDiscountPercent: row.maxDiscountPercent,
  };
}

/**
 * Which kept sessions a request may use: a staff member's for a read (decision 108), a customer's for
 * an order, which its lock checks again (decision 126).
 */
export type KeptUse = 'staff-read' | 'customer-order';

/**
 * Resolves the cookie into an actor. Expired sessions, and employees or profiles deactivated since
 * sign-in, end the session here, so a deactivation takes effect at the next write, and at the next read
 * as soon as its signal reaches the instance (`cache`, decisions 108 and 126).
 */
export async function resolveActor(
  db: Db,
  token: string,
  cache?: Sessions,
  use: KeptUse = 'staff-read',
): Promise<Actor | null> {
  if (!cache) return (await resolveActors(db, [token])).get(token) ?? null;
  const tokenHash = hashToken(token);
  const kept = cache.get(tokenHash);
  const customer = kept?.s.kind === 'customer';
  if (kept && customer === (use === 'customer-order')) {
    const actor = await actorOf(db, kept);
    if (actor?.kind === 'customer') actor.keptSession = true;
    return actor;
  }
  const since = cache.since();
  const [row] = await sessionsWithWhoTheyName(db, [tokenHash]);
  const actor = row ? await actorOf(db, row) : null;
  if (row && actor) cache.put(cachedKey(row), row, since);
  return actor;
}

/** Several cookies at once (the live streams' periodic checks): one statement for all of them. */
export async function resolveActors(db: Db, tokens: readonly string[]): Promise<Map<string, Actor | null>> {
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const actors = new Map<string, Actor | null>(tokens.map((t) => [t, null]));
  if (byHash.size === 0) return actors;
  const rows = await sessionsWithWhoTheyName(db, [...byHash.keys()]);
  for (const row of rows) actors.set(byHash.get(row.s.tokenHash) as string, await actorOf(db, row));
  return actors;
}

/** A row of `mc_session_actors` (migrations 0034, 0040): the session, its restaurant and whoever it names. */
type ActorRow = {
  s_token_hash: string;
  s_kind: string;
  s_restaurant_id: string | null;
  s_app_user_id: string | null;
  s_employee_id: string | null;
  s_customer_id: string | null;
  /** Timestamps as the driver gives them (text on node-postgres, a Date on the embedded database). */
  s_expires_at: string | Date;
  s_last_seen_at: string | Date;
  r_id: string | null;
  r_owner_id: string | null;
  r_timezone: string;
  u_id: string | null;
  u_name: string;
  u_email: string;
  e_id: string | null;
  e_name: string;
  e_email: string;
  e_active: boolean;
  e_restaurant_id: string;
  p_id: string | null;
  p_name: string;
  p_type: string;
  p_permissions: Permissions;
  p_active: boolean;
  p_max_discount_percent: number | null;
  c_id: string | null;
  c_name: string;
  c_email: string;
  c_phone: string;
  c_restaurant_id: string;
};

/**
 * The sessions with their restaurant and whoever they name, in one statement: a database function, so
 * the six-table join is planned once per server connection instead of at every request (migration 0034).
 */
async function sessionsWithWhoTheyName(db: Db, hashes: string[]) {
  const { rows } = await db.execute<ActorRow>(sql`select * from mc_session_actors(${sql.param(hashes)}::text[])`);
  return rows.map((r) => ({
    s: {
      tokenHash: r.s_token_hash,
      kind: r.s_kind,
      restaurantId: r.s_restaurant_id,
      appUserId: r.s_app_user_id,
      employeeId: r.s_employee_id,
      customerId: r.s_customer_id,
      expiresAt: new Date(r.s_expires_at),
      lastSeenAt: new Date(r.s_last_seen_at),
    },
    restaurant: r.r_id === null ? null : { ownerId: r.r_owner_id, timezone: r.r_timezone },
    user: r.u_id === null ? null : { id: r.u_id, name: r.u_name, email: r.u_email },
    employee:
      r.e_id === null
        ? null
        : { id: r.e_id, name: r.e_name, email: r.e_email, active: r.e_active, restaurantId: r.e_restaurant_id },
    profile:
      r.p_id === null
        ? null
        : {
            id: r.p_id,
            name: r.p_name,
            type: r.p_type,
            permissions: r.p_permissions,
            active: r.p_active,
            maxDiscountPercent: r.p_max_discount_percent,
          },
    customer:
      r.c_id === null
        ? null
        : { id: r.c_id, name: r.c_name, email: r.c_email, phone: r.c_phone, restaurantId: r.c_restaurant_id },
  }));
}

type SessionRow = Awaited<ReturnType<typeof sessionsWithWhoTheyName>>[number];

/** The instance's staff sessions kept for reads. */
export type Sessions = SessionCache<SessionRow>;

const cachedKey = (row: SessionRow) => ({
  tokenHash: row.s.tokenHash,
  restaurantId: row.s.restaurantId,
  appUserId: row.s.appUserId,
  employeeId: row.s.employeeId,
  profileId: row.profile?.id ?? null,
  customerId: row.customer?.id ?? null,
});

async function actorOf(db: Db, row: SessionRow): Promise<Actor | null> {
  const { s } = row;
  const { tokenHash } = s;
  const now = Date.now();
  const kind = s.kind as keyof typeof SESSION_IDLE_MS;
  const revoke = async () => {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  };
  if (s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + SESSION_IDLE_MS[kind] <= now) return revoke();
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
    // The row may be the instance's kept one: touched once, not at every read after.
    s.lastSeenAt = new Date(now);
  }
  if (!s.restaurantId || !row.restaurant) return revoke();
  const { timezone } = row.restaurant;

  if (s.kind === 'owner' && s.appUserId) {
    const { user } = row;
    if (!user || row.restaurant.ownerId !== s.appUserId) return revoke();
    return {
      kind: 'owner',
      id: user.id,
      name: user.name,
      email: user.email,
      restaurantId: s.restaurantId,
      timezone,
      profile: OWNER_PROFILE,
      rules: { kind: 'owner' },
      sessionHash: tokenHash,
    };
  }
  if (s.kind === 'employee' && s.employeeId) {
    const { employee } = row;
    if (!employee?.active || !row.profile?.active) return revoke();
    if (employee.restaurantId !== s.restaurantId) return revoke();
    const profile = toProfile(row.profile);
    return {
      kind: 'employee',
      id: employee.id,
      name: employee.name,
      email: employee.email,
      restaurantId: s.restaurantId,
      timezone,
      profile,
      rules: { kind: 'employee', profile, employeeActive: true },
      sessionHash: tokenHash,
    };
  }
  if (s.kind === 'customer' && s.customerId) {
    const cust = row.customer;
    if (!cust || cust.restaurantId !== s.restaurantId) return revoke();
    return {
      kind: 'customer',
      id: cust.id,
      name: cust.name,
      email: cust.email,
      phone: cust.phone,
      restaurantId: cust.restaurantId,
      sessionHash: tokenHash,
    };
  }
  return revoke();
}

const actorMiddleware =
  (use?: KeptUse): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const kept = use ? c.get('deps').sessions : undefined;
    const actor = token ? await resolveActor(c.get('db'), token, kept, use) : null;
    if (token && !actor) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    c.set('actor', actor);
    await next();
  };

/** The request's actor, its session read from the database: for writes. */
export const sessionMiddleware = actorMiddleware();
/** The request's actor for a read: a staff session the instance keeps is used as kept (decision 108). */
export const readSessionMiddleware = actorMiddleware('staff-read');
/** The request's actor for a customer's order: a customer's session the instance keeps is used as kept (decision 126). */
export const orderSessionMiddleware = actorMiddleware('customer-order');

/**
 * After a write: its restaurant's kept sessions are read again (an employee deactivated, a profile or
 * time zone changed here must hold at this instance's very next read, which may come before the signal);
 * after a log-in, log-out or password reset, every kept session is.
 */
export const forgetSessionsAfterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const { sessions: kept } = c.get('deps');
  const actor = c.get('actor');
  if (actor && actor.kind !== 'customer') kept.forgetRestaurant(actor.restaurantId);
  else if (c.req.path.startsWith('/api/auth/')) kept.forgetAll();
};
