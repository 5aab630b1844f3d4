import {
  chatOrderQuerySchema,
  chatReadSchema,
  customerChatMessageSchema,
  staffChatMessageSchema,
} from '@meucardapio/domain/chat';
import { Hono } from 'hono';
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

/**
 * Staff chat: anyone who works the orders (manage_orders, delivery people included) and
 * cashier-only users, whose header carries the chat button too.
 */
const STAFF_CHAT = ['manage_orders', 'manage_cashier'] as const;

chatRoutes.get('/admin/chat/messages', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const q = parseQuery(c, chatOrderQuerySchema);
  return c.json(await listStaffMessages(ctx, q.orderId));
});

chatRoutes.post('/admin/chat/messages', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const body = await parseBody(c, staffChatMessageSchema);
  return c.json(await sendStaffMessage(ctx, body), 201);
});

chatRoutes.get('/admin/chat/unread', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  return c.json(await staffUnreadCounts(ctx));
});

chatRoutes.post('/admin/chat/read', async (c) => {
  const ctx = staffCtx(c, ...STAFF_CHAT);
  const body = await parseBody(c, chatReadSchema);
  return c.json(await markStaffRead(ctx, body.orderId ?? undefined));
});

chatRoutes.get('/customer/chat/messages', async (c) => {
  const ctx = customerCtx(c);
  const q = parseQuery(c, chatOrderQuerySchema);
  return c.json(await listCustomerMessages(ctx, q.orderId));
});

chatRoutes.post('/customer/chat/messages', async (c) => {
  const ctx = customerCtx(c);
  const body = await parseBody(c, customerChatMessageSchema);
  return c.json(await sendCustomerMessage(ctx, body), 201);
});

chatRoutes.get('/customer/chat/unread', async (c) => {
  const ctx = customerCtx(c);
  return c.json(await customerUnreadCounts(ctx));
});

chatRoutes.post('/customer/chat/read', async (c) => {
  const ctx = customerCtx(c);
  const body = await parseBody(c, chatReadSchema);
  return c.json(await markCustomerRead(ctx, body.orderId ?? undefined));
});
