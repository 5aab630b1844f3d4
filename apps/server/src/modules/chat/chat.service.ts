import type { DbOrTx } from '@meucardapio/db/client';
import { chatMessages, customers, employees, orders } from '@meucardapio/db/schema';
import {
  CHAT_MESSAGE_MAX,
  type ChatEventPayload,
  type ChatMessageView,
  type ChatOrderInfo,
  type ChatParty,
  type ChatThread,
  type ChatUnread,
} from '@meucardapio/domain/chat';
import { MSG } from '@meucardapio/domain/messages';
import { chatUserType } from '@meucardapio/domain/permissions';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type CustomerCtx, inTransaction, type ServiceCtx, type StaffCtx } from '../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';

/** The spec's chat history limit: the last 100 messages, shown oldest first. */
export const CHAT_HISTORY_LIMIT = 100;

type ChatMessage = typeof chatMessages.$inferSelect;

const orderNotFound = () => notFound('Pedido não encontrado.');

const chatUnavailable = () => new AppError(400, 'chat_unavailable', MSG.chatUnavailable, MSG.chatDeliveredOrder);

function view(row: ChatMessage, me: { type: ChatParty; id: string }): ChatMessageView {
  return {
    id: row.id,
    orderId: row.orderId,
    senderType: row.senderType as ChatParty,
    senderId: row.senderId,
    senderName: row.senderName,
    recipientType: (row.recipientType as ChatParty | null) ?? null,
    recipientId: row.recipientId,
    message: row.message,
    mine:
      row.senderId === me.id &&
      (row.senderType === me.type || (me.type !== 'customer' && row.senderType !== 'customer')),
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function orderInfo(order: { id: string; number: number; status: string }): ChatOrderInfo {
  return { id: order.id, number: order.number, status: order.status, canSend: order.status !== 'delivered' };
}

/** Trimmed text, refusing blank and over-long messages with the spec's texts. */
function cleanMessage(text: string): string {
  const message = text.trim();
  if (!message) throw badRequest('Mensagem vazia', 'Digite uma mensagem antes de enviar.', 'empty_message');
  if (message.length > CHAT_MESSAGE_MAX) {
    throw badRequest(
      'Mensagem muito longa',
      `A mensagem pode ter no máximo ${CHAT_MESSAGE_MAX} caracteres.`,
      'message_too_long',
    );
  }
  return message;
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  customerId: orders.customerId,
  deliveryEmployeeId: orders.deliveryEmployeeId,
};

/** With `lock`, holds the order row against a concurrent status change while the message goes in. */
async function findOrder(db: DbOrTx, restaurantId: string, orderId: string, lock: boolean, ...conds: SQL[]) {
  const query = db
    .select(orderColumns)
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.id, orderId), ...conds));
  const [order] = lock ? await query.for('share') : await query;
  return order;
}

/** The restaurant's messages, of one order when `orderId` is given, narrowed by `conditions`. */
function messagesWhere(ctx: ServiceCtx, orderId: string | undefined, ...conditions: (SQL | undefined)[]): SQL {
  return tenant(chatMessages, ctx.restaurantId, orderId ? eq(chatMessages.orderId, orderId) : undefined, ...conditions);
}

async function thread(
  ctx: ServiceCtx,
  where: SQL,
  me: { type: ChatParty; id: string },
  order: ChatOrderInfo | null,
): Promise<ChatThread> {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(CHAT_HISTORY_LIMIT);
  const messages = rows.reverse().map((r) => view(r, me));
  const ids = [...new Set(messages.map((m) => m.orderId).filter((id): id is string => !!id))];
  const related =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: orders.id, number: orders.number, status: orders.status })
          .from(orders)
          .where(tenant(orders, ctx.restaurantId, inArray(orders.id, ids)));
  return { messages, order, orders: related.map(orderInfo) };
}

async function insertMessage(ctx: ServiceCtx, values: typeof chatMessages.$inferInsert, customerId: string | null) {
  const [row] = await ctx.db.insert(chatMessages).values(values).returning();
  // The text stays out of the event: the staff stream is filtered by permission only, and a
  // delivery person (who holds manage_orders) may not read other conversations. Clients refetch.
  await appendEvent(ctx.db, {
    restaurantId: ctx.restaurantId,
    type: 'chat.message',
    permission: 'manage_orders',
    customerId,
    payload: {
      id: row.id,
      orderId: row.orderId,
      // The table's check constraint keeps both to the chat parties.
      senderType: row.senderType as ChatParty,
      senderId: row.senderId,
      recipientType: row.recipientType as ChatParty | null,
      recipientId: row.recipientId,
      createdAt: row.createdAt.toISOString(),
    } satisfies ChatEventPayload,
  });
  return row;
}

