import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { marketplaceConnections, marketplaceOutbox, menuApiKeys, orders, restaurants } from '@meucardapio/db/schema';
import {
  type ConnectionInput,
  type ConnectionKind,
  type ConnectionView,
  channelLabel,
  connectionHealthy,
  failedCallText,
  type MarketplaceApp,
} from '@meucardapio/domain/marketplace';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { SimulatedOrderOptions, SimulatorCall } from '../../integrations/marketplace/simulator';
import { accessOf, credentialGroupOf, simulatorMenu } from './connection-access';
import type { ConnectionRow } from './marketplace-door';

/**
 * Configurações → Integrações: a restaurant's connections to the ordering apps (credentials
 * write-only, sealed at rest by their column type), "Testar conexão", the simulator's controls, the
 * health the board shows, and the API key apps use to read our menu.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const kindOf = (app: MarketplaceApp): ConnectionKind =>
  app === 'simulator' ? 'simulator' : app === 'ifood' ? 'ifood' : 'open_delivery';
const connectionNotFound = () => notFound('Integração não encontrada.');

type FailedCall = ConnectionView['lastFailedCall'];

function view(row: ConnectionRow, failedCalls: number, lastFailedCall: FailedCall = null): ConnectionView {
  return {
    id: row.id,
    kind: row.kind as ConnectionKind,
    app: row.app as MarketplaceApp,
    merchantId: row.merchantId,
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    hasCredentials: !!row.clientId && !!row.clientSecret,
    autoConfirm: row.autoConfirm,
    enabled: row.enabled,
    lastPollAt: iso(row.lastPollAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    eventsWaiting: row.eventsWaiting,
    failedCalls,
    lastFailedCall,
  };
}

export async function listConnections(ctx: StaffCtx): Promise<ConnectionView[]> {
  const failedHere = tenant(marketplaceOutbox, ctx.restaurantId, eq(marketplaceOutbox.status, 'failed'));
  const [rows, failed, latest] = await Promise.all([
    ctx.db
      .select()
      .from(marketplaceConnections)
      .where(tenant(marketplaceConnections, ctx.restaurantId))
      .orderBy(asc(marketplaceConnections.createdAt)),
    ctx.db
      .select({ connectionId: marketplaceOutbox.connectionId, n: count() })
      .from(marketplaceOutbox)
      .where(failedHere)
      .groupBy(marketplaceOutbox.connectionId),
    ctx.db
      .selectDistinctOn([marketplaceOutbox.connectionId], {
        connectionId: marketplaceOutbox.connectionId,
        action: marketplaceOutbox.action,
        error: marketplaceOutbox.lastError,
        at: marketplaceOutbox.failedAt,
        channel: orders.channel,
      })
      .from(marketplaceOutbox)
      .innerJoin(orders, eq(orders.id, marketplaceOutbox.orderId))
      .where(failedHere)
      .orderBy(marketplaceOutbox.connectionId, sql`${marketplaceOutbox.failedAt} desc nulls last`),
  ]);
  const failedBy = new Map(failed.map((f) => [f.connectionId, Number(f.n)]));
  const latestBy = new Map(
    latest.map((f): [string, FailedCall] => [
      f.connectionId,
      { text: failedCallText(f.channel, f.action, f.error), at: iso(f.at) ?? '' },
    ]),
  );
  return rows.map((r) => view(r, failedBy.get(r.id) ?? 0, latestBy.get(r.id) ?? null));
}

async function ownConnection(ctx: StaffCtx, id: string): Promise<ConnectionRow> {
  const [row] = await ctx.db
    .select()
    .from(marketplaceConnections)
    .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.id, id)))
    .limit(1);
  if (!row) throw connectionNotFound();
  return row;
}

/** Connects an app, or changes its connection (credentials left empty are kept). */
export async function saveConnection(ctx: StaffCtx, input: ConnectionInput): Promise<ConnectionView> {
  const kind = kindOf(input.app);
  const [existing] = await ctx.db
    .select()
    .from(marketplaceConnections)
    .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.app, input.app)))
    .limit(1);
  const label = channelLabel(input.app);
  if (kind !== 'simulator') {
    if (!input.merchantId && !existing)
      throw badRequest('Dados incompletos', `Informe o ID da loja no ${label}.`, 'merchant_required');
    const hasCredentials = (input.clientId && input.clientSecret) || existing?.clientSecret;
    if (!hasCredentials)
      throw badRequest(
        'Dados incompletos',
        'Informe o client id e o client secret fornecidos pelo aplicativo.',
        'credentials_required',
      );
  }
  if (kind === 'open_delivery' && !((input.baseUrl ?? existing?.baseUrl) && (input.tokenUrl ?? existing?.tokenUrl)))
    throw badRequest(
      'Dados incompletos',
      'Informe a URL base e a URL do token que o aplicativo forneceu.',
      'urls_required',
    );

  const values = {
    kind,
    merchantId: input.merchantId ?? existing?.merchantId ?? randomUUID(),
    baseUrl: kind === 'open_delivery' ? (input.baseUrl ?? existing?.baseUrl ?? null) : null,
    tokenUrl: kind === 'open_delivery' ? (input.tokenUrl ?? existing?.tokenUrl ?? null) : null,
    autoConfirm: input.autoConfirm,
    enabled: input.enabled,
    ...(input.clientId
      ? { clientId: input.clientId, credentialGroup: credentialGroupOf({ kind, clientId: input.clientId }) }
      : {}),
    ...(input.clientSecret ? { clientSecret: input.clientSecret } : {}),
    // Changed settings are tried at once, and a fresh start forgets the last failure count.
    nextPollAt: new Date(),
    failures: 0,
  };
  const [row] = existing
    ? await ctx.db
        .update(marketplaceConnections)
        .set(values)
        .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.id, existing.id)))
        .returning()
    : await ctx.db
        .insert(marketplaceConnections)
        .values({ ...values, restaurantId: ctx.restaurantId, app: input.app })
        .returning();
  return view(row, 0);
}

