import { api } from '@/lib/api';

/** Who the chat is for: the staff panel (admin/employee chat users) or a signed-in customer. */
export type ChatMode = 'staff' | 'customer';

export type ChatParty = 'customer' | 'admin' | 'employee';

export type ChatMessage = {
  id: string;
  orderId: string | null;
  senderType: ChatParty;
  senderId: string | null;
  senderName: string;
  recipientType: ChatParty | null;
  recipientId: string | null;
  message: string;
  /** Sent by whoever is asking (drawn on the right). */
  mine: boolean;
  readAt: string | null;
  createdAt: string;
};

export type ChatOrderInfo = { id: string; number: number; status: string; canSend: boolean };

export type ChatThread = {
  messages: ChatMessage[];
  /** The order asked for (null in the general view). */
  order: ChatOrderInfo | null;
  /** The orders the listed messages are about, with whether they still accept messages. */
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

/** The spec's safety-net polling interval for the chat. */
export const CHAT_POLL_MS = 60_000;
export const CHAT_MESSAGE_MAX = 2000;

const base = (mode: ChatMode) => (mode === 'staff' ? '/api/admin/chat' : '/api/customer/chat');

export const chatKeys = {
  all: (mode: ChatMode) => ['chat', mode] as const,
  thread: (mode: ChatMode, orderId?: string | null) => ['chat', mode, 'messages', orderId ?? 'all'] as const,
  unread: (mode: ChatMode) => ['chat', mode, 'unread'] as const,
};

export const fetchThread = (mode: ChatMode, orderId?: string | null) =>
  api.get<ChatThread>(`${base(mode)}/messages`, { query: { orderId } });

export const fetchUnread = (mode: ChatMode) => api.get<ChatUnread>(`${base(mode)}/unread`);

export const postMessage = (
  mode: ChatMode,
  body: { orderId?: string | null; message: string; recipientType?: ChatParty; recipientId?: string },
) => api.post<ChatMessage>(`${base(mode)}/messages`, body);

export const markRead = (mode: ChatMode, orderId?: string | null) =>
  api.post<{ updated: number }>(`${base(mode)}/read`, orderId ? { orderId } : {});
