import { orderLabel } from '@meucardapio/domain/order-display';
import { isStatusMessageStatus, STATUS_MESSAGE_LABELS } from '@meucardapio/domain/status-messages';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useStaff } from '@/lib/staff';

type OutboundMessage = {
  id: string;
  kind: string;
  number: number | null;
  shortId: string | null;
  phone: string | null;
  body: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
};

const STATUS: Record<OutboundMessage['status'], { label: string; variant: 'warning' | 'success' | 'destructive' }> = {
  pending: { label: 'Pendente', variant: 'warning' },
  sending: { label: 'Enviando', variant: 'warning' },
  sent: { label: 'Enviada', variant: 'success' },
  failed: { label: 'Falhou', variant: 'destructive' },
};

/** What a message was about: the new order, one of the status messages, or a test. */
function kindLabel(kind: string): string | null {
  if (kind === 'new_order') return 'Pedido recebido';
  if (kind === 'test') return 'Teste';
  const status = kind.replace(/^status_/, '');
  return isStatusMessageStatus(status) ? STATUS_MESSAGE_LABELS[status] : null;
}

/** The WhatsApp outbox: what the restaurant's notifications actually sent (or failed to). */
export function SentMessagesCard() {
  const timeZone = useStaff().restaurant?.timezone;
  const { data, isLoading } = useQuery({
    queryKey: ['admin', 'messages'],
    queryFn: () => api.get<{ messages: OutboundMessage[] }>('/api/admin/messages'),
    refetchInterval: 30_000,
  });
  const messages = data?.messages ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mensagens enviadas</CardTitle>
        <CardDescription>
          Notificações de pedidos enviadas pelo WhatsApp, das mais recentes às mais antigas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-sm text-muted-foreground">Carregando...</p>
        ) : messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma mensagem enviada ainda.</p>
        ) : (
          <ul className="grid gap-3">
            {messages.map((m) => (
              <li key={m.id} className="rounded-lg border p-3 text-sm">
                <div className="mb-1 flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS[m.status].variant}>{STATUS[m.status].label}</Badge>
                  {kindLabel(m.kind) && <Badge variant="outline">{kindLabel(m.kind)}</Badge>}
                  {m.number && <span className="font-medium">{orderLabel(m.number)}</span>}
                  {m.shortId && <span className="font-mono text-xs">#{m.shortId.toUpperCase()}</span>}
                  {m.phone && <span className="text-muted-foreground">{m.phone}</span>}
                  <span className="ml-auto text-xs text-muted-foreground">{formatDateTime(m.createdAt, timeZone)}</span>
                </div>
                <p className="whitespace-pre-line break-words">{m.body}</p>
                {m.status === 'failed' && m.lastError && (
                  <p className="mt-1 text-xs text-destructive">
                    {m.lastError} ({m.attempts} {m.attempts === 1 ? 'tentativa' : 'tentativas'})
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
