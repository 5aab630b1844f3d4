import type { ChatMessageView, ChatThread, ChatUnread, StaffChatMessageInput } from '@meucardapio/domain/chat';
import { api } from '@/lib/api';

/** Who the chat is for: the staff panel (admin/employee chat users) or a signed-in customer. */
export type ChatMode = 'staff' | 'customer';

/** The spec's safety-net polling interval for the chat. */
export const CHAT_POLL_MS = 60_000;

const base = (mode: ChatMode) => (mode === 'staff' ? '/api/admin/chat' : '/api/customer/chat');

export const chatKeys = {
  all: (mode: ChatMode) => ['chat', mode] as const,
  thread: (mode: ChatMode, orderId?: string | null) => ['chat', mode, 'messages', orderId ?? 'all'] as const,
  unread: (mode: ChatMode) => ['chat', mode, 'unread'] as const,
};

export const fetchThread = (mode: ChatMode, orderId?: string | null) =>
  api.get<ChatThread>(`${base(mode)}/messages`, { query: { orderId } });

export const fetchUnread = (mode: ChatMode) => api.get<ChatUnread>(`${base(mode)}/unread`);

export const postMessage = (mode: ChatMode, body: StaffChatMessageInput) =>
  api.post<ChatMessageView>(`${base(mode)}/messages`, body);

export const markRead = (mode: ChatMode, orderId?: string | null) =>
  api.post<{ updated: number }>(`${base(mode)}/read`, orderId ? { orderId } : {});