/** Marks as read the unread messages of one order (or of every conversation) that `conditions` select. */
async function markRead(
  ctx: ServiceCtx,
  orderId: string | undefined,
  ...conditions: (SQL | undefined)[]
): Promise<{ updated: number }> {
  const rows = await ctx.db
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(messagesWhere(ctx, orderId, isNull(chatMessages.readAt), ...conditions))
    .returning({ id: chatMessages.id });
  return { updated: rows.length };
}

async function unreadCounts(ctx: ServiceCtx, where: SQL): Promise<ChatUnread> {
  const rows = await ctx.db
    .select({ orderId: chatMessages.orderId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(where)
    .groupBy(chatMessages.orderId);
  const byOrder: Record<string, number> = {};
  let general = 0;
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    if (r.orderId) byOrder[r.orderId] = n;
    else general += n;
  }
  return { byOrder, general, total };
}

// ─── Staff ───────────────────────────────────────────────────────────────────────────────────────

function staffMe(ctx: StaffCtx): { type: ChatParty; id: string } {
  return { type: chatUserType(ctx.actor.rules), id: ctx.actor.id };
}

/**
 * What a staff member may read. Admin-type chat users read every conversation of the restaurant;
 * an employee chat user (delivery person) reads their own messages, those addressed to them, and
 * the customer messages of the orders assigned to them.
 */
function staffVisible(ctx: StaffCtx): SQL | undefined {
  const me = staffMe(ctx);
  if (me.type === 'admin') return undefined;
  const assigned = ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.deliveryEmployeeId, me.id)));
  return or(
    and(eq(chatMessages.senderType, 'employee'), eq(chatMessages.senderId, me.id)),
    and(eq(chatMessages.recipientType, 'employee'), eq(chatMessages.recipientId, me.id)),
    and(eq(chatMessages.senderType, 'customer'), inArray(chatMessages.orderId, assigned)),
  );
}

/** Unread for staff: admin-type users count customer messages, employees what is addressed to them. */
function staffUnread(ctx: StaffCtx): SQL {
  const me = staffMe(ctx);
  if (me.type === 'admin') return eq(chatMessages.senderType, 'customer');
  return and(eq(chatMessages.recipientType, 'employee'), eq(chatMessages.recipientId, me.id)) as SQL;
}

async function staffOrder(ctx: StaffCtx, orderId: string, lock: boolean) {
  const order = await findOrder(ctx.db, ctx.restaurantId, orderId, lock);
  if (!order) throw orderNotFound();
  // A delivery person only talks about the orders assigned to them.
  if (staffMe(ctx).type === 'employee' && order.deliveryEmployeeId !== ctx.actor.id) throw forbidden();
  return order;
}

export async function listStaffMessages(ctx: StaffCtx, orderId?: string): Promise<ChatThread> {
  const order = orderId ? await staffOrder(ctx, orderId, false) : null;
  return thread(ctx, messagesWhere(ctx, orderId, staffVisible(ctx)), staffMe(ctx), order ? orderInfo(order) : null);
}

export type StaffSendInput = {
  orderId?: string | null;
  message: string;
  recipientType?: ChatParty | null;
  recipientId?: string | null;
};

/** Checks the recipient belongs to this restaurant (and, on an order, that a customer is its customer). */
async function resolveRecipient(
  ctx: StaffCtx,
  input: StaffSendInput,
  order: { customerId: string | null } | null,
): Promise<{ type: ChatParty | null; id: string | null }> {
  const type = input.recipientType ?? null;
  const id = input.recipientId ?? null;
  if (!type) {
    if (id) throw badRequest(MSG.invalidData, 'Informe o tipo do destinatário.');
    // Default: the order's customer; without an order, the restaurant's admins.
    if (order?.customerId) return { type: 'customer', id: order.customerId };
    return { type: 'admin', id: null };
  }
  if (type === 'customer') {
    // A delivery person writes to a customer only about an order of theirs (staffOrder checked it is).
    if (staffMe(ctx).type === 'employee' && !order)
      throw forbidden('Entregadores só enviam mensagens aos clientes dos seus pedidos.');
    const customerId = id ?? order?.customerId ?? null;
    if (!customerId) throw badRequest(MSG.invalidData, 'Informe o cliente destinatário.');
    if (order && order.customerId !== customerId) {
      throw badRequest(MSG.invalidData, 'O destinatário não é o cliente deste pedido.');
    }
    const [c] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(tenant(customers, ctx.restaurantId, eq(customers.id, customerId)));
    if (!c) throw notFound('Cliente não encontrado.');
    return { type, id: customerId };
  }
  if (type === 'employee') {
    if (!id) throw badRequest(MSG.invalidData, 'Informe o funcionário destinatário.');
    const [e] = await ctx.db
      .select({ id: employees.id })
      .from(employees)
      .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)));
    if (!e) throw notFound('Funcionário não encontrado.');
    return { type, id };
  }
  // 'admin' with no id means every admin-type user of the restaurant.
  return { type, id };
}

