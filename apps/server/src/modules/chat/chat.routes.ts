import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { customerCtx, staffCtx } from '../../http/guard';
import { parseBody, parseQuery } from '../../http/validate';
import {
  customerUnreadCounts,
  listCustomerMessages,
  listStaffMessages,
  markCustomerRead,
  markStaffRead,
  sendCustomerMessage,
  sendStaffMessage,
  staffUnreadCounts,
} from './chat.service';

export const chatRoutes = new Hono<AppEnv>();

const orderId = z.uuid({ message: 'Pedido inválido' });
// Longer texts than the limit are refused by the service with its own message; this only stops huge bodies.
const messageText = z
  .string({ message: 'Mensagem vazia' })
  .max(20_000, { message: 'Mensagem muito longa' })
  .nullish()
  .transform((v) => v ?? '');

const orderQuery = z.object({ orderId: orderId.optional() });
const readBody = z.object({ orderId: orderId.nullish() });

const staffSendBody = z.object({
  orderId: orderId.nullish(),
  message: messageText,
  recipientType: z.enum(['customer', 'admin', 'employee']).nullish(),
  recipientId: z.uuid({ message: 'Destinatário inválido' }).nullish(),
});

const customerSendBody = z.object({ orderId, message: messageText });

/**
 * Staff chat: anyone who works the orders (manage_orders, delivery people included) and
 * cashier-only users, whose header carries the chat button too.
 */
const STAFF_CHAT = ['manage_orders', 'manage_cashier'] as const;

chatRoutes.get('/admin/chat/messages', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const q = parseQuery(c, orderQuery);
  return c.json(await listStaffMessages(ctx, q.orderId));
});

chatRoutes.post('/admin/chat/messages', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const body = await parseBody(c, staffSendBody);
  return c.json(await sendStaffMessage(ctx, body), 201);
});

chatRoutes.get('/admin/chat/unread', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  return c.json(await staffUnreadCounts(ctx));
});

chatRoutes.post('/admin/chat/read', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const body = await parseBody(c, readBody);
  return c.json(await markStaffRead(ctx, body.orderId ?? undefined));
});

chatRoutes.get('/customer/chat/messages', async (c) => {
  const ctx = customerCtx(c);
  const q = parseQuery(c, orderQuery);
  return c.json(await listCustomerMessages(ctx, q.orderId));
});

chatRoutes.post('/customer/chat/messages', async (c) => {
  const ctx = customerCtx(c);
  const body = await parseBody(c, customerSendBody);
  return c.json(await sendCustomerMessage(ctx, body), 201);
});

chatRoutes.get('/customer/chat/unread', async (c) => {
  const ctx = customerCtx(c);
  return c.json(await customerUnreadCounts(ctx));
});

chatRoutes.post('/customer/chat/read', async (c) => {
  const ctx = customerCtx(c);
  const body = await parseBody(c, readBody);
  return c.json(await markCustomerRead(ctx, body.orderId ?? undefined));
});