/** Disconnects an app: its orders stay on the board and in the reports, the link and pending calls go. */
export async function deleteConnection(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(marketplaceConnections)
    .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.id, id)))
    .returning({ id: marketplaceConnections.id });
  if (rows.length === 0) throw connectionNotFound();
}

/** "Testar conexão": the app accepts the credentials and answers. */
export async function testConnection(ctx: StaffCtx, id: string): Promise<{ ok: boolean; message: string }> {
  const row = await ownConnection(ctx, id);
  const access = accessOf(row);
  try {
    await ctx.deps.integrations.marketplaces.client(access.kind).check(access);
    return { ok: true, message: `Conexão com ${channelLabel(row.app)} funcionando.` };
  } catch (err) {
    return { ok: false, message: (err as Error).message || 'O aplicativo não respondeu.' };
  }
}

function simulatorOf(ctx: StaffCtx, row: ConnectionRow) {
  if (row.kind !== 'simulator')
    throw new AppError(409, 'not_simulator', 'Só no simulador', 'Esta ação existe apenas para o simulador.');
  return ctx.deps.integrations.marketplaces.simulator;
}

/** The simulator makes an order now (for later only when asked); the connection is polled at the next tick. */
export async function simulateOrder(
  ctx: StaffCtx,
  id: string,
  options: SimulatedOrderOptions,
): Promise<{ displayId: string; scheduled: boolean }> {
  const row = await ownConnection(ctx, id);
  const order = await simulatorOf(ctx, row).makeOrder(accessOf(row), await simulatorMenu(ctx.deps, ctx.restaurantId), {
    app: options.app,
    scheduled: options.scheduled ?? false,
  });
  if (!order)
    throw new AppError(
      409,
      'empty_menu',
      'Cardápio vazio',
      'Cadastre produtos com preço para o simulador gerar pedidos.',
    );
  await ctx.db
    .update(marketplaceConnections)
    .set({ nextPollAt: new Date() })
    .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.id, id)));
  return { displayId: order.displayId, scheduled: order.orderTiming === 'SCHEDULED' };
}

export async function simulatorCalls(ctx: StaffCtx, id: string): Promise<SimulatorCall[]> {
  const row = await ownConnection(ctx, id);
  return simulatorOf(ctx, row).calls(row.id);
}

/** "Simular falha": the simulated app refuses the next call, so staff see what a refused call looks like. */
export async function simulateCallFailure(ctx: StaffCtx, id: string): Promise<void> {
  const row = await ownConnection(ctx, id);
  await simulatorOf(ctx, row).refuseNextCall(row.id);
}

/** The board's warning: connections switched on that are not working. */
export async function unhealthyConnections(ctx: StaffCtx) {
  const rows = await ctx.db
    .select()
    .from(marketplaceConnections)
    .where(tenant(marketplaceConnections, ctx.restaurantId, eq(marketplaceConnections.enabled, true)));
  const now = Date.now();
  return (
    rows
      .filter(
        (r) =>
          !connectionHealthy(
            { enabled: r.enabled, lastSuccessAt: iso(r.lastSuccessAt), lastErrorAt: iso(r.lastErrorAt) },
            now,
          ),
      )
      // A connection made a moment ago has not had its first poll yet.
      .filter((r) => now - r.createdAt.getTime() > 15_000)
      .map((r) => ({
        id: r.id,
        app: r.app,
        label: channelLabel(r.app),
        error: r.lastError,
        since: iso(r.lastSuccessAt),
      }))
  );
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new API key for apps to read our menu (`GET /v1/merchant`): shown once, only its hash kept. */
export async function generateMenuKey(ctx: StaffCtx): Promise<{ key: string; prefix: string }> {
  const key = `mc_${randomBytes(24).toString('base64url')}`;
  const prefix = key.slice(0, 8);
  await ctx.db
    .insert(menuApiKeys)
    .values({ restaurantId: ctx.restaurantId, keyHash: hashKey(key), keyPrefix: prefix })
    .onConflictDoUpdate({
      target: menuApiKeys.restaurantId,
      set: { keyHash: hashKey(key), keyPrefix: prefix, createdAt: new Date() },
    });
  return { key, prefix };
}

/**
 * The Integrações screen: the connections, the menu key's prefix, and whether the restaurant is on the
 * map (apps are not served the menu until it is).
 */
export async function integrationsOverview(ctx: StaffCtx) {
  const [connections, [key], [place]] = await Promise.all([
    listConnections(ctx),
    ctx.db.select().from(menuApiKeys).where(tenant(menuApiKeys, ctx.restaurantId)).limit(1),
    ctx.db
      .select({ latitude: restaurants.latitude })
      .from(restaurants)
      .where(eq(restaurants.id, ctx.restaurantId))
      .limit(1),
  ]);
  return {
    connections,
    menuKey: key ? { prefix: key.keyPrefix, createdAt: key.createdAt.toISOString() } : null,
    located: place?.latitude !== null && place?.latitude !== undefined,
  };
}

/** The restaurant a menu API key belongs to (null for an unknown key). */
export async function restaurantOfMenuKey(db: StaffCtx['db'], key: string): Promise<string | null> {
  const [row] = await db
    .select({ restaurantId: menuApiKeys.restaurantId })
    .from(menuApiKeys)
    .where(eq(menuApiKeys.keyHash, hashKey(key)))
    .limit(1);
  return row?.restaurantId ?? null;
}
