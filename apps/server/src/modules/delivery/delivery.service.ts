import { findCity, listStates } from '@meucardapio/db/geo/geo';
import { deliveryStates, neighborhoods } from '@meucardapio/db/schema';
import { isValidCepPattern, normalizeText } from '@meucardapio/domain/delivery';
import { asc, eq, ne } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';

// ─── Neighbourhoods (bairros) and their delivery fee ─────────────────────────────────────────────

export type NeighborhoodInput = { name: string; deliveryFee: number; cepPattern: string | null };
export type NeighborhoodView = NeighborhoodInput & { id: string; createdAt: string };

const neighborhoodNotFound = () => notFound('Bairro não encontrado', 'Recarregue a página e tente novamente.');

const neighborhoodView = (r: typeof neighborhoods.$inferSelect): NeighborhoodView => ({
  id: r.id,
  name: r.name,
  deliveryFee: r.deliveryFee,
  cepPattern: r.cepPattern,
  createdAt: r.createdAt.toISOString(),
});

function cleanNeighborhood(input: NeighborhoodInput) {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest('Nome obrigatório', 'Informe o nome do bairro.', 'name_required');
  const cepPattern = input.cepPattern?.trim() || null;
  if (cepPattern && !isValidCepPattern(cepPattern)) {
    throw badRequest(
      'Padrão de CEP inválido',
      "Use o início do CEP (ex.: '01000') ou um curinga (ex.: '12345-*').",
      'invalid_cep_pattern',
    );
  }
  return { name, deliveryFee: input.deliveryFee, cepPattern };
}

export async function listNeighborhoods(ctx: StaffCtx): Promise<NeighborhoodView[]> {
  const rows = await ctx.db
    .select()
    .from(neighborhoods)
    .where(tenant(neighborhoods, ctx.restaurantId))
    .orderBy(asc(neighborhoods.name), asc(neighborhoods.id));
  return rows.map(neighborhoodView);
}

/** Two neighbourhoods with the same name (ignoring accents and case) would make the fee ambiguous. */
async function assertNeighborhoodNameFree(ctx: StaffCtx, name: string, exceptId?: string) {
  const rows = await ctx.db
    .select({ id: neighborhoods.id, name: neighborhoods.name })
    .from(neighborhoods)
    .where(tenant(neighborhoods, ctx.restaurantId, exceptId ? ne(neighborhoods.id, exceptId) : undefined));
  const wanted = normalizeText(name);
  if (rows.some((r) => normalizeText(r.name) === wanted)) {
    throw conflict('Bairro já cadastrado', `Já existe um bairro chamado ${name}.`);
  }
}

export async function createNeighborhood(ctx: StaffCtx, input: NeighborhoodInput): Promise<NeighborhoodView> {
  const values = cleanNeighborhood(input);
  await assertNeighborhoodNameFree(ctx, values.name);
  const [row] = await ctx.db
    .insert(neighborhoods)
    .values({ restaurantId: ctx.restaurantId, ...values })
    .returning();
  return neighborhoodView(row);
}

export async function updateNeighborhood(ctx: StaffCtx, id: string, input: NeighborhoodInput) {
  const values = cleanNeighborhood(input);
  await assertNeighborhoodNameFree(ctx, values.name, id);
  const [row] = await ctx.db
    .update(neighborhoods)
    .set(values)
    .where(tenant(neighborhoods, ctx.restaurantId, eq(neighborhoods.id, id)))
    .returning();
  if (!row) throw neighborhoodNotFound();
  return neighborhoodView(row);
}

export async function deleteNeighborhood(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(neighborhoods)
    .where(tenant(neighborhoods, ctx.restaurantId, eq(neighborhoods.id, id)))
    .returning({ id: neighborhoods.id });
  if (rows.length === 0) throw neighborhoodNotFound();
}

// ─── Delivery states and their cities (bundled IBGE list) ────────────────────────────────────────

export type DeliveryStateInput = { code: string; cities: string[]; active: boolean };
export type DeliveryStateView = {
  id: string;
  code: string;
  name: string;
  cities: string[];
  active: boolean;
  updatedAt: string;
};

const stateNotFound = () => notFound('Estado não encontrado', 'Recarregue a página e tente novamente.');

