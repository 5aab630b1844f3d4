import { ORDER_FILTERS, ORDER_STATUS_FILTER_LABELS, type OrderFilter } from '@meucardapio/domain/order-status';
import { Bell, BellOff, MessagesSquare, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const FILTER_LABEL = (f: OrderFilter) => (f === 'all' ? 'Todos' : ORDER_STATUS_FILTER_LABELS[f]);

/** The page's actions: the status filter, refresh, the general chat and the new-order sound. */
export function OrdersToolbar({
  deliveryPersonView,
  filter,
  onFilter,
  fetching,
  onRefresh,
  generalChat,
  unreadGeneral,
  onGeneralChat,
  muted,
  onToggleMuted,
}: {
  deliveryPersonView: boolean;
  filter: OrderFilter;
  onFilter: (filter: OrderFilter) => void;
  fetching: boolean;
  onRefresh: () => void;
  generalChat: boolean;
  unreadGeneral: number;
  onGeneralChat: () => void;
  muted: boolean;
  onToggleMuted: () => void;
}) {
  return (
    <>
      {!deliveryPersonView && (
        <Select value={filter} onValueChange={(v) => onFilter(v as OrderFilter)}>
          <SelectTrigger aria-label="Filtrar por status" className="h-10 w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ORDER_FILTERS.map((f) => (
              <SelectItem key={f} value={f}>
                {FILTER_LABEL(f)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      <Button variant="outline" onClick={onRefresh} disabled={fetching}>
        <RefreshCw className={fetching ? 'animate-spin' : undefined} aria-hidden />
        {fetching ? 'Atualizando...' : 'Atualizar'}
      </Button>
      {generalChat && (
        <Button variant="outline" onClick={onGeneralChat}>
          <MessagesSquare aria-hidden /> Chat Geral
          {unreadGeneral > 0 && (
            <span className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">{unreadGeneral}</span>
          )}
        </Button>
      )}
      <Button
        variant={muted ? 'secondary' : 'outline'}
        onClick={onToggleMuted}
        aria-pressed={muted}
        title={muted ? 'Som de novos pedidos desligado' : 'Som de novos pedidos ligado'}
      >
        {muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
        <span className="max-sm:sr-only">{muted ? 'Som desligado' : 'Som ligado'}</span>
      </Button>
    </>
  );
}
