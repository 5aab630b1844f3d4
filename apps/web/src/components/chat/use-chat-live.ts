import type { ChatParty } from '@meucardapio/domain/chat';
import { hasAnyPermission } from '@meucardapio/domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';
import { isCustomer, isStaff, type Me, useAuth } from '@/lib/auth';
import { toStaffActor } from '@/lib/staff';
import { useEvents } from '@/lib/use-events';
import { type ChatMode, chatKeys } from './chat-api';
import { signalIncoming } from './chat-notify';

/** Staff who may use the chat: whoever works the orders, and cashier-only users (their header has the button). */
export function canUseChat(mode: ChatMode, user: Me | null): boolean {
  if (mode === 'customer') return isCustomer(user);
  return isStaff(user) && hasAnyPermission(toStaffActor(user), ['manage_orders', 'manage_cashier']);
}

type MessageLike = { senderType: ChatParty; recipientType: ChatParty | null; recipientId: string | null };

/**
 * Whether a message is one the signed-in person should be alerted to, following the unread rules:
 * admin-type staff are alerted by customer messages, a delivery person by messages addressed to
 * them, a customer by staff messages addressed to them.
 */
export function isIncoming(msg: MessageLike, mode: ChatMode, user: Me | null): boolean {
  if (!user) return false;
  if (mode === 'customer') {
    return msg.senderType !== 'customer' && msg.recipientType === 'customer' && msg.recipientId === user.id;
  }
  if (isStaff(user) && user.deliveryPerson) return msg.recipientType === 'employee' && msg.recipientId === user.id;
  return msg.senderType === 'customer';
}

// One SSE subscription per channel for all the chat widgets on the page (badge, dialog, board):
// the first mounted widget listens, the others follow the shared query cache.
const members: Record<ChatMode, string[]> = { staff: [], customer: [] };
const subscribers = new Set<() => void>();
const notify = () => {
  for (const s of subscribers) s();
};
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => subscribers.delete(fn);
};

function useIsLeader(mode: ChatMode, enabled: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!enabled) return;
    members[mode].push(id);
    notify();
    return () => {
      members[mode] = members[mode].filter((m) => m !== id);
      notify();
    };
  }, [mode, id, enabled]);
  return useSyncExternalStore(
    subscribe,
    () => enabled && members[mode][0] === id,
    () => false,
  );
}

/**
 * Keeps the chat queries of `mode` live: refetches on every `chat.message` event (and on
 * reconnection) and alerts (sound + title flash) for incoming messages.
 */
export function useChatLive(mode: ChatMode, enabled: boolean) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const active = enabled && canUseChat(mode, user);
  const leader = useIsLeader(mode, active);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all(mode) });
  }, [queryClient, mode]);

  useEvents(
    mode,
    {
      'chat.message': (payload) => {
        refresh();
        if (payload && isIncoming(payload, mode, user)) signalIncoming(payload.id);
      },
    },
    { enabled: leader, onOpen: refresh },
  );
}
