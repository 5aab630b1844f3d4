import { CHAT_MESSAGE_MAX, type ChatMessageView, type ChatOrderInfo, type ChatThread } from '@meucardapio/domain/chat';
import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import { shortIdAdmin, shortIdStorefront } from '@meucardapio/domain/order-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, MessageCircle, SendHorizontal } from 'lucide-react';
import { Fragment, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorText } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CHAT_POLL_MS, type ChatMode, chatKeys, fetchThread, markRead, postMessage } from './chat-api';
import { signalIncoming } from './chat-notify';
import { canUseChat, isIncoming, useChatLive } from './use-chat-live';

export type ChatDialogProps = {
  /** 'staff' in the admin panel (board, header), 'customer' in the customer area. */
  mode: ChatMode;
  /** The order the conversation is about; without it the dialog shows every visible conversation. */
  orderId?: string | null;
  /** Replaces the default title ("Chat" / "Chat do pedido"). */
  title?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Value of the "Enviar para" choice that sends to the team with no order (staff only). */
const TEAM = 'equipe';

/**
 * An order as people name it: its number ("Pedido #2"), with the last 8 characters of the id for staff
 * as the board shows them. The short id alone only when the order is not among the thread's orders.
 */
function chatOrderLabel(mode: ChatMode, id: string, orders: ChatOrderInfo[] | undefined) {
  const info = orders?.find((o) => o.id === id);
  const short = (mode === 'staff' ? shortIdAdmin(id) : shortIdStorefront(id)).toUpperCase();
  if (!info) return `Pedido #${short}`;
  return mode === 'staff' ? `${orderLabel(info.number)} · ${short}` : orderLabel(info.number);
}

/** dd/mm HH:mm in the restaurant's timezone (the spec's short chat time). */
function shortTime(iso: string) {
  const full = formatDateTime(iso);
  return `${full.slice(0, 5)} ${full.slice(11)}`;
}

/** Open conversations of the general view, newest activity first, for the "Enviar para" choice. */
function conversations(mode: ChatMode, thread: ChatThread | undefined) {
  if (!thread) return [];
  const open = new Set(thread.orders.filter((o) => o.canSend).map((o) => o.id));
  const seen = new Map<string, { orderId: string; label: string }>();
  const { messages } = thread;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m.orderId || seen.has(m.orderId) || !open.has(m.orderId)) continue;
    const customer =
      mode === 'staff'
        ? messages.find((x) => x.orderId === m.orderId && x.senderType === 'customer')?.senderName
        : undefined;
    seen.set(m.orderId, {
      orderId: m.orderId,
      label: customer
        ? `${chatOrderLabel(mode, m.orderId, thread.orders)} · ${customer}`
        : chatOrderLabel(mode, m.orderId, thread.orders),
    });
  }
  return [...seen.values()];
}

/**
 * The support chat (spec 2 "Support chat dialog"): bubbles (mine on the right), Enter sends and
 * Shift+Enter breaks the line, blank messages are not sent, a delivered order locks the input.
 * Live through SSE with a 60 s poll; opening it marks the conversation read.
 */