export async function sendStaffMessage(ctx: StaffCtx, input: StaffSendInput): Promise<ChatMessageView> {
  const message = cleanMessage(input.message);
  const me = staffMe(ctx);
  const row = await inTransaction(ctx, async (txCtx) => {
    const order = input.orderId ? await staffOrder(txCtx, input.orderId, true) : null;
    if (order?.status === 'delivered') throw chatUnavailable();
    const recipient = await resolveRecipient(txCtx, input, order);
    return insertMessage(
      txCtx,
      {
        restaurantId: ctx.restaurantId,
        orderId: order?.id ?? null,
        senderType: me.type,
        senderId: me.id,
        senderName: ctx.actor.name,
        recipientType: recipient.type,
        recipientId: recipient.id,
        message,
      },
      // Only the customer the message is addressed to hears about it.
      recipient.type === 'customer' ? recipient.id : null,
    );
  });
  return view(row, me);
}

export async function staffUnreadCounts(ctx: StaffCtx): Promise<ChatUnread> {
  return unreadCounts(
    ctx,
    tenant(chatMessages, ctx.restaurantId, isNull(chatMessages.readAt), staffUnread(ctx), staffVisible(ctx)),
  );
}

/** Marks as read what counts as unread for this staff member (one order, or everything). */
export async function markStaffRead(ctx: StaffCtx, orderId?: string): Promise<{ updated: number }> {
  if (orderId) await staffOrder(ctx, orderId, false);
  return markRead(ctx, orderId, staffUnread(ctx), staffVisible(ctx));
}

// ─── Customer ────────────────────────────────────────────────────────────────────────────────────

/** A customer's own conversation: what they sent and what was addressed to them. */
function customerVisible(ctx: CustomerCtx): SQL {
  return or(
    and(eq(chatMessages.senderType, 'customer'), eq(chatMessages.senderId, ctx.actor.id)),
    and(eq(chatMessages.recipientType, 'customer'), eq(chatMessages.recipientId, ctx.actor.id)),
  ) as SQL;
}

function customerUnread(ctx: CustomerCtx): SQL {
  return and(
    eq(chatMessages.recipientType, 'customer'),
    eq(chatMessages.recipientId, ctx.actor.id),
    ne(chatMessages.senderType, 'customer'),
  ) as SQL;
}

async function customerOrder(ctx: CustomerCtx, orderId: string, lock: boolean) {
  const order = await findOrder(ctx.db, ctx.restaurantId, orderId, lock, eq(orders.customerId, ctx.actor.id));
  if (!order) throw orderNotFound();
  return order;
}

const customerMe = (ctx: CustomerCtx) => ({ type: 'customer' as const, id: ctx.actor.id });

export async function listCustomerMessages(ctx: CustomerCtx, orderId?: string): Promise<ChatThread> {
  const order = orderId ? await customerOrder(ctx, orderId, false) : null;
  return thread(
    ctx,
    messagesWhere(ctx, orderId, customerVisible(ctx)),
    customerMe(ctx),
    order ? orderInfo(order) : null,
  );
}

export async function sendCustomerMessage(
  ctx: CustomerCtx,
  input: { orderId: string; message: string },
): Promise<ChatMessageView> {
  const message = cleanMessage(input.message);
  const row = await inTransaction(ctx, async (txCtx) => {
    const order = await customerOrder(txCtx, input.orderId, true);
    if (order.status === 'delivered') throw chatUnavailable();
    return insertMessage(
      txCtx,
      {
        restaurantId: ctx.restaurantId,
        orderId: order.id,
        senderType: 'customer',
        senderId: ctx.actor.id,
        senderName: ctx.actor.name,
        recipientType: 'admin',
        recipientId: null,
        message,
      },
      ctx.actor.id,
    );
  });
  return view(row, customerMe(ctx));
}

export async function customerUnreadCounts(ctx: CustomerCtx): Promise<ChatUnread> {
  return unreadCounts(ctx, tenant(chatMessages, ctx.restaurantId, isNull(chatMessages.readAt), customerUnread(ctx)));
}

export async function markCustomerRead(ctx: CustomerCtx, orderId?: string): Promise<{ updated: number }> {
  if (orderId) await customerOrder(ctx, orderId, false);
  return markRead(ctx, orderId, customerUnread(ctx));
}
