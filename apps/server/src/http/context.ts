import type { Database, Db } from '@meucardapio/db/client';
import type { StaffActor as DomainStaff, Profile } from '@meucardapio/domain/permissions';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Integrations } from '../integrations/integrations';
import type { RenderedMenu } from '../modules/restaurants/menu-cache';
import type { Metrics } from '../ops/metrics';
import type { Realtime } from '../realtime/realtime';

export type StaffActor = {
  kind: 'owner' | 'employee';
  id: string;
  name: string;
  email: string;
  restaurantId: string;
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
};

export type Actor = StaffActor | CustomerActor;

/** What requests need of the per-instance public menu cache (modules/restaurants/menu-cache.ts). */
export interface PublicMenuCache {
  /** The menu of `slug` as sent, with its open/closed state computed for `now`. */
  get(slug: string, now?: Date): Promise<RenderedMenu>;
  /** The same, only if this instance already holds it fresh: answered without waiting on anything. */
  cached(slug: string, now?: Date): RenderedMenu | undefined;
  /** Drops a restaurant's menus at once after a local write, before its NOTIFY arrives. */
  forget(restaurantId: string): void;
}

export type Deps = {
  database: Database;
  config: Config;
  log: Logger;
  integrations: Integrations;
  realtime: Realtime;
  menuCache: PublicMenuCache;
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

/** What every service function receives first. */
export type ServiceCtx = { db: Db; deps: Deps; restaurantId: string; actor: Actor | null };
export type StaffCtx = ServiceCtx & { actor: StaffActor };
export type CustomerCtx = ServiceCtx & { actor: CustomerActor };
