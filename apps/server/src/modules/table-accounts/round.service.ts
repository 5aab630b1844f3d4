import { type orders, tableAccounts } from '@meucardapio/db/schema';
import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { eq } from 'drizzle-orm';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { conflict } from '../../http/errors';
import { tenant } from '../../http/tenant';
import {
  type OrderCustomer,
  type OrderDoor,
  type PlacedOrder,
  type ProposedLine,
  placeOrder,
} from '../orders/place/place-order';
import { enqueueAcceptedOrder } from '../printing/print-jobs.service';
import {
  type AccountRow,
  accountView,
  announceAccount,
  assertOperation,
  findAccount,
  lockAccount,
} from './account-rows';

type OrderRow = typeof orders.$inferSelect;

/**
 * The table door to the order pipeline: a round of an open account (from the waiter's phone, or a
 * customer's phone at the table). The pipeline prices it, takes stock and tells the board and the kitchen;
 * this door locks the account's row, checks it still takes rounds, numbers the round and tags the order
 * and its items with the account, so the account's bill is what its rounds hold, and queues the round's
 * tickets as the board's accept does. Nothing is charged here: the account is paid at the end.
 */
export async function placeRound<Answer>(
  ctx: ServiceCtx,
  input: {
    accountId: string;
    items: readonly ProposedLine[];
    customer: OrderCustomer;
    placedBy: { employeeId: string | null; name: string };
    idempotencyKey: string | null;
    answer: (txCtx: ServiceCtx, placed: PlacedOrder, account: AccountRow) => Promise<Answer>;
    replay: (earlier: OrderRow) => Promise<Answer>;
  },
): Promise<Answer> {
  let account: AccountRow | null = null;
  let kind: AccountRow['kind'] = 'table';
  const door: OrderDoor<Answer> = {
    async prepare(readCtx) {
      const seen = await findAccount(readCtx, input.accountId);
      kind = seen.kind;
      return {
        items: input.items,
        customer: input.customer,
        placedBy: input.placedBy,
        // A tab (comanda) is served to whoever holds it: no table number on its rounds.
        delivery: { kind: 'table', tableNumber: seen.kind === 'table' ? seen.number : null },
        discount: { kind: 'manual', amount: 0 },
        note: null,
      };
    },
    async plan() {
      return {
        label: kind === 'tab' ? 'Conta da comanda' : 'Conta da mesa',
        paymentStatus: null,
        paymentData: {},
        installments: null,
        hosted: null,
        localPix: false,
      };
    },
    // The account's row is locked before the restaurant's (every path locks in that order).
    async attach(txCtx) {
      account = await lockAccount(txCtx, input.accountId);
      assertOperation(account, 'add_round');
      const round = account.rounds + 1;
      await txCtx.db
        .update(tableAccounts)
        .set({ rounds: round })
        .where(tenant(tableAccounts, txCtx.restaurantId, eq(tableAccounts.id, account.id)));
      return { accountId: account.id, round };
    },
    // Nobody accepts a round: it prints at its stations (and the counter) as it is sent.
    async record(txCtx, placed) {
      await enqueueAcceptedOrder(txCtx.db, txCtx.restaurantId, placed.order.id);
      if (account) await announceAccount(txCtx.db, account);
    },
    async replay(_readCtx, earlier) {
      if (earlier.tableAccountId !== input.accountId)
        throw conflict('Rodada duplicada', 'Esta tentativa já foi usada. Recarregue a página e tente novamente.');
      return input.replay(earlier);
    },
    answer: async (txCtx, placed) => input.answer(txCtx, placed, account!),
  };
  return placeOrder(ctx, { channel: 'table', idempotencyKey: input.idempotencyKey, door });
}

/** A round sent by the waiter: the account as it stands once the round is in. */
export function addRound(
  ctx: StaffCtx,
  accountId: string,
  items: readonly ProposedLine[],
  idempotencyKey: string | null,
): Promise<AccountView> {
  return placeRound(ctx, {
    accountId,
    items,
    customer: { id: null, name: ctx.actor.name, phone: null, email: null },
    placedBy: { employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null, name: ctx.actor.name },
    idempotencyKey,
    answer: async (txCtx, _placed, account) => accountView(txCtx.db, account),
    replay: async () => accountView(ctx.db, await findAccount(ctx, accountId)),
  });
}
