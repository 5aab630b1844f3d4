import { withinLocalDays } from '@meucardapio/db/local-days';
import {
  diningTables,
  orderItems,
  tableAccountPayments,
  tableAccountSettings,
  tableAccounts,
} from '@meucardapio/db/schema';
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
  joinSchema,
  openAccountSchema,
  RoomTile,
  RoomView,
  serviceChargeSchema,
  TurnoverView,
  transferSchema,
} from '@meucardapio/domain/table-accounts-api';
import { asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
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
  itemsTotals,
  lockAccount,
  openAccountOf,
  paidTotals,
} from './account-rows';

/** Table accounts as the waiter's app and the PDV use them: open, look, move, join, bill and close. */

const who = (ctx: StaffCtx) => ctx.actor.name;

async function assertTableExists(ctx: StaffCtx, number: number) {
  const [row] = await ctx.db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(tenant(diningTables, ctx.restaurantId, eq(diningTables.number, number)))
    .limit(1);
  if (!row)
    throw badRequest('Mesa inválida', `A mesa ${number} não existe. Cadastre-a em Gerenciar Mesas.`, 'table_not_found');
}

const occupied = (number: number) =>
  conflict('Mesa ocupada', `A mesa ${number} já tem uma conta aberta. Recarregue a página para vê-la.`);

async function insertAccount(ctx: StaffCtx, input: z.output<typeof openAccountSchema>): Promise<AccountRow> {
  if (input.kind === 'table') await assertTableExists(ctx, input.number);
  const settings = await accountSettingsOf(ctx.db, ctx.restaurantId);
  try {
    // A savepoint: the loser of two openings at once gets a 409 and the caller's transaction goes on.
    const [row] = await inTransaction(ctx, (tx) =>
      tx.db
        .insert(tableAccounts)
        .values({
          restaurantId: ctx.restaurantId,
          kind: input.kind,
          number: input.number,
          people: input.people,
          servicePercent: settings.servicePercent,
          couvertPerPerson: settings.couvertPerPerson,
          openedByName: who(ctx),
        })
        .returning(),
    );
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw occupied(input.number);
    throw err;
  }
}

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

/** Locks two accounts in id order, so two moves between the same tables never wait on each other. */
async function lockPair(ctx: StaffCtx, a: string, b: string): Promise<[AccountRow, AccountRow]> {
  const [first, second] = a < b ? [a, b] : [b, a];
  const x = await lockAccount(ctx, first);
  const y = await lockAccount(ctx, second);
  return a < b ? [x, y] : [y, x];
}

/**
 * Transfer: chosen items to another table (opened for them when free), or, without items, the whole
 * account to a free table. The bills of both add up to what there was before.
 */
export async function transfer(ctx: StaffCtx, id: string, input: z.output<typeof transferSchema>) {
  return inTransaction(ctx, async (tx) => {
    const source = await lockAccount(tx, id);
    assertOperation(source, 'transfer');
    if (source.kind === 'table' && input.toNumber === source.number)
      throw badRequest('Mesa de destino inválida', 'Escolha outra mesa.', 'same_table');
    if (source.kind === 'table') await assertTableExists(tx, input.toNumber);
    if (!input.itemIds) {
      if (await openAccountOf(tx, source.kind as AccountKind, input.toNumber, { lock: true }))
        throw occupied(input.toNumber);
      const [moved] = await tx.db
        .update(tableAccounts)
        .set({ number: input.toNumber })
        .where(tenant(tableAccounts, tx.restaurantId, eq(tableAccounts.id, source.id)))
        .returning()
        .catch((err) => {
          if (isUniqueViolation(err)) throw occupied(input.toNumber);
          throw err;
        });
      await announceAccount(tx.db, source);
      await announceAccount(tx.db, moved);
      return accountView(tx.db, moved);
    }
    const existing = await openAccountOf(tx, source.kind as AccountKind, input.toNumber, { lock: true });
    const target =
      existing ?? (await insertAccount(tx, { kind: source.kind as AccountKind, number: input.toNumber, people: 1 }));
    const [, locked] = await lockPair(tx, source.id, target.id);
    assertOperation(locked, 'transfer');
    const moved = await tx.db
      .update(orderItems)
      .set({ tableAccountId: target.id })
      .where(
        tenant(
          orderItems,
          tx.restaurantId,
          inArray(orderItems.id, input.itemIds),
          eq(orderItems.tableAccountId, source.id),
          isNull(orderItems.cancelledAt),
        ),
      )
      .returning({ id: orderItems.id });
    if (moved.length !== input.itemIds.length)
      throw badRequest(
        'Itens inválidos',
        'Algum item não está nesta conta ou foi cancelado. Recarregue a conta.',
        'items_not_in_account',
      );
    await announceAccount(tx.db, source);
    await announceAccount(tx.db, target);
    return accountView(tx.db, source);
  });
}

/** Juntar mesas: the other table's account (items and payments) joins this one; the other table is freed. */
export async function joinTables(ctx: StaffCtx, id: string, input: z.output<typeof joinSchema>) {
  return inTransaction(ctx, async (tx) => {
    const target = await lockAccount(tx, id);
    const other = await openAccountOf(tx, target.kind as AccountKind, input.number);
    if (!other || other.id === target.id)
      throw badRequest(
        'Mesa sem conta',
        `A mesa ${input.number} não tem outra conta aberta para juntar.`,
        'nothing_to_join',
      );
    const [into, from] = await lockPair(tx, target.id, other.id);
    assertOperation(into, 'join');
    assertOperation(from, 'join');
    await tx.db
      .update(orderItems)
      .set({ tableAccountId: into.id })
      .where(tenant(orderItems, tx.restaurantId, eq(orderItems.tableAccountId, from.id)));
    await tx.db
      .update(tableAccountPayments)
      .set({ accountId: into.id })
      .where(tenant(tableAccountPayments, tx.restaurantId, eq(tableAccountPayments.accountId, from.id)));
    const [joined] = await tx.db
      .update(tableAccounts)
      .set({ people: into.people + from.people })
      .where(tenant(tableAccounts, tx.restaurantId, eq(tableAccounts.id, into.id)))
      .returning();
    const [freed] = await tx.db
      .update(tableAccounts)
      .set({
        status: 'closed',
        closedAt: new Date(),
        closedByName: who(tx),
        joinedIntoId: into.id,
        total: 0,
        serviceCharge: 0,
      })
      .where(tenant(tableAccounts, tx.restaurantId, eq(tableAccounts.id, from.id)))
      .returning();
    await announceAccount(tx.db, freed);
    await announceAccount(tx.db, joined);
    return accountView(tx.db, joined);
  });
}

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
