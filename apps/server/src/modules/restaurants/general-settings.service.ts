import { formatCep, formatCnpj } from '@brazilian-utils/brazilian-utils';
import { findCity, listStates } from '@meucardapio/db/geo/geo';
import { restaurants } from '@meucardapio/db/schema';
import { cepRegion } from '@meucardapio/domain/cep-region';
import { onlyDigits } from '@meucardapio/domain/phone';
import { parseCoordinates, SLUG_PROBLEM_TEXT, slugProblem } from '@meucardapio/domain/restaurant-settings';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { recountDailySales } from '../daily-sales/daily-sales.service';
import { confirmMoneyChange, lockMoneyDestination, recordMoneyChange } from './money-destination.service';
import type { generalInput } from './settings.schemas';
import { getSettings } from './settings.service';

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
  const current = await restaurantById(ctx.db, ctx.restaurantId);
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
