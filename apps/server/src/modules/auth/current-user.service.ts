import type { Db } from '@meucardapio/db/client';
import { customers, restaurants } from '@meucardapio/db/schema';
import { isCashierOnly, isDeliveryPerson, OWNER_PROFILE } from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../http/context';

/** What the web app knows about the signed-in person; never a hash or a secret. */
export async function describeActor(db: Db, actor: Actor | null) {
  if (!actor) return null;
  const [r] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      slug: restaurants.slug,
      businessSegment: restaurants.businessSegment,
      timezone: restaurants.timezone,
    })
    .from(restaurants)
    .where(eq(restaurants.id, actor.restaurantId))
    .limit(1);
  if (actor.kind === 'customer') {
    const [c] = await db.select().from(customers).where(eq(customers.id, actor.id)).limit(1);
    const { passwordHash: _omit, ...customer } = c;
    return {
      kind: 'customer' as const,
      id: actor.id,
      name: actor.name,
      email: actor.email,
      phone: actor.phone,
      restaurant: r,
      customer,
    };
  }
  const profile = actor.kind === 'owner' ? OWNER_PROFILE : actor.profile;
  return {
    kind: actor.kind,
    id: actor.id,
    name: actor.name,
    email: actor.email,
    restaurant: r,
    profile,
    cashierOnly: isCashierOnly(actor.rules),
    deliveryPerson: isDeliveryPerson(actor.rules),
  };
}
