import { randomBytes } from 'node:crypto';
import { kitchenStations, orders, printAgents, printers, printJobs, printSettings } from '@meucardapio/db/schema';
import { seesOrder } from '@meucardapio/domain/permissions';
import { type AutoPrint, type PrinterInput, type PrinterState, printerState } from '@meucardapio/domain/printing';
import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { autoPrintOf } from './job-rows';
import { AGENT_TOKEN_PREFIX, hashAgentToken } from './print-agent.service';

/** Configurações → Impressoras: printers, the agents' tokens, "Imprimir automaticamente"; and the board's printer strip. */

const printerNotFound = () => notFound('Impressora não encontrada', 'A impressora não existe ou foi excluída.');
const agentNotFound = () => notFound('Agente não encontrado', 'O agente não existe ou foi excluído.');

function printingChanged(ctx: StaffCtx, printerId: string | null) {
  return appendEvent(ctx.db, {
    restaurantId: ctx.restaurantId,
    type: 'print.updated',
    permission: 'manage_orders',
    payload: { printerId },
  });
}

/** Stations and the serving agent must be this restaurant's own. */
async function checkReferences(ctx: StaffCtx, input: PrinterInput) {
  if (input.routes.stations.length > 0) {
    const found = await ctx.db
      .select({ id: kitchenStations.id })
      .from(kitchenStations)
      .where(tenant(kitchenStations, ctx.restaurantId, inArray(kitchenStations.id, input.routes.stations)));
    if (found.length !== new Set(input.routes.stations).size) {
      throw badRequest('Estação inválida', 'Escolha estações da cozinha deste restaurante.');
    }
  }
  if (input.agentId) {
    const [agent] = await ctx.db
      .select({ id: printAgents.id })
      .from(printAgents)
      .where(tenant(printAgents, ctx.restaurantId, eq(printAgents.id, input.agentId), isNull(printAgents.revokedAt)));
    if (!agent) throw badRequest('Agente inválido', 'Escolha um computador com agente ativo deste restaurante.');
  }
}

export async function listPrinters(ctx: StaffCtx) {
  const rows = await ctx.db
    .select()
    .from(printers)
    .where(tenant(printers, ctx.restaurantId))
    .orderBy(asc(printers.name));
  return rows.map(({ restaurantId: _r, ...p }) => p);
}

export async function createPrinter(ctx: StaffCtx, input: PrinterInput) {
  await checkReferences(ctx, input);
  return inTransaction(ctx, async (txCtx) => {
    const [row] = await txCtx.db
      .insert(printers)
      .values({ restaurantId: ctx.restaurantId, ...input })
      .returning({ id: printers.id });
    await printingChanged(txCtx, row.id);
    return row;
  });
}

export async function updatePrinter(ctx: StaffCtx, id: string, input: PrinterInput) {
  await checkReferences(ctx, input);
  await inTransaction(ctx, async (txCtx) => {
    const rows = await txCtx.db
      .update(printers)
      .set(input)
      .where(tenant(printers, ctx.restaurantId, eq(printers.id, id)))
      .returning({ id: printers.id });
    if (rows.length === 0) throw printerNotFound();
    await printingChanged(txCtx, id);
  });
}

/** Deleting a printer drops its pending jobs with it. */
export async function deletePrinter(ctx: StaffCtx, id: string) {
  await inTransaction(ctx, async (txCtx) => {
    const rows = await txCtx.db
      .delete(printers)
      .where(tenant(printers, ctx.restaurantId, eq(printers.id, id)))
      .returning({ id: printers.id });
    if (rows.length === 0) throw printerNotFound();
    await printingChanged(txCtx, null);
  });
}

export async function listAgents(ctx: StaffCtx) {
  return ctx.db
    .select({
      id: printAgents.id,
      name: printAgents.name,
      lastSeenAt: printAgents.lastSeenAt,
      devices: printAgents.devices,
      revokedAt: printAgents.revokedAt,
      createdAt: printAgents.createdAt,
    })
    .from(printAgents)
    .where(tenant(printAgents, ctx.restaurantId))
    .orderBy(desc(printAgents.createdAt));
}

