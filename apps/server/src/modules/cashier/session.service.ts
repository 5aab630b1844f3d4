import type { DbOrTx } from '@meucardapio/db/client';
import {
  cashCloseCounts,
  cashRegisterHistory,
  cashRegisterSessions,
  cashWithdrawals,
  restaurants,
} from '@meucardapio/db/schema';
import {
  CASH_GROUP,
  CASHIER_MSG,
  checkWithdrawalAgainstDrawer,
  closeDifferences,
  countTotal,
} from '@meucardapio/domain/cashier';
import type { closeSessionSchema, openSessionSchema } from '@meucardapio/domain/cashier-api';
import { discountLimitPercent } from '@meucardapio/domain/cashier-discounts';
import type { CashierState, CashMovementView, CloseResult } from '@meucardapio/domain/cashier-views';
import { localDateString } from '@meucardapio/domain/hours';
import type { CashierSessionEvent } from '@meucardapio/domain/live-events';
import { isCashierOnly } from '@meucardapio/domain/permissions';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { AppError, badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { enqueueCashClosing } from '../printing/print-jobs.service';
import {
  closeCountsOf,
  openSessionOf,
  type SessionRow,
  sessionFigures,
  sessionMovements,
  toSessionView,
  totalsOf,
} from './cashier.queries';

/** Cash sessions: open, close (blind for cashier-only users), sangria and suprimento. */

export const noOpenSession = () =>
  new AppError(409, 'no_open_session', CASHIER_MSG.noOpenSession, CASHIER_MSG.noOpenSessionDescription);

function sessionEvent(ctx: StaffCtx, payload: CashierSessionEvent) {
  return appendEvent(ctx.db, {
    restaurantId: ctx.restaurantId,
    type: 'cashier.session',
    permission: 'manage_cashier',
    payload,
  });
}

function historyRow(ctx: StaffCtx, sessionId: string, operationType: string, amount: number, notes: string | null) {
  return {
    restaurantId: ctx.restaurantId,
    sessionId,
    employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
    employeeName: ctx.actor.name,
    operationType,
    amount,
    notes,
  };
}

/**
 * The open session (if any). A cashier-only user closes blind: no running totals, and no float unless
 * they opened the session themselves (they typed it).
 */
export async function cashierState(ctx: StaffCtx): Promise<CashierState> {
  const user = {
    cashierOnly: isCashierOnly(ctx.actor.rules),
    discountLimitPercent: discountLimitPercent(ctx.actor.rules),
  };
  const session = await openSessionOf(ctx.db, ctx.restaurantId);
  if (!session)
    return { session: null, ...user, closedToday: (await closedTodayOf(ctx.db, ctx.restaurantId)) !== null };
  if (!user.cashierOnly)
    return {
      session: toSessionView(session, totalsOf(await sessionFigures(ctx.db, ctx.restaurantId, session))),
      ...user,
      closedToday: false,
    };
  const view = toSessionView(session, null);
  const openedIt = ctx.actor.kind === 'employee' && session.employeeId === ctx.actor.id;
  return { session: openedIt ? view : { ...view, initialAmount: null }, ...user, closedToday: false };
}

/** The cash session open now, if any: a table account closed now belongs to it. */
export async function openSessionId(ctx: ServiceCtx): Promise<string | null> {
  return (await openSessionOf(ctx.db, ctx.restaurantId))?.id ?? null;
}

/**
 * Abrir Caixa. The partial unique index allows one open session per restaurant: the loser of two
 * simultaneous openings gets a 409 instead of a second drawer.
 */
export async function openSession(ctx: StaffCtx, input: z.output<typeof openSessionSchema>) {
  try {
    const session = await ctx.db.transaction(async (tx) => {
      const [s] = await tx
        .insert(cashRegisterSessions)
        .values({
          restaurantId: ctx.restaurantId,
          employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
          employeeName: ctx.actor.name,
          initialAmount: input.initialAmount,
          notes: input.notes,
        })
        .returning();
      await tx.insert(cashRegisterHistory).values(historyRow(ctx, s.id, 'opening', s.initialAmount, input.notes));
      await sessionEvent({ ...ctx, db: tx }, { sessionId: s.id, status: 'open' });
      return s;
    });
    return toSessionView(session, isCashierOnly(ctx.actor.rules) ? null : zeroTotals(session));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CASHIER_MSG.alreadyOpen, CASHIER_MSG.alreadyOpenDescription);
    throw err;
  }
}

function zeroTotals(s: SessionRow) {
  return {
    totalSales: 0,
    salesCount: 0,
    cashSales: 0,
    totalSupplies: 0,
    totalWithdrawals: 0,
    expectedCash: s.initialAmount,
    totalDiscounts: 0,
    discountCount: 0,
    tablePayments: 0,
    serviceCharge: 0,
  };
}

/**
 * The session closed on the restaurant's today, when no session is open: the register is already
 * closed, so closing it again (a second click, a reload) records nothing. Closing holds the restaurant's
 * row (`lock`) so two closes of a register nobody opened cannot both create a session.
 */
