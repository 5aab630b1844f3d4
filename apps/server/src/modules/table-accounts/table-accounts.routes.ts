import {
  accountDiscountSchema,
  accountPaymentSchema,
  accountSettingsSchema,
  cancelItemSchema,
  closeAccountSchema,
  joinSchema,
  openAccountSchema,
  roundSchema,
  serviceChargeSchema,
  transferSchema,
} from '@meucardapio/domain/table-accounts-api';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { badRequest } from '../../http/errors';
import { customerCtx, staffCtx } from '../../http/guard';
import { idempotencyKeyOf } from '../../http/idempotency';
import { clientIp } from '../../http/proxy';
import { idParam, parseBody, parseOptionalBody, parseParams, parseQuery } from '../../http/validate';
import { verifyStaffPassword } from '../staff/staff-password.service';
import { joinTables, transfer } from './account-moves.service';
import { payPart, tablePaymentOptions } from './account-payments.service';
import {
  accountSettings,
  closeAccount,
  getAccount,
  openAccount,
  reopenAccount,
  requestBill,
  roomView,
  saveAccountSettings,
  setDiscount,
  setServiceCharge,
  turnoverOfDay,
} from './accounts.service';
import { cancelItem } from './cancel-item.service';
import { guestAccount } from './guest.service';
import { addRound } from './round.service';

/** Table accounts: the waiter's app (manage_tables), payments also from the PDV (manage_cashier). */
export const tableAccountsRoutes = new Hono<AppEnv>();

const P = '/admin/table-accounts';
const waiter = (c: Parameters<typeof staffCtx>[0]) => staffCtx(c, 'manage_tables');
const waiterOrCashier = (c: Parameters<typeof staffCtx>[0]) => staffCtx(c, 'manage_tables', 'manage_cashier');

const itemParam = z.object({ itemId: z.uuid({ message: 'Identificador inválido' }) });
const numberParam = z.object({
  number: z.coerce
    .number({ message: 'Mesa inválida' })
    .int('Mesa inválida')
    .min(1, 'Mesa inválida')
    .max(100000, 'Mesa inválida'),
});
const dayQuery = z.object({ date: z.iso.date({ message: 'Data inválida' }).optional() });

function requireKey(c: Parameters<typeof idempotencyKeyOf>[0], what: string): string {
  const key = idempotencyKeyOf(c);
  if (!key) throw badRequest('Dados inválidos', `Envie o cabeçalho Idempotency-Key com a tentativa de ${what}.`);
  return key;
}

tableAccountsRoutes.get(`${P}/room`, async (c) => c.json(await roomView(waiterOrCashier(c))));

tableAccountsRoutes.get(`${P}/turnover`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { date } = parseQuery(c, dayQuery);
  return c.json(await turnoverOfDay(ctx, date));
});

tableAccountsRoutes.get(`${P}/payment-methods`, async (c) => c.json(await tablePaymentOptions(waiterOrCashier(c))));

tableAccountsRoutes.get(`${P}/settings`, async (c) => c.json(await accountSettings(staffCtx(c, 'manage_settings'))));

tableAccountsRoutes.put(`${P}/settings`, async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  return c.json(await saveAccountSettings(ctx, await parseBody(c, accountSettingsSchema)));
});

tableAccountsRoutes.post(P, async (c) => {
  const ctx = waiter(c);
  return c.json({ account: await openAccount(ctx, await parseBody(c, openAccountSchema)) }, 201);
});

tableAccountsRoutes.get(`${P}/:id`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await getAccount(ctx, id) });
});

tableAccountsRoutes.post(`${P}/:id/rounds`, async (c) => {
  const ctx = waiter(c);
  const { id } = parseParams(c, idParam);
  const { items } = await parseBody(c, roundSchema);
  return c.json({ account: await addRound(ctx, id, items, requireKey(c, 'rodada')) }, 201);
});

tableAccountsRoutes.post(`${P}/items/:itemId/cancel`, async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { itemId } = parseParams(c, itemParam);
  const { reason } = await parseBody(c, cancelItemSchema);
  return c.json({ account: await cancelItem(ctx, itemId, reason) });
});

tableAccountsRoutes.post(`${P}/:id/transfer`, async (c) => {
  const ctx = waiter(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await transfer(ctx, id, await parseBody(c, transferSchema)) });
});

tableAccountsRoutes.post(`${P}/:id/join`, async (c) => {
  const ctx = waiter(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await joinTables(ctx, id, await parseBody(c, joinSchema)) });
});

tableAccountsRoutes.post(`${P}/:id/request-bill`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await requestBill(ctx, id) });
});

tableAccountsRoutes.post(`${P}/:id/reopen`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await reopenAccount(ctx, id) });
});

tableAccountsRoutes.put(`${P}/:id/service-charge`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  return c.json({ account: await setServiceCharge(ctx, id, await parseBody(c, serviceChargeSchema)) });
});

tableAccountsRoutes.put(`${P}/:id/discount`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  const input = await parseBody(c, accountDiscountSchema);
  // The password check is slow on purpose: done before the account's lock is taken.
  const approver = input.approval ? await verifyStaffPassword(ctx, input.approval, clientIp(c)) : null;
  return c.json({ account: await setDiscount(ctx, id, input, approver) });
});

tableAccountsRoutes.post(`${P}/:id/payments`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  const input = await parseBody(c, accountPaymentSchema);
  const result = await payPart(ctx, id, input, requireKey(c, 'pagamento'));
  return c.json(result, result.replayed ? 200 : 201);
});

tableAccountsRoutes.post(`${P}/:id/close`, async (c) => {
  const ctx = waiterOrCashier(c);
  const { id } = parseParams(c, idParam);
  const { buyerCpf } = await parseOptionalBody(c, closeAccountSchema);
  return c.json({ account: await closeAccount(ctx, id, buyerCpf ?? null) });
});

/** A phone at the table: the account of the table it ordered at, and only that one. */
tableAccountsRoutes.get('/customer/tables/:number/account', async (c) => {
  const ctx = customerCtx(c);
  const { number } = parseParams(c, numberParam);
  return c.json({ account: await guestAccount(ctx, number) });
});
