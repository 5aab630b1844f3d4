import type { Database, Db, DbOrTx } from '@meucardapio/db/client';
import type { PublicMenu } from '@meucardapio/domain/menu-views';
import type { StaffActor as DomainStaff, Profile } from '@meucardapio/domain/permissions';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Integrations } from '../integrations/integrations';
import type { Metrics } from '../ops/metrics';
import type { Realtime } from '../realtime/realtime';
import type { PrecompressedBody } from './precompressed';
import type { Sessions } from './session';

export type StaffActor = {
  kind: 'owner' | 'employee';
  id: string;
  name: string;
  email: string;
  restaurantId: string;
  /** The restaurant's timezone, read with the session: its local days without another statement. */
  timezone: string;
  profile: Profile;
  /** The shape the permission rules of packages/domain take. */
  rules: DomainStaff;
  sessionHash: string;
};

export type CustomerActor = {
  kind: 'customer';
  id: string;
  name: string;
  email: string;
  phone: string;
  restaurantId: string;
  sessionHash: string;
  /** Resolved from the instance's kept sessions: the order's lock checks that the session still holds. */
  keptSession?: boolean;
};

export type Actor = StaffActor | CustomerActor;

/**
 * A menu as sent: the JSON, its tag, the same bytes gzipped once instead of per request, and the menu
 * itself (server-rendered storefront pages render from it).
 */
export type RenderedMenu = PrecompressedBody & { menu: PublicMenu };

/** What requests need of the per-instance public menu cache (modules/restaurants/menu-cache.ts). */
export interface PublicMenuCache {
  /** The menu of `slug` as sent, with its open/closed state computed for `now`. */
  get(slug: string, now?: Date): Promise<RenderedMenu>;
  /** The same, only if this instance already holds it fresh: answered without waiting on anything. */
  cached(slug: string, now?: Date): RenderedMenu | undefined;
  /** Drops a restaurant's menus at once after a local write, before its NOTIFY arrives. */
  forget(restaurantId: string): void;
  /** How much this instance holds. */
  stats(): { entries: number; bytes: number };
}

export type Deps = {
  database: Database;
  config: Config;
  log: Logger;
  integrations: Integrations;
  realtime: Realtime;
  menuCache: PublicMenuCache;
  /** The sessions this instance keeps: staff members' for their reads, customers' for their orders (decisions 108, 126). */
  sessions: Sessions;
  metrics: Metrics;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    db: Db;
    log: Logger;
    requestId: string;
    actor: Actor | null;
  };
};

/**
 * What every service function receives first. `db` is the database or the transaction the caller
 * already opened: a service that writes several rows wraps them in `inTransaction`, which joins it.
 */
export type ServiceCtx = { db: DbOrTx; deps: Deps; restaurantId: string; actor: Actor | null };
export type StaffCtx = ServiceCtx & { actor: StaffActor };
export type CustomerCtx = ServiceCtx & { actor: CustomerActor };

/**
 * Runs `fn` in a transaction with a context whose `db` is that transaction: a new one on the
 * database, or a savepoint inside the caller's, so a service composes with others without being
 * handed a separate transaction handle.
 */
export function inTransaction<C extends { db: DbOrTx }, T>(ctx: C, fn: (txCtx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}
