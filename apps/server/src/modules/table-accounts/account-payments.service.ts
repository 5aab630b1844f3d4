import { tableAccountPayments } from '@meucardapio/db/schema';
import { addPayment } from '@meucardapio/domain/cashier';
import { pdvNfceOf } from '@meucardapio/domain/fiscal-rules';
import { pixBrCode, pixSettingsOf, pixTxid } from '@meucardapio/domain/pix';
import type { AccountPaymentResult, accountPaymentSchema } from '@meucardapio/domain/table-accounts-api';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type StaffCtx } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { pdvPaymentMethods } from '../cashier/pdv-catalog.service';
import { openSessionForSale } from '../cashier/sale.service';
import {
  accountBalance,
  accountView,
  announceAccount,
  assertOperation,
  findAccount,
  lockAccount,
  toPaymentView,
} from './account-rows';

/**
 * One part of a table's bill paid (cash with change, card, PIX by the restaurant's QR), at the PDV or by
 * the waiter. Counted in the open cash session like a PDV sale's payment; never more than what is left;
 * kept if the table goes on ordering. The Idempotency-Key makes a retried payment count once.
 */
export async function payPart(
  ctx: StaffCtx,
  accountId: string,
  input: z.output<typeof accountPaymentSchema>,
  key: string,
): Promise<AccountPaymentResult> {
  const replay = async (): Promise<AccountPaymentResult | null> => {
    const [earlier] = await ctx.db
      .select()
      .from(tableAccountPayments)
      .where(tenant(tableAccountPayments, ctx.restaurantId, eq(tableAccountPayments.idempotencyKey, key)))
      .limit(1);
    if (!earlier) return null;
    if (earlier.accountId !== accountId)
      throw conflict('Pagamento duplicado', 'Esta tentativa de pagamento já foi usada. Recarregue a conta.');
    const account = await findAccount(ctx, accountId);
    return { account: await accountView(ctx.db, account), payment: toPaymentView(earlier), replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await inTransaction(ctx, async (tx) => {
      const account = await lockAccount(tx, accountId);
      assertOperation(account, 'pay');
      const session = await openSessionForSale(tx);
      const restaurant = await restaurantById(tx.db, tx.restaurantId);
      const pix = pixSettingsOf(restaurant);
      const methods = await pdvPaymentMethods(tx, pix);
      const { remaining } = await accountBalance(tx.db, account);
      if (remaining === 0) throw conflict('Conta já paga', 'Não há valor restante a pagar nesta conta.');
      const added = addPayment([], remaining, input, methods);
      if (!added.ok) throw badRequest(added.title, added.description ?? '', added.code);
      const { payment } = added;
      const method = methods.find((m) => m.id === payment.methodId)!;
      const [row] = await tx.db
        .insert(tableAccountPayments)
        .values({
          restaurantId: tx.restaurantId,
          accountId,
          sessionId: session.id,
          methodId: payment.methodId,
          methodName: payment.methodName,
          amount: payment.amount,
          installments: payment.installments,
          receivedAmount: payment.received,
          changeAmount: payment.change,
          pixBrCode: pix && method.pixQr ? pixBrCode(pix, payment.amount, pixTxid(key)) : null,
          employeeName: tx.actor.name,
          idempotencyKey: key,
        })
        .returning();
      await announceAccount(tx.db, account);
      return { account: await accountView(tx.db, account), payment: toPaymentView(row), replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const winner = await replay();
      if (winner) return winner;
    }
    throw err;
  }
}

/** The methods a table's part may be paid with (the PDV's own list), and how its NFC-e is issued. */
export async function tablePaymentOptions(ctx: StaffCtx) {
  const restaurant = await restaurantById(ctx.db, ctx.restaurantId);
  return { methods: await pdvPaymentMethods(ctx, pixSettingsOf(restaurant)), nfce: pdvNfceOf(restaurant) };
}
