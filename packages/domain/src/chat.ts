import { z } from 'zod';

/**
 * The order chat's contract: the bodies the browser sends and the answers the server gives, shared
 * by the chat routes and the chat dialog.
 */

/** Longest chat message, checked by the server with its own text and counted down in the dialog. */
export const CHAT_MESSAGE_MAX = 2000;

export const CHAT_PARTIES = ['customer', 'admin', 'employee'] as const;
export type ChatParty = (typeof CHAT_PARTIES)[number];

const orderId = z.uuid({ message: 'Pedido inválido' });
// Longer texts than the limit are refused by the service with its own message; this only stops huge bodies.
const messageText = z
  .string({ message: 'Mensagem vazia' })
  .max(20_000, { message: 'Mensagem muito longa' })
  .nullish()
  .transform((v) => v ?? '');

/** ?orderId= of a thread or of the unread counts. */
export const chatOrderQuerySchema = z.object({ orderId: orderId.optional() });
/** POST …/chat/read: one order's conversation, or the general one. */
export const chatReadSchema = z.object({ orderId: orderId.nullish() });

/** POST /api/admin/chat/messages: about an order, or to one person in the general chat. */
export const staffChatMessageSchema = z.object({
  orderId: orderId.nullish(),
  message: messageText,
  recipientType: z.enum(CHAT_PARTIES).nullish(),
  recipientId: z.uuid({ message: 'Destinatário inválido' }).nullish(),
});
export type StaffChatMessageInput = z.input<typeof staffChatMessageSchema>;

/** POST /api/customer/chat/messages: always about one of the customer's orders. */
export const customerChatMessageSchema = z.object({ orderId, message: messageText });

export type ChatMessageView = {
  id: string;
  orderId: string | null;
  senderType: ChatParty;
  senderId: string | null;
  senderName: string;
  recipientType: ChatParty | null;
  recipientId: string | null;
  message: string;
  /** Sent by the person asking (drawn on the right). */
  mine: boolean;
  readAt: string | null;
  createdAt: string;
};

/** The order a conversation is about, so the dialog can show its number and lock a delivered one. */
export type ChatOrderInfo = { id: string; number: number; status: string; canSend: boolean };

export type ChatThread = {
  messages: ChatMessageView[];
  /** The order asked for (null in the general view). */
  order: ChatOrderInfo | null;
  /** Every order the listed messages are about, so the general view can offer only open ones. */
  orders: ChatOrderInfo[];
};

export type ChatUnread = { byOrder: Record<string, number>; general: number; total: number };

/** What the server sends with every `chat.message` event (never the text: clients refetch). */
export type ChatEventPayload = {
  id: string;
  orderId: string | null;
  senderType: ChatParty;
  senderId: string | null;
  recipientType: ChatParty | null;
  recipientId: string | null;
  createdAt: string;
};
