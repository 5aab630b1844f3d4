import { fiscalNotes, type restaurantSecrets, restaurants } from '@meucardapio/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import type { fiscalInput } from './settings.schemas';
import { getSettings } from './settings.service';
import { upsertSecrets } from './settings-secrets';

export async function updateFiscal(ctx: StaffCtx, input: z.output<typeof fiscalInput>) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ ambiente: restaurants.nfceAmbiente, serie: restaurants.nfceSerie })
      .from(restaurants)
      .where(eq(restaurants.id, ctx.restaurantId))
      .for('update');
    const ambiente = input.nfceAmbiente ?? before.ambiente;
    const serie = input.nfceSerie ?? before.serie;
    // Another ambiente or série numbers on from the last note issued in it, never over one.
    const renumber =
      ambiente !== before.ambiente || serie !== before.serie
        ? {
            nfceNumber: sql`coalesce((select max(${fiscalNotes.numero}) from ${fiscalNotes} where ${fiscalNotes.restaurantId} = ${ctx.restaurantId} and ${fiscalNotes.ambiente} = ${ambiente} and ${fiscalNotes.serie} = ${serie}), 0)`,
          }
        : {};
    await tx
      .update(restaurants)
      .set({
        nomeRazaoSocial: input.nomeRazaoSocial,
        inscricaoMunicipal: input.inscricaoMunicipal,
        inscricaoEstadual: input.inscricaoEstadual,
        ...(input.nfceEnabled !== undefined ? { nfceEnabled: input.nfceEnabled } : {}),
        nfceAmbiente: ambiente,
        nfceSerie: serie,
        ...(input.nfceCrt !== undefined ? { nfceCrt: input.nfceCrt } : {}),
        ...(input.nfceCscId !== undefined ? { nfceCscId: input.nfceCscId } : {}),
        ...(input.nfcePdvMode !== undefined ? { nfcePdvMode: input.nfcePdvMode } : {}),
        ...(input.nfceStorefrontMode !== undefined ? { nfceStorefrontMode: input.nfceStorefrontMode } : {}),
        ...renumber,
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, ctx.restaurantId));
    const secrets: Partial<typeof restaurantSecrets.$inferInsert> = {};
    if (input.nuvemfiscalApiToken) secrets.nuvemfiscalApiToken = input.nuvemfiscalApiToken;
    if (input.nuvemfiscalClientId) secrets.nuvemfiscalClientId = input.nuvemfiscalClientId;
    if (input.nuvemfiscalClientSecret) secrets.nuvemfiscalClientSecret = input.nuvemfiscalClientSecret;
    if (input.nfceCscToken) secrets.nfceCscToken = input.nfceCscToken;
    await upsertSecrets({ ...ctx, db: tx }, secrets);
  });
  return getSettings(ctx);
}