/** A new agent token: shown once in the answer, only its hash is kept. */
export async function createAgent(ctx: StaffCtx, name: string) {
  const token = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [agent] = await ctx.db
    .insert(printAgents)
    .values({ restaurantId: ctx.restaurantId, name, tokenHash: hashAgentToken(token) })
    .returning({ id: printAgents.id, name: printAgents.name, createdAt: printAgents.createdAt });
  return { agent, token };
}

/** Revoking refuses the token from the agent's next request on; the printers it alone served wait for another. */
export async function revokeAgent(ctx: StaffCtx, id: string) {
  await inTransaction(ctx, async (txCtx) => {
    const rows = await txCtx.db
      .update(printAgents)
      .set({ revokedAt: new Date() })
      .where(tenant(printAgents, ctx.restaurantId, eq(printAgents.id, id), isNull(printAgents.revokedAt)))
      .returning({ id: printAgents.id });
    if (rows.length === 0) throw agentNotFound();
    await printingChanged(txCtx, null);
  });
}

export const getAutoPrint = (ctx: StaffCtx) => autoPrintOf(ctx.db, ctx.restaurantId);

export async function saveAutoPrint(ctx: StaffCtx, auto: AutoPrint): Promise<AutoPrint> {
  await ctx.db
    .insert(printSettings)
    .values({ restaurantId: ctx.restaurantId, auto })
    .onConflictDoUpdate({ target: printSettings.restaurantId, set: { auto, updatedAt: new Date() } });
  return auto;
}

export type PrinterStatusView = {
  id: string;
  name: string;
  state: PrinterState;
  message: string | null;
  queued: number;
};

/** How far back the board lists refused jobs. */
const FAILED_WINDOW_MS = 24 * 3600_000;

/** The board's strip: each printer's state, and the jobs that did not print, with "Reimprimir". */
export async function printingOverview(ctx: StaffCtx) {
  const now = new Date();
  const [rows, agents, pending, failed] = await Promise.all([
    ctx.db.select().from(printers).where(tenant(printers, ctx.restaurantId)).orderBy(asc(printers.name)),
    ctx.db
      .select({ id: printAgents.id, lastSeenAt: printAgents.lastSeenAt, revokedAt: printAgents.revokedAt })
      .from(printAgents)
      .where(tenant(printAgents, ctx.restaurantId)),
    ctx.db
      .select({ printerId: printJobs.printerId })
      .from(printJobs)
      .where(
        tenant(
          printJobs,
          ctx.restaurantId,
          or(eq(printJobs.status, 'queued'), eq(printJobs.status, 'sent'), eq(printJobs.status, 'failed')),
        ),
      ),
    ctx.db
      .select({
        id: printJobs.id,
        printerId: printJobs.printerId,
        orderId: printJobs.orderId,
        title: printJobs.title,
        lastError: printJobs.lastError,
        retryAt: printJobs.retryAt,
        createdAt: printJobs.createdAt,
        order: { deliveryType: orders.deliveryType, deliveryEmployeeId: orders.deliveryEmployeeId },
      })
      .from(printJobs)
      .leftJoin(orders, and(eq(orders.restaurantId, printJobs.restaurantId), eq(orders.id, printJobs.orderId)))
      .where(
        tenant(
          printJobs,
          ctx.restaurantId,
          eq(printJobs.status, 'failed'),
          gt(printJobs.createdAt, new Date(now.getTime() - FAILED_WINDOW_MS)),
        ),
      )
      .orderBy(desc(printJobs.createdAt))
      .limit(20),
  ]);
  const agentStates = agents.map((a) => ({ id: a.id, lastSeenAt: a.lastSeenAt, revoked: !!a.revokedAt }));
  const printerViews: PrinterStatusView[] = rows.map((p) => {
    const state = printerState(p, agentStates, now);
    return {
      id: p.id,
      name: p.name,
      state,
      message: state === 'offline' && p.status !== 'offline' ? 'Agente sem conexão há mais de 30 s' : p.statusMessage,
      queued: pending.filter((j) => j.printerId === p.id).length,
    };
  });
  const names = new Map(rows.map((p) => [p.id, p.name]));
  return {
    printers: printerViews,
    // Only the tickets of orders this person reaches on the board (decision 098).
    failed: failed
      .filter((j) => !j.order || seesOrder(ctx.actor.rules, ctx.actor.id, j.order))
      .map(({ order: _order, ...j }) => ({ ...j, printer: names.get(j.printerId) ?? '' })),
  };
}
