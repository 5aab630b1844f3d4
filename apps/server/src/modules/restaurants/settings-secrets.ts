import { restaurantSecrets } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';

export async function loadSecretsConfigured(ctx: StaffCtx) {
  const [s] = await ctx.db
    .select()
    .from(restaurantSecrets)
    .where(eq(restaurantSecrets.restaurantId, ctx.restaurantId))
    .limit(1);
  // Only whether each secret exists ever leaves this function.
  return {
    nuvemfiscalApiToken: Boolean(s?.nuvemfiscalApiToken),
    nuvemfiscalClientId: Boolean(s?.nuvemfiscalClientId),
    nuvemfiscalClientSecret: Boolean(s?.nuvemfiscalClientSecret),
    nfceCscToken: Boolean(s?.nfceCscToken),
    whatsappApiKey: Boolean(s?.whatsappApiKey),
  };
}

export async function upsertSecrets(ctx: StaffCtx, values: Partial<typeof restaurantSecrets.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await ctx.db
    .insert(restaurantSecrets)
    .values({ restaurantId: ctx.restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantSecrets.restaurantId, set: { ...values, updatedAt: new Date() } });
}
