import { withinLocalDays } from '@meucardapio/db/local-days';
import { diningTables, tableAccountSettings, tableAccounts } from '@meucardapio/db/schema';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { localDateString } from '@meucardapio/domain/hours';
import {
  type AccountKind,
  checkAccountDiscount,
  checkCanClose,
  checkServiceRemoval,
  remainingOf,
  tableTurnover,
} from '@meucardapio/domain/table-accounts';
import type {
  AccountSettingsView,
  AccountView,
  accountDiscountSchema,
  accountSettingsSchema,
  openAccountSchema,
  RoomTile,
  RoomView,
  serviceChargeSchema,
  TurnoverView,
} from '@meucardapio/domain/table-accounts-api';
import { asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { openSessionId } from '../cashier/session.service';
import { queueAccountNote } from '../fiscal/queue-note';
import { approvedDiscount } from '../staff/discount-approval';
import type { VerifiedStaff } from '../staff/staff-password.service';
import {
  type AccountRow,
  accountBalance,
  accountSettingsOf,
  accountView,
  announceAccount,
  assertOperation,
  billOfAccount,
  change,
  insertAccount,
  itemsTotals,
  paidTotals,
  who,
} from './account-rows';

/** Table accounts as the waiter's app and the PDV use them: open, look, bill and close (moves: account-moves.service.ts). */

/** Abrir mesa: livre → ocupada, for N people, with the restaurant's service charge and couvert. */
export async function openAccount(ctx: StaffCtx, input: z.output<typeof openAccountSchema>): Promise<AccountView> {
  return inTransaction(ctx, async (tx) => {
    const row = await insertAccount(tx, input);
    await announceAccount(tx.db, row);
    return accountView(tx.db, row);
  });
}

/** The room: every table (free or with its account) and the open tabs, with totals and time open. */
export async function roomView(ctx: StaffCtx): Promise<RoomView> {
  const [tables, open, settings] = await Promise.all([
    ctx.db
      .select({ number: diningTables.number })
      .from(diningTables)
      .where(tenant(diningTables, ctx.restaurantId))
      .orderBy(asc(diningTables.number)),
    ctx.db
      .select()
      .from(tableAccounts)
      .where(tenant(tableAccounts, ctx.restaurantId, ne(tableAccounts.status, 'closed')))
      .orderBy(asc(tableAccounts.number)),
    accountSettingsOf(ctx.db, ctx.restaurantId),
  ]);
  const ids = open.map((a) => a.id);
  const [items, paid] = await Promise.all([
    itemsTotals(ctx.db, ctx.restaurantId, ids),
    paidTotals(ctx.db, ctx.restaurantId, ids),
  ]);
  const tile = (a: AccountRow): RoomTile => {
    const bill = billOfAccount(a, items.get(a.id) ?? 0);
    return {
      kind: a.kind as AccountKind,
      number: a.number,
      status: a.status as RoomTile['status'],
      account: {
        id: a.id,
        people: a.people,
        openedAt: a.openedAt.toISOString(),
        total: bill.total,
        remaining: remainingOf(bill.total, paid.get(a.id) ?? 0),
      },
    };
  };
  const byTable = new Map(open.filter((a) => a.kind === 'table').map((a) => [a.number, a]));
  const tiles: RoomTile[] = tables.map(({ number }) => {
    const a = byTable.get(number);
    return a ? tile(a) : { kind: 'table', number, status: 'free', account: null };
  });
  tiles.push(...open.filter((a) => a.kind === 'tab').map(tile));
  return { tiles, now: new Date().toISOString(), ...settings };
}

export async function getAccount(ctx: StaffCtx, id: string): Promise<AccountView> {
  const [row] = await ctx.db
    .select()
    .from(tableAccounts)
    .where(tenant(tableAccounts, ctx.restaurantId, eq(tableAccounts.id, id)))
    .limit(1);
  if (!row) throw notFound('Conta não encontrada', 'Recarregue a página e tente novamente.');
  return accountView(ctx.db, row);
}

/** Pedir a conta: ocupada → em pagamento (no more rounds until it goes back). */
export const requestBill = (ctx: StaffCtx, id: string) =>
  change(ctx, id, async (_tx, a) => {
    assertOperation(a, 'request_bill');
    return { status: 'billing', billRequestedAt: new Date() };
  });

/** Back to ordering: em pagamento → ocupada; payments already taken are kept. */
export const reopenAccount = (ctx: StaffCtx, id: string) =>
  change(ctx, id, async (_tx, a) => {
    assertOperation(a, 'reopen');
    return { status: 'occupied', billRequestedAt: null };
  });

/** The 10 %: removed (with a reason, the customer may decline it), put back, or another percentage. */
export const setServiceCharge = (ctx: StaffCtx, id: string, input: z.output<typeof serviceChargeSchema>) =>
  change(ctx, id, async (_tx, a) => {
    assertOperation(a, 'set_service_charge');
    if (!input.removed) return { serviceRemovedReason: null, servicePercent: input.percent ?? a.servicePercent };
    const reason = checkServiceRemoval(input.reason);
    if (!reason.ok) throw badRequest(reason.title, reason.description ?? '', reason.code);
    return { serviceRemovedReason: reason.reason };
  });

/**
 * Fechar conta: only when the payments cover the bill. The bill's total and service charge are kept on
 * the account, in the cash session open at that moment (the session's report shows the service apart).
 * The whole bill is one sale: it gets its NFC-e now when the PDV issues them automatically (decision 087).
 */
export const closeAccount = (ctx: StaffCtx, id: string, buyerCpf: string | null = null) =>
  change(ctx, id, async (tx, a) => {
    assertOperation(a, 'close');
    const buyer = checkBuyerDocument(buyerCpf);
    if (!buyer.ok) throw badRequest(buyer.message, buyer.message, 'invalid_buyer');
    const { bill, paid } = await accountBalance(tx.db, a);
    const covered = checkCanClose(bill.total, paid);
    if (!covered.ok) throw new AppError(409, covered.code, covered.title, covered.description ?? '');
    if ((await restaurantById(tx.db, tx.restaurantId)).nfcePdvMode === 'automatic')
      await queueAccountNote(tx, a.id, bill.total, { buyerCpf: buyer.cpf });
    return {
      status: 'closed',
      closedAt: new Date(),
      closedByName: who(tx),
      total: bill.total,
      serviceCharge: bill.serviceCharge,
      closedSessionId: await openSessionId(tx),
    };
  });

/**
 * Desconto na conta: the PDV's rule of who may give how much (on the items' total), never below what was
 * already paid; 0 removes it. The approver's password was checked by the caller before the transaction.
 */
export const setDiscount = (
  ctx: StaffCtx,
  id: string,
  input: z.output<typeof accountDiscountSchema>,
  approver: VerifiedStaff | null,
) =>
  change(ctx, id, async (tx, a) => {
    assertOperation(a, 'discount');
    const { bill, paid } = await accountBalance(tx.db, a);
    const checked = checkAccountDiscount(
      {
        itemsTotal: bill.itemsTotal,
        discount: input.amount,
        servicePercent: a.servicePercent,
        serviceRemoved: a.serviceRemovedReason !== null,
        couvertPerPerson: a.couvertPerPerson,
        people: a.people,
      },
      paid,
    );
    if (!checked.ok) throw new AppError(409, checked.code, checked.title, checked.description ?? '');
    if (input.amount === 0)
      return { discount: 0, discountGivenByName: null, discountApprovedByName: null, discountReason: null };
    const approvedBy = approvedDiscount(
      tx.actor.rules,
      { subtotal: bill.itemsTotal, discount: input.amount, approval: input.approval ?? null, reason: input.reason },
      approver,
    );
    return {
      discount: input.amount,
      discountGivenByName: who(tx),
      discountApprovedByName: approvedBy?.name ?? null,
      discountReason: input.reason,
    };
  });

export const accountSettings = (ctx: StaffCtx): Promise<AccountSettingsView> =>
  accountSettingsOf(ctx.db, ctx.restaurantId);

export async function saveAccountSettings(ctx: StaffCtx, input: z.output<typeof accountSettingsSchema>) {
  await ctx.db
    .insert(tableAccountSettings)
    .values({ restaurantId: ctx.restaurantId, ...input })
    .onConflictDoUpdate({ target: tableAccountSettings.restaurantId, set: input });
  return accountSettingsOf(ctx.db, ctx.restaurantId);
}

/** Table turnover of a day (today by default) in the restaurant's timezone; joined tables count in the one they joined. */
export async function turnoverOfDay(ctx: StaffCtx, day: string | undefined): Promise<TurnoverView> {
  const date = day ?? localDateString(new Date(), ctx.actor.timezone);
  const rows = await ctx.db
    .select({
      openedAt: tableAccounts.openedAt,
      closedAt: tableAccounts.closedAt,
      people: tableAccounts.people,
      total: tableAccounts.total,
      serviceCharge: tableAccounts.serviceCharge,
    })
    .from(tableAccounts)
    .where(
      tenant(
        tableAccounts,
        ctx.restaurantId,
        eq(tableAccounts.status, 'closed'),
        isNull(tableAccounts.joinedIntoId),
        withinLocalDays(tableAccounts.closedAt, ctx.actor.timezone, date),
      ),
    );
  const closed = rows.map((a) => ({ ...a, closedAt: a.closedAt ?? a.openedAt, total: a.total ?? 0 }));
  return {
    date,
    ...tableTurnover(closed),
    serviceCharge: closed.reduce((s, a) => s + (a.serviceCharge ?? 0), 0),
  };
}