function stateView(r: typeof deliveryStates.$inferSelect): DeliveryStateView {
  // Legacy rows may keep the cities as JSON text.
  let cities: unknown = r.cities;
  if (typeof cities === 'string') {
    try {
      cities = JSON.parse(cities);
    } catch {
      cities = [];
    }
  }
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    cities: Array.isArray(cities) ? cities.map(String) : [],
    active: r.active,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The state must be one of the 27 UFs, and every city one of its IBGE municipalities, typed with any
 * accents or case; cities are stored with their official (accented) names, once each, sorted. A state
 * without a city would accept no delivery at all, so it is refused rather than saved as "Nenhuma cidade".
 */
function cleanState(input: DeliveryStateInput) {
  const code = input.code.trim().toUpperCase();
  const state = listStates().find((s) => s.code === code);
  if (!state) throw badRequest('Estado inválido', 'Escolha um estado da lista.', 'invalid_state');
  const chosen = new Set<string>();
  for (const raw of input.cities) {
    if (!normalizeText(raw)) continue;
    const name = findCity(code, raw);
    if (!name) throw badRequest('Cidade inválida', `${raw.trim()} não é uma cidade de ${state.name}.`, 'invalid_city');
    chosen.add(name);
  }
  if (chosen.size === 0) {
    throw badRequest(
      'Nenhuma cidade',
      `Adicione ao menos uma cidade de ${state.name} atendida pela entrega.`,
      'no_city',
    );
  }
  const cities = [...chosen].sort((a, b) => a.localeCompare(b, 'pt-BR'));
  return { code, name: state.name, cities, active: input.active };
}

export async function listDeliveryStates(ctx: StaffCtx): Promise<DeliveryStateView[]> {
  const rows = await ctx.db
    .select()
    .from(deliveryStates)
    .where(tenant(deliveryStates, ctx.restaurantId))
    .orderBy(asc(deliveryStates.name));
  return rows.map(stateView);
}

function stateTaken(err: unknown, name: string): never {
  const pg = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (pg === '23505') throw conflict('Estado já cadastrado', `${name} já está na lista de estados para entrega.`);
  throw err;
}

export async function createDeliveryState(ctx: StaffCtx, input: DeliveryStateInput): Promise<DeliveryStateView> {
  const values = cleanState(input);
  const [taken] = await ctx.db
    .select({ id: deliveryStates.id })
    .from(deliveryStates)
    .where(tenant(deliveryStates, ctx.restaurantId, eq(deliveryStates.code, values.code)))
    .limit(1);
  if (taken) stateTaken({ code: '23505' }, values.name);
  const [row] = await ctx.db
    .insert(deliveryStates)
    .values({ restaurantId: ctx.restaurantId, ...values })
    .returning()
    .catch((err) => stateTaken(err, values.name));
  return stateView(row);
}

export async function updateDeliveryState(ctx: StaffCtx, id: string, input: DeliveryStateInput) {
  const values = cleanState(input);
  const [taken] = await ctx.db
    .select({ id: deliveryStates.id })
    .from(deliveryStates)
    .where(tenant(deliveryStates, ctx.restaurantId, eq(deliveryStates.code, values.code), ne(deliveryStates.id, id)))
    .limit(1);
  if (taken) stateTaken({ code: '23505' }, values.name);
  const [row] = await ctx.db
    .update(deliveryStates)
    .set({ ...values, updatedAt: new Date() })
    .where(tenant(deliveryStates, ctx.restaurantId, eq(deliveryStates.id, id)))
    .returning()
    .catch((err) => stateTaken(err, values.name));
  if (!row) throw stateNotFound();
  return stateView(row);
}

export async function setDeliveryStateActive(ctx: StaffCtx, id: string, active: boolean) {
  const [row] = await ctx.db
    .update(deliveryStates)
    .set({ active, updatedAt: new Date() })
    .where(tenant(deliveryStates, ctx.restaurantId, eq(deliveryStates.id, id)))
    .returning();
  if (!row) throw stateNotFound();
  return stateView(row);
}

export async function deleteDeliveryState(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(deliveryStates)
    .where(tenant(deliveryStates, ctx.restaurantId, eq(deliveryStates.id, id)))
    .returning({ id: deliveryStates.id });
  if (rows.length === 0) throw stateNotFound();
}
