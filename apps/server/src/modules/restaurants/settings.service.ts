import { formatCep, formatCnpj, isValidCep, isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { findCity, listStates } from '@meucardapio/db/geo/geo';
import {
  fiscalNotes,
  moneyDestinationChanges,
  outboundMessages,
  restaurantSecrets,
  restaurants,
} from '@meucardapio/db/schema';
import type { PixSettingsView } from '@meucardapio/domain/cashier-api';
import { cepRegion } from '@meucardapio/domain/cep-region';
import {
  MONEY_DESTINATION_MSG,
  type MoneyDestinationChangeView,
  type MoneyDestinationField,
  maskDestination,
} from '@meucardapio/domain/money-destination';
import { hasPermission, type SettingsTab, visibleSettingsTabs } from '@meucardapio/domain/permissions';
import { onlyDigits } from '@meucardapio/domain/phone';
import { checkPixSettings, type PixKeyType } from '@meucardapio/domain/pix';
import {
  COORDINATES_PROBLEM,
  formatCoordinates,
  isHexColor,
  isValidGoogleRating,
  isValidTimezone,
  parseCoordinates,
  SLUG_PROBLEM_TEXT,
  slugProblem,
} from '@meucardapio/domain/restaurant-settings';
import { resolveStatusMessages } from '@meucardapio/domain/status-messages';
import { imageUrlField } from '@meucardapio/domain/validation';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { recountDailySales } from '../daily-sales/daily-sales.service';
import { verifyStaffPassword } from '../staff/staff-password.service';

// ─── Input schemas ───────────────────────────────────────────────────────────────────────────────

const optText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

const color = (label: string) =>
  z
    .string({ error: `Informe a ${label}.` })
    .trim()
    .refine(isHexColor, `A ${label} deve estar no formato #rrggbb.`)
    .transform((v) => v.toLowerCase());

export const generalInput = z.object({
  name: z.string().max(120).nullish(),
  slug: z.string({ error: SLUG_PROBLEM_TEXT.empty }).trim().toLowerCase().max(60),
  description: optText(2000),
  logoUrl: imageUrlField,
  bannerUrl: imageUrlField,
  primaryColor: color('cor principal'),
  secondaryColor: color('cor secundária'),
  buttonColor: color('cor dos botões'),
  timezone: z.string().trim().max(64).refine(isValidTimezone, 'Fuso horário inválido.'),
  businessSegment: z.enum(['restaurant', 'commerce'], { message: 'Segmento inválido.' }),
  appClientReferrer: optText(60),
  /** The editor's own password: needed when someone other than the owner changes the handle above. */
  currentPassword: z.string().max(200).nullish(),
  originPostalCode: optText(9).refine((v) => v === null || isValidCep(onlyDigits(v)), 'CEP de origem inválido.'),
  whatsapp: optText(20).refine(
    (v) => v === null || /^\d{10,13}$/.test(onlyDigits(v)),
    'WhatsApp inválido: informe DDD e número.',
  ),
  cnpj: optText(18).refine((v) => v === null || isValidCnpj(v), 'CNPJ inválido.'),
  // The restaurant's street address: where pickup orders are collected; printed on receipts and fiscal notes.
  addressCep: optText(9).refine((v) => v === null || isValidCep(onlyDigits(v)), 'CEP do endereço inválido.'),
  addressStreet: optText(200),
  addressNumber: optText(20),
  addressComplement: optText(120),
  addressNeighborhood: optText(120),
  addressCity: optText(120),
  addressState: optText(2).transform((v) => v?.toUpperCase() ?? null),
  /** Where the restaurant is on the map ("-23.561414, -46.655881"): ordering apps place the store by it. */
  coordinates: optText(60).refine((v) => parseCoordinates(v) !== 'invalid', COORDINATES_PROBLEM),
});

export const reviewsInput = z.object({
  showReviewsOnMenu: z.boolean(),
  requireReviewApproval: z.boolean(),
  googleRating: z
    .number({ error: 'A nota do Google deve estar entre 1 e 5.' })
    .refine(isValidGoogleRating, 'A nota do Google deve estar entre 1 e 5, com uma casa decimal.')
    .nullish(),
  googleReviewsCount: z
    .number({ error: 'O número de avaliações deve ser 0 ou maior.' })
    .int('O número de avaliações deve ser inteiro.')
    .min(0, 'O número de avaliações deve ser 0 ou maior.')
    .max(100_000_000)
    .nullish(),
  googleMyBusinessUrl: optText(2000).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v),
    'Informe um link válido (https://...).',
  ),
});