export function ChatDialog({ mode, orderId = null, title, open, onOpenChange }: ChatDialogProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const enabled = canUseChat(mode, user);
  const textareaId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<string | null>(null);

  useChatLive(mode, open && enabled);

  const thread = useQuery({
    queryKey: chatKeys.thread(mode, orderId),
    queryFn: () => fetchThread(mode, orderId),
    enabled: open && enabled,
    refetchInterval: open ? CHAT_POLL_MS : false,
    staleTime: 2_000,
  });
  const messages = thread.data?.messages ?? [];
  const order = thread.data?.order ?? null;
  const locked = !!order && !order.canSend;

  // The spec's load error toast, once per failure.
  useEffect(() => {
    if (!thread.isError || !open) return;
    toast.error('Erro ao carregar mensagens', { description: errorText(thread.error).description || undefined });
  }, [thread.isError, thread.errorUpdatedAt, thread.error, open]);

  // Opening the chat, and every new message while it is open, marks the conversation read.
  const lastIncomingId = messages.findLast((m) => !m.mine)?.id;
  useEffect(() => {
    if (!open || !enabled || !thread.isSuccess) return;
    let cancelled = false;
    markRead(mode, orderId)
      .then((r) => {
        if (!cancelled && r.updated > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.unread(mode) });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [open, enabled, thread.isSuccess, lastIncomingId, mode, orderId, queryClient]);

  // Incoming messages that arrive while the dialog is open ring too (once per message).
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!open) {
      known.current = null;
      return;
    }
    if (!thread.data) return;
    const ids = new Set(thread.data.messages.map((m) => m.id));
    if (known.current) {
      for (const m of thread.data.messages) {
        if (!known.current.has(m.id) && !m.mine && isIncoming(m, mode, user)) signalIncoming(m.id);
      }
    }
    known.current = ids;
  }, [open, thread.data, mode, user]);

  // Keep the newest message in view.
  useEffect(() => {
    if (!open || messages.length === 0) return;
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [open, messages.length]);

  // In the general view, choose which conversation a message goes to (the latest by default).
  const options = useMemo(() => (orderId ? [] : conversations(mode, thread.data)), [orderId, mode, thread.data]);
  // Order dividers only help when the general view mixes conversations.
  const showDividers = !orderId && new Set(messages.map((m) => m.orderId)).size > 1;
  const defaultTarget = options[0]?.orderId ?? (mode === 'staff' ? TEAM : null);
  const chosen =
    orderId ?? (target && (target === TEAM || options.some((o) => o.orderId === target)) ? target : defaultTarget);
  const canType = enabled && !locked && !!chosen;
  const canSend = canType && thread.isSuccess;

  // Desktop: put the cursor in the message box once the conversation is there (phones keep the
  // keyboard closed so the messages stay visible).
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!open || !thread.isSuccess || !canType) return;
    if (window.matchMedia('(min-width: 768px)').matches) textareaRef.current?.focus();
  }, [open, thread.isSuccess, canType]);

  const send = useMutation({
    mutationFn: (message: string) => postMessage(mode, { orderId: chosen && chosen !== TEAM ? chosen : null, message }),
    onSuccess: (msg) => {
      setText('');
      queryClient.setQueryData<ChatThread>(chatKeys.thread(mode, orderId), (old) =>
        old && !old.messages.some((m) => m.id === msg.id)
          ? { ...old, messages: [...old.messages, msg].slice(-100) }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.all(mode) });
    },
    onError: (err) => {
      toast.error('Erro ao enviar mensagem', { description: errorText(err).description || undefined });
      // A delivered order: refetch so the input locks.
      if (err instanceof ApiError && err.code === 'chat_unavailable') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.all(mode) });
      }
    },
  });

  function submit() {
    const message = text.trim();
    if (!message || !canSend || send.isPending) return;
    send.mutate(message);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  const heading = title ?? (orderId ? 'Chat do pedido' : 'Chat');
  // Staff see the order as the board shows it (#number · last 8); customers as their order list does.
  const description =
    order && (mode === 'staff' || !title)
      ? chatOrderLabel(mode, order.id, [order])
      : mode === 'staff'
        ? 'Conversas com seus clientes.'
        : 'Fale com o restaurante.';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sheet"
        className="flex h-[88dvh] flex-col gap-3 overflow-hidden md:h-[min(40rem,calc(100dvh-4rem))]"
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MessageCircle className="size-5 text-muted-foreground" aria-hidden />
            {heading}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <div
          ref={listRef}
          role="log"
          aria-label="Mensagens"
          aria-live="polite"
          className="-mx-2 min-h-0 flex-1 overflow-y-auto overscroll-contain rounded-md bg-muted/40 px-2 py-3 sm:-mx-3 sm:px-3"
        >
          {!enabled ? (
            <p className="flex h-full items-center justify-center px-6 text-center text-sm text-muted-foreground">
              {MSG.noPermission}
            </p>
          ) : thread.isPending && open ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <span className="sr-only">Carregando...</span>
              <Skeleton className="h-12 w-3/5 rounded-2xl" />
              <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
              <Skeleton className="h-16 w-2/3 rounded-2xl" />
            </div>
          ) : messages.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
              <MessageCircle className="size-8 opacity-40" aria-hidden />
              Nenhuma mensagem ainda
            </div>
          ) : (
            <ol className="flex flex-col gap-3">
              {messages.map((m, i) => (
                <Fragment key={m.id}>
                  {showDividers && m.orderId && m.orderId !== messages[i - 1]?.orderId && (
                    <li className="flex items-center gap-2 pt-1 text-xs font-medium text-muted-foreground" aria-hidden>
                      <span className="h-px flex-1 bg-border" />
                      {chatOrderLabel(mode, m.orderId, thread.data?.orders)}
                      <span className="h-px flex-1 bg-border" />
                    </li>
                  )}
                  <MessageBubble message={m} />
                </Fragment>
              ))}
            </ol>
          )}
        </div>

        {locked ? (
          <div className="flex items-start gap-3 rounded-md border border-dashed bg-muted/50 p-3 text-sm" role="status">
            <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <p className="font-medium">Chat indisponível</p>
              <p className="text-muted-foreground">Não é possível enviar mensagens para pedidos entregues.</p>
            </div>
          </div>
        ) : (
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            {!orderId && (options.length > 0 || mode === 'staff') && (
              <label className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="shrink-0">Enviar para</span>
                <select
                  className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm text-foreground"
                  value={chosen ?? ''}
                  onChange={(e) => setTarget(e.target.value)}
                >
                  {options.map((o) => (
                    <option key={o.orderId} value={o.orderId}>
                      {o.label}
                    </option>
                  ))}
                  {mode === 'staff' && <option value={TEAM}>Equipe (sem pedido)</option>}
                </select>
              </label>
            )}
            {!orderId && mode === 'customer' && options.length === 0 && thread.isSuccess && (
              <p className="text-xs text-muted-foreground">
                Para enviar uma mensagem, abra o chat a partir de um pedido.
              </p>
            )}
            <div className="flex items-end gap-2">
              <label htmlFor={textareaId} className="sr-only">
                Mensagem
              </label>
              <Textarea
                id={textareaId}
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Digite sua mensagem..."
                maxLength={CHAT_MESSAGE_MAX}
                rows={1}
                ref={textareaRef}
                disabled={!canType}
                className="max-h-32 min-h-11 resize-none"
              />
              <Button
                type="submit"
                size="icon"
                className="size-11"
                disabled={!canSend || !text.trim()}
                loading={send.isPending}
                aria-label="Enviar"
              >
                {!send.isPending && <SendHorizontal aria-hidden />}
              </Button>
            </div>
            <p className="hidden text-xs text-muted-foreground md:block">Enter envia · Shift+Enter quebra a linha</p>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MessageBubble({ message: m }: { message: ChatMessageView }) {
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', m.mine ? 'items-end self-end' : 'items-start self-start')}>
      <div
        className={cn(
          'rounded-2xl px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap shadow-xs',
          m.mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm border bg-background',
        )}
      >
        {m.message}
      </div>
      <p className={cn('flex flex-wrap gap-x-1.5 px-1 text-xs text-muted-foreground', m.mine && 'justify-end')}>
        <span className="font-medium text-foreground/80">{m.senderName}</span>
        <time dateTime={m.createdAt} className="whitespace-nowrap before:mr-1.5 before:content-['·']">
          {shortTime(m.createdAt)}
        </time>
      </p>
    </li>
  );
}
