import { orderItems, tableAccountPayments, tableAccounts } from '@meucardapio/db/schema';
import type { AccountKind } from '@meucardapio/domain/table-accounts';
import type { joinSchema, transferSchema } from '@meucardapio/domain/table-accounts-api';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { badRequest } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { tenant } from '../../http/tenant';
import {
  type AccountRow,
  accountView,
  announceAccount,
  assertOperation,
  assertTableExists,
  insertAccount,
  lockAccount,
  occupied,
  openAccountOf,
  who,
} from './account-rows';

/** Moving what is on a table: to another table (some items or the whole account), or joining two tables. */

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