/** Secrets: blank or absent keeps the stored value (they are write-only and never shown). */
const secret = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const fiscalInput = z.object({
  nomeRazaoSocial: optText(200),
  inscricaoMunicipal: optText(30),
  inscricaoEstadual: optText(30),
  nuvemfiscalApiToken: secret,
  nuvemfiscalClientId: secret,
  nuvemfiscalClientSecret: secret,
  nfceEnabled: z.boolean().optional(),
  nfceAmbiente: z.enum(['homologacao', 'producao'], { message: 'Ambiente inválido' }).optional(),
  nfceCrt: z.number().int().min(1, 'Regime tributário inválido').max(4, 'Regime tributário inválido').optional(),
  nfceCscId: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'O ID do CSC tem só números (até 6 dígitos).')
    .nullish()
    .or(z.literal('').transform(() => null)),
  nfceSerie: z.number().int().min(0, 'Série entre 0 e 999').max(999, 'Série entre 0 e 999').optional(),
  nfcePdvMode: z.enum(['automatic', 'on_request'], { message: 'Modo de emissão inválido' }).optional(),
  nfceStorefrontMode: z
    .enum(['on_delivery', 'on_payment', 'never'], { message: 'Modo de emissão inválido' })
    .optional(),
  nfceCscToken: secret,
});

export const whatsappKeyInput = z.object({ apiKey: z.string().max(2000).nullish() });
export const whatsappTestInput = z.object({
  phone: z.string().max(40).nullish(),
  message: z.string().max(1000).nullish(),
});

// ─── Reads ───────────────────────────────────────────────────────────────────────────────────────

function loadRestaurant(ctx: StaffCtx) {
  return restaurantById(ctx.db, ctx.restaurantId);
}

