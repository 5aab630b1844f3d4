import { hasAnyPermission, type PermissionKey } from '@meucardapio/domain/permissions';
import type { Context } from 'hono';
import type { AppEnv, CustomerCtx, StaffActor, StaffCtx } from './context';
import { forbidden, unauthorized } from './errors';

/** The signed-in staff member, or 401/403. */
export function requireStaff(c: Context<AppEnv>): StaffActor {
  const actor = c.get('actor');
  if (!actor) throw unauthorized();
  if (actor.kind === 'customer') throw forbidden();
  return actor;
}

/** A staff context holding at least one of the given permissions (403 with the spec's text otherwise). */
export function staffCtx(c: Context<AppEnv>, ...anyOf: PermissionKey[]): StaffCtx {
  const actor = requireStaff(c);
  if (anyOf.length > 0 && !hasAnyPermission(actor.rules, anyOf)) throw forbidden();
  return { db: c.get('db'), deps: c.get('deps'), restaurantId: actor.restaurantId, actor };
}

/** The signed-in customer's context (their own restaurant only). */
export function customerCtx(c: Context<AppEnv>): CustomerCtx {
  const actor = c.get('actor');
  if (!actor) throw unauthorized();
  if (actor.kind !== 'customer') throw forbidden();
  return { db: c.get('db'), deps: c.get('deps'), restaurantId: actor.restaurantId, actor };
}
