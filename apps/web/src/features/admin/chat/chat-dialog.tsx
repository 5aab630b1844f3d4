import { ChatDialog as SharedChatDialog } from '@/components/chat/chat-dialog';
import { useChatUnread } from '@/components/chat/use-chat-unread';

/** The admin header's general chat (every conversation the staff member may see). */
export function ChatDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <SharedChatDialog mode="staff" open={open} onOpenChange={onOpenChange} />;
}

/** Unread messages for the header badge. */
export function useUnreadChatCount(): number {
  return useChatUnread('staff').total;
}
