import { createHash, randomBytes } from 'node:crypto';
import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import type { Db } from '@meucardapio/db/client';
import { appUsers, customers, employees, restaurants, sessions, userProfiles } from '@meucardapio/db/schema';
import { OWNER_PROFILE, type Permissions, type Profile, type ProfileType } from '@meucardapio/domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor, AppEnv } from './context';
import { clientIp, requestIsHttps } from './proxy';

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

/** What a profile is made of, as the session reads it on every request (not the whole row). */
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
 * Resolves the cookie into an actor. Expired sessions, and employees or profiles deactivated since
 * sign-in, end the session here, so a deactivation takes effect at the next request.
 */
export async function resolveActor(db: Db, token: string): Promise<Actor | null> {
  return (await resolveActors(db, [token])).get(token) ?? null;
}

/** Several cookies at once (the live streams' periodic checks): one statement for all of them. */
export async function resolveActors(db: Db, tokens: readonly string[]): Promise<Map<string, Actor | null>> {
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const actors = new Map<string, Actor | null>(tokens.map((t) => [t, null]));
  if (byHash.size === 0) return actors;
  const rows = await sessionsWithWhoTheyName(db, { hashes: [...byHash.keys()] });
  for (const row of rows) actors.set(byHash.get(row.s.tokenHash) as string, await actorOf(db, row));
  return actors;
}

/**
 * The sessions with their restaurant and whoever they name (each person's join matches only for its
 * kind), in one statement, and only the columns an actor is made of: this runs on every request, and
 * every column costs the query builder (which writes it once).
 */
const sessionsWithWhoTheyName = builtOnce((db) =>
  db
    .select({
      s: {
        tokenHash: sessions.tokenHash,
        kind: sessions.kind,
        restaurantId: sessions.restaurantId,
        appUserId: sessions.appUserId,
        employeeId: sessions.employeeId,
        customerId: sessions.customerId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      },
      restaurant: { ownerId: restaurants.ownerId, timezone: restaurants.timezone },
      user: { id: appUsers.id, name: appUsers.name, email: appUsers.email },
      employee: {
        id: employees.id,
        name: employees.name,
        email: employees.email,
        active: employees.active,
        restaurantId: employees.restaurantId,
      },
      profile: profileColumns,
      customer: {
        id: customers.id,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        restaurantId: customers.restaurantId,
      },
    })
    .from(sessions)
    .leftJoin(restaurants, eq(restaurants.id, sessions.restaurantId))
    .leftJoin(appUsers, and(eq(sessions.kind, 'owner'), eq(appUsers.id, sessions.appUserId)))
    .leftJoin(employees, and(eq(sessions.kind, 'employee'), eq(employees.id, sessions.employeeId)))
    .leftJoin(userProfiles, eq(userProfiles.id, employees.profileId))
    .leftJoin(customers, and(eq(sessions.kind, 'customer'), eq(customers.id, sessions.customerId)))
    .where(anyOf(sessions.tokenHash, sql.placeholder('hashes'))),
);

type SessionRow = Awaited<ReturnType<typeof sessionsWithWhoTheyName>>[number];

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

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const actor = token ? await resolveActor(c.get('db'), token) : null;
  if (token && !actor) deleteCookie(c, SESSION_COOKIE, { path: '/' });
  c.set('actor', actor);
  await next();
};
