import { restaurants } from '@meucardapio/db/schema';
import { hasPermission, type SettingsTab, visibleSettingsTabs } from '@meucardapio/domain/permissions';
import { formatCoordinates } from '@meucardapio/domain/restaurant-settings';
import { resolveStatusMessages } from '@meucardapio/domain/status-messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import { forbidden } from '../../http/errors';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { listMoneyDestinationChanges } from './money-destination.service';
import type { reviewsInput } from './settings.schemas';
import { loadSecretsConfigured } from './settings-secrets';

/**
 * The settings the actor may see, tab by tab (spec 2 §6): general, fiscal and whatsapp with
 * manage_settings, reviews with manage_reviews; hours live in /api/admin/hours. Secrets appear only
 * as `configured` booleans.
 */
export async function getSettings(ctx: StaffCtx) {
  const tabs: SettingsTab[] = visibleSettingsTabs(ctx.actor.rules);
  const r = await restaurantById(ctx.db, ctx.restaurantId);
  const out: Record<string, unknown> = { tabs, restaurantId: r.id };
  if (tabs.includes('general')) {
    out.general = {
      name: r.name,
      slug: r.slug,
      description: r.description,
      logoUrl: r.logoUrl,
      bannerUrl: r.bannerUrl,
      primaryColor: r.primaryColor,
      secondaryColor: r.secondaryColor,
      buttonColor: r.buttonColor,
      timezone: r.timezone,
      businessSegment: r.businessSegment,
      appClientReferrer: r.appClientReferrer,
      originPostalCode: r.originPostalCode,
      whatsapp: r.whatsapp,
      cnpj: r.cnpj,
      addressCep: r.addressCep,
      addressStreet: r.addressStreet,
      addressNumber: r.addressNumber,
      addressComplement: r.addressComplement,
      addressNeighborhood: r.addressNeighborhood,
      addressCity: r.addressCity,
      addressState: r.addressState,
      coordinates: formatCoordinates(r),
    };
  }
  if (ctx.actor.kind === 'owner') out.moneyChanges = await listMoneyDestinationChanges(ctx);
  if (tabs.includes('reviews')) {
    out.reviews = {
      showReviewsOnMenu: r.showReviewsOnMenu,
      requireReviewApproval: r.requireReviewApproval,
      googleRating: r.googleRating === null ? null : Number(r.googleRating),
      googleReviewsCount: r.googleReviewsCount,
      googleMyBusinessUrl: r.googleMyBusinessUrl,
    };
  }
  if (tabs.includes('fiscal') || tabs.includes('whatsapp')) {
    const configured = await loadSecretsConfigured(ctx);
    if (tabs.includes('fiscal')) {
      out.fiscal = {
        nomeRazaoSocial: r.nomeRazaoSocial,
        inscricaoMunicipal: r.inscricaoMunicipal,
        inscricaoEstadual: r.inscricaoEstadual,
        cnpj: r.cnpj,
        nfceEnabled: r.nfceEnabled,
        nfceAmbiente: r.nfceAmbiente,
        nfceCrt: r.nfceCrt,
        nfceCscId: r.nfceCscId,
        nfceSerie: r.nfceSerie,
        nfcePdvMode: r.nfcePdvMode,
        nfceStorefrontMode: r.nfceStorefrontMode,
        configured: {
          nuvemfiscalApiToken: configured.nuvemfiscalApiToken,
          nuvemfiscalClientId: configured.nuvemfiscalClientId,
          nuvemfiscalClientSecret: configured.nuvemfiscalClientSecret,
          nfceCscToken: configured.nfceCscToken,
        },
      };
    }
    if (tabs.includes('whatsapp')) {
      out.whatsapp = {
        configured: { apiKey: configured.whatsappApiKey },
        whatsapp: r.whatsapp,
        statusMessages: resolveStatusMessages(r.whatsappStatusMessages),
      };
    }
  }
  return out;
}

export async function updateReviews(ctx: StaffCtx, input: z.output<typeof reviewsInput>) {
  await ctx.db
    .update(restaurants)
    .set({
      showReviewsOnMenu: input.showReviewsOnMenu,
      requireReviewApproval: input.requireReviewApproval,
      googleRating: input.googleRating ?? null,
      googleReviewsCount: input.googleReviewsCount ?? null,
      googleMyBusinessUrl: input.googleMyBusinessUrl,
      updatedAt: new Date(),
    })
    .where(eq(restaurants.id, ctx.restaurantId));
  return getSettings(ctx);
}

/** Refuses a tab's write to an actor without that tab's permission (spec 2 §6). */
export function requireTab(ctx: StaffCtx, tab: SettingsTab) {
  const key = tab === 'reviews' ? 'manage_reviews' : tab === 'hours' ? 'manage_restaurant_hours' : 'manage_settings';
  if (!hasPermission(ctx.actor.rules, key)) throw forbidden('Você não tem permissão para acessar as configurações.');
}