async function closedTodayOf(tx: DbOrTx, restaurantId: string, lock = false): Promise<SessionRow | null> {
  const read = tx.select({ timezone: restaurants.timezone }).from(restaurants).where(eq(restaurants.id, restaurantId));
  const [r] = lock ? await read.for('update') : await read;
  const [last] = await tx
    .select()
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, restaurantId, eq(cashRegisterSessions.status, 'closed')))
    .orderBy(desc(cashRegisterSessions.closingTime))
    .limit(1);
  if (!last?.closingTime || !r) return null;
  const today = localDateString(new Date(), r.timezone);
  return localDateString(last.closingTime, r.timezone) === today ? last : null;
}

/** A closed session's closing answer, from what was stored when it closed. */
async function closeResultOf(db: DbOrTx, restaurantId: string, session: SessionRow): Promise<CloseResult> {
  const figures = await sessionFigures(db, restaurantId, session);
  const counts = await closeCountsOf(db, restaurantId, session.id);
  const movements = await sessionMovements(db, restaurantId, session.id);
  const cash = session.countedDenominations ? countTotal(session.countedDenominations) : null;
  const totals = totalsOf(figures);
  return {
    session: { ...toSessionView(session, totals), totals, finalBalance: session.finalBalance ?? figures.expectedCash },
    blind: session.blindClose,
    differences: counts.map((c) => ({
      method: c.method,
      expected: c.expected,
      counted: c.counted,
      difference: c.difference,
    })),
    totalDifference: session.totalDifference,
    countedCash: cash?.ok ? cash.total : null,
    movements,
  };
}

/** Counted per group: the drawer from the denominations, the other groups as typed. */
function countedByGroup(count: NonNullable<z.output<typeof closeSessionSchema>['count']>) {
  const cash = countTotal(count.denominations);
  if (!cash.ok) throw badRequest(cash.title, cash.description ?? '', cash.code);
  const counted: Record<string, number> = { [CASH_GROUP]: cash.total };
  for (const [method, amount] of Object.entries(count.methods)) {
    if (method === CASH_GROUP) continue;
    counted[method] = (counted[method] ?? 0) + amount;
  }
  return { counted, countedCash: cash.total };
}

/**
 * Fechar Caixa: totals, withdrawals and final balance computed from the rows in one transaction that
 * holds the session row, so no sale lands in a session being closed. A cashier-only user must count
 * (blind close); the expected, counted and difference per group are stored. Without an open session a
 * closed one is created, as the spec says.
 */
export async function closeSession(ctx: StaffCtx, input: z.output<typeof closeSessionSchema>): Promise<CloseResult> {
  const blind = isCashierOnly(ctx.actor.rules);
  if (blind && !input.count)
    throw badRequest('Contagem obrigatória', 'Conte as notas, moedas e os totais de cartão e PIX para fechar o caixa.');
  const counting = input.count ? countedByGroup(input.count) : null;

  return ctx.db.transaction(async (tx) => {
    let [session] = await tx
      .select()
      .from(cashRegisterSessions)
      .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.status, 'open')))
      .for('update');
    if (!session) {
      const closedToday = await closedTodayOf(tx, ctx.restaurantId, true);
      if (closedToday) return closeResultOf(tx, ctx.restaurantId, closedToday);
      [session] = await tx
        .insert(cashRegisterSessions)
        .values({
          restaurantId: ctx.restaurantId,
          employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
          employeeName: ctx.actor.name,
          status: 'closed',
          closingTime: new Date(),
          finalBalance: 0,
          notes: input.notes,
        })
        .returning();
    }
    const figures = await sessionFigures(tx, ctx.restaurantId, session);
    const diff = counting ? closeDifferences(figures.expected, counting.counted) : null;
    const [closed] = await tx
      .update(cashRegisterSessions)
      .set({
        status: 'closed',
        closingTime: session.closingTime ?? new Date(),
        totalSales: figures.totalSales,
        cashSales: figures.cashSales,
        totalWithdrawals: figures.totalWithdrawals,
        totalSupplies: figures.totalSupplies,
        totalDiscounts: figures.totalDiscounts,
        finalBalance: figures.expectedCash,
        blindClose: blind,
        countedDenominations: input.count?.denominations ?? null,
        totalDifference: diff?.totalDifference ?? null,
        notes: input.notes ?? session.notes,
      })
      .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.id, session.id)))
      .returning();
    if (diff && diff.methods.length > 0) {
      await tx
        .insert(cashCloseCounts)
        .values(diff.methods.map((m) => ({ restaurantId: ctx.restaurantId, sessionId: session.id, ...m })));
    }
    await tx
      .insert(cashRegisterHistory)
      .values(historyRow(ctx, session.id, 'closing', figures.expectedCash, input.notes));
    await sessionEvent({ ...ctx, db: tx }, { sessionId: session.id, status: 'closed' });
    await enqueueCashClosing(tx, ctx.restaurantId, {
      openedAt: session.openingDate,
      closedAt: closed.closingTime ?? new Date(),
      operator: session.employeeName ?? ctx.actor.name,
      opening: session.initialAmount,
      totalSales: figures.totalSales,
      salesCount: figures.salesCount,
      supplies: figures.totalSupplies,
      withdrawals: figures.totalWithdrawals,
      expectedCash: figures.expectedCash,
      groups: (
        diff?.methods ??
        Object.entries(figures.expected).map(([method, expected]) => ({ method, expected, counted: null }))
      ).map((g) => ({ method: g.method, expected: g.expected, counted: g.counted })),
    });
    const totals = totalsOf(figures);
    const movements = await sessionMovements(tx, ctx.restaurantId, session.id);
    return {
      session: { ...toSessionView(closed, totals), totals, finalBalance: figures.expectedCash },
      blind,
      differences: diff?.methods ?? [],
      totalDifference: diff?.totalDifference ?? null,
      countedCash: counting?.countedCash ?? null,
      movements,
    };
  });
}

