import { inOneTrip, type Step, step } from '@meucardapio/db/one-trip';
import { type orders, tableAccounts } from '@meucardapio/db/schema';
import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { eq, sql } from 'drizzle-orm';
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
import {
  enqueueSentOrder,
  type OrderPrinting,
  orderPrintingAnswered,
  orderPrintingSteps,
  printsOrderTickets,
} from '../printing/print-jobs.service';
import {
  type AccountRow,
  accountAnnouncedStep,
  accountView,
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
    /** Reads and writes nothing through the transaction, which may be committed already (decision 128). */
    answer: (placed: PlacedOrder) => Promise<Answer>;
    replay: (earlier: OrderRow) => Promise<Answer>;
  },
): Promise<Answer> {
  let account: AccountRow | null = null;
  let kind: AccountRow['kind'] = 'table';
  let printing: OrderPrinting | null = null;
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
    // The account's row is locked before the restaurant's (every path locks in that order); its round
    // is numbered in the same round trip as what its tickets need is read (the printers, what prints by
    // itself, its products' stations), which says whether the round leaves anything to write after the
    // order's statement.
    async attach(txCtx, priced) {
      account = await lockAccount(txCtx, input.accountId);
      assertOperation(account, 'add_round');
      const round = account.rounds + 1;
      const trip = await inOneTrip(txCtx.db, {
        numbered: step<{ id: string }>(
          [
            [
              'numbered',
              txCtx.db
                .update(tableAccounts)
                .set({ rounds: round })
                .where(tenant(tableAccounts, txCtx.restaurantId, eq(tableAccounts.id, account.id)))
                .returning({ id: tableAccounts.id })
                .getSQL(),
            ],
          ],
          sql`select id from numbered`,
        ),
        ...orderPrintingSteps(
          txCtx.db,
          txCtx.restaurantId,
          priced.lines.flatMap((l) => (l.product.id ? [l.product.id] : [])),
        ),
      });
      printing = orderPrintingAnswered(trip);
      return { accountId: account.id, round };
    },
    // Every phone following the account hears of the round with the order's own events.
    alongside: (): Record<string, Step<unknown>> =>
      account ? { announced: accountAnnouncedStep(account, input.customer.id) } : {},
    // Nobody accepts a round: it prints at its stations (and the counter) as it is sent.
    records: () => printing !== null && printsOrderTickets(printing),
    async record(txCtx, placed) {
      if (!printing || !account) return;
      await enqueueSentOrder(
        txCtx.db,
        txCtx.restaurantId,
        placed,
        account.kind === 'tab' ? account.number : null,
        printing,
      );
    },
    async replay(_readCtx, earlier) {
      if (earlier.tableAccountId !== input.accountId)
        throw conflict('Rodada duplicada', 'Esta tentativa já foi usada. Recarregue a página e tente novamente.');
      return input.replay(earlier);
    },
    answer: async (_txCtx, placed) => input.answer(placed),
  };
  return placeOrder(ctx, { channel: 'table', idempotencyKey: input.idempotencyKey, door });
}

/** A round sent by the waiter: the account as it stands once the round is in. */
export async function addRound(
  ctx: StaffCtx,
  accountId: string,
  items: readonly ProposedLine[],
  idempotencyKey: string | null,
): Promise<AccountView> {
  await placeRound(ctx, {
    accountId,
    items,
    customer: { id: null, name: ctx.actor.name, phone: null, email: null },
    placedBy: { employeeId: ctx.actor.kind === 'employee' ? ctx.actor.id : null, name: ctx.actor.name },
    idempotencyKey,
    answer: async () => undefined,
    replay: async () => undefined,
  });
  return accountView(ctx.db, await findAccount(ctx, accountId));
}
