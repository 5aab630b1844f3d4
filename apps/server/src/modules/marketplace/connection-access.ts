import { createHash } from 'node:crypto';
import { marketplaceConnections, products } from '@meucardapio/db/schema';
import { and, asc, count, eq, gt, max } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { tenant } from '../../http/tenant';
import type { ConnectionAccess } from '../../integrations/marketplace/marketplace';
import type { SimulatedMenuItem } from '../../integrations/marketplace/simulator';
import type { ConnectionRow } from './marketplace-door';

/** What a client needs of a connection row (its credentials opened by the column type). */
export function accessOf(row: ConnectionRow): ConnectionAccess {
  return {
    id: row.id,
    kind: row.kind as ConnectionAccess['kind'],
    app: row.app,
    merchantId: row.merchantId,
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
  };
}

/**
 * The group an iFood connection polls in: a digest of its client id (the id itself stays sealed), so
 * the merchants of one app credential, which share one token, share one polling request. Other
 * protocols poll per merchant.
 */
export function credentialGroupOf(row: Pick<ConnectionRow, 'kind' | 'clientId'>): string | null {
  if (row.kind !== 'ifood' || !row.clientId) return null;
  return createHash('sha256').update(`ifood:${row.clientId}`).digest('hex');
}

export async function connectionById(deps: Pick<Deps, 'database'>, id: string): Promise<ConnectionRow | null> {
  const [row] = await deps.database.db
    .select()
    .from(marketplaceConnections)
    .where(eq(marketplaceConnections.id, id))
    .limit(1);
  return row ?? null;
}

/** What the simulator sells: the restaurant's available products that have a price of their own. */
export async function simulatorMenu(deps: Pick<Deps, 'database'>, restaurantId: string): Promise<SimulatedMenuItem[]> {
  return deps.database.db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(tenant(products, restaurantId, and(eq(products.available, true), gt(products.price, 0))))
    .orderBy(asc(products.name))
    .limit(40);
}

/** What changes whenever the menu apps read changes (a product written, added or removed). */
export async function menuVersion(deps: Pick<Deps, 'database'>, restaurantId: string): Promise<string> {
  const [row] = await deps.database.db
    .select({ at: max(products.updatedAt), n: count() })
    .from(products)
    .where(tenant(products, restaurantId));
  return `${row?.at?.toISOString() ?? '-'}|${row?.n ?? 0}`;
}