/**
 * Sangria (withdrawal) or suprimento (cash added) against the open session, with its history row.
 * Holding the session row (FOR SHARE) keeps a concurrent close from missing the movement.
 */
export async function recordMovement(
  ctx: StaffCtx,
  kind: 'withdrawal' | 'supply',
  input: { amount: number; reason: string; confirmAboveDrawer?: boolean },
): Promise<CashMovementView> {
  return ctx.db.transaction(async (tx) => {
    // A sangria holds the session row exclusively, so two at once cannot both fit in the same cash.
    const [session] = await tx
      .select()
      .from(cashRegisterSessions)
      .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.status, 'open')))
      .for(kind === 'withdrawal' ? 'update' : 'share');
    if (!session) throw noOpenSession();
    if (kind === 'withdrawal') {
      const { expectedCash } = await sessionFigures(tx, ctx.restaurantId, session);
      const checked = checkWithdrawalAgainstDrawer(input.amount, expectedCash, {
        cashierOnly: isCashierOnly(ctx.actor.rules),
        confirmed: input.confirmAboveDrawer === true,
      });
      if (!checked.ok) throw new AppError(409, checked.code, checked.title, checked.description ?? '');
    }
    const [history] = await tx
      .insert(cashRegisterHistory)
      .values(historyRow(ctx, session.id, kind, input.amount, input.reason))
      .returning();
    let id = history.id;
    if (kind === 'withdrawal') {
      const [w] = await tx
        .insert(cashWithdrawals)
        .values({
          restaurantId: ctx.restaurantId,
          sessionId: session.id,
          employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null,
          employeeName: ctx.actor.name,
          amount: input.amount,
          reason: input.reason,
        })
        .returning();
      id = w.id;
    }
    // No amount: every manage_cashier holder hears of it, cashier-only users included (blind close).
    await sessionEvent({ ...ctx, db: tx }, { sessionId: session.id, movement: kind });
    return {
      id,
      kind,
      amount: input.amount,
      reason: input.reason,
      employeeName: ctx.actor.name,
      createdAt: history.createdAt.toISOString(),
    };
  });
}

/**
 * A sale that reached a session after it was closed (made offline before the close): the closing
 * figures are computed again from the rows, the counted groups' expected and difference follow, and a
 * history row says what arrived late. The caller holds the session row FOR UPDATE.
 */
export async function addLateSale(
  ctx: StaffCtx,
  session: SessionRow,
  sale: { orderId: string; number: number; total: number; soldBy: string },
) {
  const figures = await sessionFigures(ctx.db, ctx.restaurantId, session);
  const counts = await closeCountsOf(ctx.db, ctx.restaurantId, session.id);
  const diff =
    counts.length > 0
      ? closeDifferences(figures.expected, Object.fromEntries(counts.map((c) => [c.method, c.counted])))
      : null;
  await ctx.db
    .update(cashRegisterSessions)
    .set({
      totalSales: figures.totalSales,
      cashSales: figures.cashSales,
      totalDiscounts: figures.totalDiscounts,
      finalBalance: figures.expectedCash,
      ...(diff ? { totalDifference: diff.totalDifference } : {}),
    })
    .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.id, session.id)));
  if (diff) {
    await ctx.db
      .delete(cashCloseCounts)
      .where(tenant(cashCloseCounts, ctx.restaurantId, eq(cashCloseCounts.sessionId, session.id)));
    await ctx.db
      .insert(cashCloseCounts)
      .values(diff.methods.map((m) => ({ restaurantId: ctx.restaurantId, sessionId: session.id, ...m })));
  }
  await ctx.db
    .insert(cashRegisterHistory)
    .values(
      historyRow(
        ctx,
        session.id,
        'late_sale',
        sale.total,
        `Venda #${sale.number} de ${sale.soldBy}, feita sem conexão, chegou depois do fechamento`,
      ),
    );
  await sessionEvent(ctx, { sessionId: session.id, status: 'closed' });
}