async function loadSecretsConfigured(ctx: StaffCtx) {
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

/**
 * The settings the actor may see, tab by tab (spec 2 §6): general, fiscal and whatsapp with
 * manage_settings, reviews with manage_reviews; hours live in /api/admin/hours. Secrets appear only
 * as `configured` booleans.
 */
export async function getSettings(ctx: StaffCtx) {
  const tabs: SettingsTab[] = visibleSettingsTabs(ctx.actor.rules);
  const r = await loadRestaurant(ctx);
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

/** The PIX key and merchant data of the PDV's local QR codes. */
export async function getPixSettings(ctx: StaffCtx): Promise<PixSettingsView> {
  const r = await loadRestaurant(ctx);
  return {
    key: r.pixKey,
    keyType: r.pixKeyType as PixKeyType | null,
    merchantName: r.pixMerchantName,
    merchantCity: r.pixMerchantCity,
    configured: Boolean(r.pixKey && r.pixKeyType && r.pixMerchantName && r.pixMerchantCity),
  };
}

/** The latest changes of where the money goes, newest first: the owner's notice (decision 048). */
async function listMoneyDestinationChanges(ctx: StaffCtx): Promise<MoneyDestinationChangeView[]> {
  const rows = await ctx.db
    .select()
    .from(moneyDestinationChanges)
    .where(eq(moneyDestinationChanges.restaurantId, ctx.restaurantId))
    .orderBy(desc(moneyDestinationChanges.createdAt))
    .limit(20);
  return rows.map((r) => ({
    // The column's check constraint keeps it to these values.
    field: r.field as MoneyDestinationField,
    oldMasked: r.oldMasked,
    newMasked: r.newMasked,
    changedByName: r.changedByName,
    byOwner: r.changedByKind === 'owner',
    createdAt: r.createdAt.toISOString(),
  }));
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Who may change where the money goes (decision 048): the owner as signed in; anyone else types their
 * own password again, checked under the sign-in throttle, so a session left open on the counter is not
 * enough to send the restaurant's payments elsewhere. Asked only when a value actually changes.
 */
async function confirmMoneyChange(ctx: StaffCtx, password: string | null | undefined, ip: string) {
  if (ctx.actor.kind === 'owner') return;
  if (!password)
    throw new AppError(
      403,
      'password_required',
      MONEY_DESTINATION_MSG.passwordTitle,
      MONEY_DESTINATION_MSG.passwordRequired,
    );
  const me = await verifyStaffPassword(ctx, { email: ctx.actor.email, password }, ip);
  if (me?.id !== ctx.actor.id)
    throw new AppError(403, 'password_wrong', MONEY_DESTINATION_MSG.passwordTitle, MONEY_DESTINATION_MSG.passwordWrong);
}

/** The restaurant's row locked for a change of where the money goes, so two edits are recorded one after the other. */
async function lockMoneyDestination(ctx: StaffCtx) {
  const [row] = await ctx.db
    .select({ pixKey: restaurants.pixKey, appClientReferrer: restaurants.appClientReferrer })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .for('update');
  return row;
}

/** One row of the history when the value changed (inside the caller's transaction). */
async function recordMoneyChange(
  ctx: StaffCtx,
  field: MoneyDestinationField,
  before: string | null,
  after: string | null,
) {
  if ((before ?? null) === (after ?? null)) return;
  await ctx.db.insert(moneyDestinationChanges).values({
    restaurantId: ctx.restaurantId,
    field,
    oldMasked: maskDestination(before),
    newMasked: maskDestination(after),
    changedByKind: ctx.actor.kind,
    changedById: ctx.actor.id,
    changedByName: ctx.actor.name,
  });
}

/**
 * The address's state must be a UF and agree with its CEP, and its city be one of that state's
 * municipalities (stored with its official name), so pickup instructions and fiscal notes name a real place.
 */
function cleanAddress(input: z.output<typeof generalInput>) {
  const state = input.addressState;
  if (state && !listStates().some((s) => s.code === state))
    throw badRequest('Estado inválido', 'Escolha o estado (UF) do endereço.', 'invalid_state');
  const cepState = input.addressCep ? cepRegion(input.addressCep)?.state : undefined;
  if (state && cepState && cepState !== state)
    throw badRequest(
      'CEP de outro estado',
      `O CEP ${input.addressCep} é de ${cepState}, não de ${state}.`,
      'cep_state',
    );
  let city = input.addressCity;
  if (city) {
    const official = state ? findCity(state, city) : null;
    if (!official)
      throw badRequest(
        'Cidade inválida',
        `${city} não é uma cidade de ${state ?? 'nenhum estado escolhido'}.`,
        'invalid_city',
      );
    city = official;
  }
  return {
    addressCep: input.addressCep ? formatCep(onlyDigits(input.addressCep)) : null,
    addressStreet: input.addressStreet,
    addressNumber: input.addressNumber,
    addressComplement: input.addressComplement,
    addressNeighborhood: input.addressNeighborhood,
    addressCity: city,
    addressState: state,
  };
}

function coordinatesOf(text: string | null) {
  const point = parseCoordinates(text);
  return point && point !== 'invalid' ? point : { latitude: null, longitude: null };
}

export async function updateGeneral(ctx: StaffCtx, input: z.output<typeof generalInput>, ip: string) {
  const name = input.name?.trim() ?? '';
  if (!name) throw badRequest('Nome obrigatório', 'O nome do restaurante é obrigatório.', 'name_required');
  const problem = slugProblem(input.slug);
  if (problem) throw badRequest('Endereço inválido', SLUG_PROBLEM_TEXT[problem], 'invalid_slug');
  const address = cleanAddress(input);
  const taken = await ctx.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.slug, input.slug), ne(restaurants.id, ctx.restaurantId)))
    .limit(1);
  const slugTaken = () => conflict('Endereço em uso', 'Já existe um cardápio com este endereço. Escolha outro.');
  if (taken.length > 0) throw slugTaken();
  const handle = input.appClientReferrer ?? null;
  const current = await loadRestaurant(ctx);
  // The password is checked before the transaction: its slow hash must not hold the restaurant's row.
  if ((current.appClientReferrer ?? null) !== handle) await confirmMoneyChange(ctx, input.currentPassword, ip);
  try {
    await inTransaction(ctx, async (txCtx) => {
      const locked = await lockMoneyDestination(txCtx);
      const before = locked?.appClientReferrer ?? null;
      // Changed by someone else since the read above: the check must cover this change too.
      if (before !== handle && before !== (current.appClientReferrer ?? null))
        await confirmMoneyChange(txCtx, input.currentPassword, ip);
      await recordMoneyChange(txCtx, 'provider_handle', before, handle);
      await txCtx.db
        .update(restaurants)
        .set({
          name,
          slug: input.slug,
          description: input.description,
          logoUrl: input.logoUrl,
          bannerUrl: input.bannerUrl,
          primaryColor: input.primaryColor,
          secondaryColor: input.secondaryColor,
          buttonColor: input.buttonColor,
          timezone: input.timezone,
          businessSegment: input.businessSegment,
          appClientReferrer: handle,
          originPostalCode: input.originPostalCode ? formatCep(onlyDigits(input.originPostalCode)) : null,
          whatsapp: input.whatsapp ? onlyDigits(input.whatsapp) : null,
          cnpj: input.cnpj ? formatCnpj(input.cnpj) : null,
          ...address,
          ...coordinatesOf(input.coordinates),
          updatedAt: new Date(),
        })
        .where(eq(restaurants.id, ctx.restaurantId));
      // The daily sales are by local day: in another time zone an order may fall on another day.
      if (current.timezone !== input.timezone) await recountDailySales(txCtx.db, ctx.restaurantId);
    });
  } catch (err) {
    // Another restaurant took the slug between the check and the update.
    const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23505') throw slugTaken();
    throw err;
  }
  return getSettings(ctx);
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

async function upsertSecrets(ctx: StaffCtx, values: Partial<typeof restaurantSecrets.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await ctx.db
    .insert(restaurantSecrets)
    .values({ restaurantId: ctx.restaurantId, ...values })
    .onConflictDoUpdate({ target: restaurantSecrets.restaurantId, set: { ...values, updatedAt: new Date() } });
}

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

export async function saveWhatsappKey(ctx: StaffCtx, apiKey: string | null | undefined) {
  const key = apiKey?.trim();
  if (!key) throw badRequest('API Key obrigatória', 'Informe a API Key do WhatsApp.', 'api_key_required');
  await upsertSecrets(ctx, { whatsappApiKey: key });
  return { ok: true, configured: { apiKey: true } };
}

/** 'API key inválida...' when the provider refused the key or answered non-2xx; otherwise its own message. */
export function whatsappErrorText(message: string): string {
  if (/invalid|inv[aá]lid|unauthori[sz]ed|api[ _-]?key|chave|respondeu|status|\b[45]\d\d\b/i.test(message)) {
    return 'API key inválida ou serviço indisponível. Verifique a chave e tente novamente.';
  }
  return message || 'Não foi possível enviar a mensagem de teste.';
}

/** WhatsApp form: country code + DDD + number, digits only; a national number gets Brazil's 55. */
function whatsappNumber(phone: string): string | null {
  const d = onlyDigits(phone);
  if (d.length === 10 || d.length === 11) return `55${d}`;
  if (d.length >= 12 && d.length <= 13) return d;
  return null;
}

/** Sends a test message through the messaging integration and records it in the outbox. */
export async function testWhatsapp(ctx: StaffCtx, input: z.output<typeof whatsappTestInput>) {
  if (!input.phone?.trim())
    throw badRequest('Número obrigatório', 'Informe o número com código do país e DDD.', 'phone_required');
  const phone = whatsappNumber(input.phone);
  if (!phone) {
    throw badRequest(
      'Número inválido',
      'Use o formato código do país + DDD + número (ex.: 5511987654321).',
      'invalid_phone',
    );
  }
  const body =
    input.message?.trim() || 'Mensagem de teste do MeuCardápio: sua integração com o WhatsApp está funcionando!';
  const [s] = await ctx.db
    .select({ apiKey: restaurantSecrets.whatsappApiKey })
    .from(restaurantSecrets)
    .where(eq(restaurantSecrets.restaurantId, ctx.restaurantId))
    .limit(1);
  // Recorded after the attempt with its final status: the order notifier drains 'pending' rows,
  // and a test must never be sent twice.
  const record = (status: 'sent' | 'failed', lastError: string | null) =>
    ctx.db.insert(outboundMessages).values({
      restaurantId: ctx.restaurantId,
      kind: 'test',
      phone,
      body,
      status,
      attempts: 1,
      lastError,
      sentAt: status === 'sent' ? new Date() : null,
    });
  try {
    await ctx.deps.integrations.messaging.send({
      restaurantId: ctx.restaurantId,
      phone,
      body,
      apiKey: s?.apiKey ?? null,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await record('failed', message.slice(0, 500));
    throw new AppError(400, 'whatsapp_test_failed', 'Erro no teste', whatsappErrorText(message));
  }
  await record('sent', null);
  return { success: true };
}

/** Saves the PIX settings, the key validated and normalized for its type (CPF, CNPJ, e-mail, phone, random). */
export async function updatePixSettings(
  ctx: StaffCtx,
  input: { key: string; keyType: string; merchantName: string; merchantCity: string; currentPassword?: string | null },
  ip: string,
) {
  const checked = checkPixSettings(input);
  if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
  const { key, keyType, merchantName, merchantCity } = checked.settings;
  const current = await loadRestaurant(ctx);
  if (current.pixKey !== key) await confirmMoneyChange(ctx, input.currentPassword, ip);
  await inTransaction(ctx, async (txCtx) => {
    const locked = await lockMoneyDestination(txCtx);
    const before = locked?.pixKey ?? null;
    if (before !== key && before !== current.pixKey) await confirmMoneyChange(txCtx, input.currentPassword, ip);
    await recordMoneyChange(txCtx, 'pix_key', before, key);
    await txCtx.db
      .update(restaurants)
      .set({
        pixKey: key,
        pixKeyType: keyType,
        pixMerchantName: merchantName,
        pixMerchantCity: merchantCity,
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, ctx.restaurantId));
  });
  return getPixSettings(ctx);
}

/** Refuses a tab's write to an actor without that tab's permission (spec 2 §6). */
export function requireTab(ctx: StaffCtx, tab: SettingsTab) {
  const key = tab === 'reviews' ? 'manage_reviews' : tab === 'hours' ? 'manage_restaurant_hours' : 'manage_settings';
  if (!hasPermission(ctx.actor.rules, key)) throw forbidden('Você não tem permissão para acessar as configurações.');
}
