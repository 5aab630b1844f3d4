import type { ChatUnread } from '@meucardapio/domain/chat';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth';
import { CHAT_POLL_MS, type ChatMode, chatKeys, fetchUnread } from './chat-api';
import { signalIncoming } from './chat-notify';
import { canUseChat, useChatLive } from './use-chat-live';

const EMPTY: ChatUnread = { byOrder: {}, general: 0, total: 0 };

/**
 * Unread chat messages of the signed-in staff member or customer: `byOrder[orderId]`, `general`
 * (messages with no order) and `total`. Live through SSE with the spec's 60 s poll as a safety net;
 * a rise plays the notification sound and flashes the page title.
 */
export function useChatUnread(mode: ChatMode): ChatUnread {
  const { user } = useAuth();
  const enabled = canUseChat(mode, user);
  useChatLive(mode, enabled);
  const query = useQuery({
    queryKey: chatKeys.unread(mode),
    queryFn: () => fetchUnread(mode),
    enabled,
    refetchInterval: CHAT_POLL_MS,
    staleTime: 5_000,
  });

  // Messages found by the poll (SSE down) alert too; the SSE path already alerted for the rest.
  const previous = useRef<number | null>(null);
  const total = query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    if (previous.current !== null && total > previous.current) signalIncoming(`unread-${mode}-${query.dataUpdatedAt}`);
    previous.current = total;
  }, [total, mode, query.dataUpdatedAt]);

  return enabled ? (query.data ?? EMPTY) : EMPTY;
}
