import { ACCOUNT_STATUS_LABELS, accountLabel } from '@meucardapio/domain/table-accounts';
import type { RoomTile, TurnoverView } from '@meucardapio/domain/table-accounts-api';
import { Users } from 'lucide-react';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Minutes since the account opened, by the server's clock. */
export function minutesOpen(openedAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(openedAt).getTime()) / 60_000));
}

export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
}

/** Free is calm; an occupied table warms up with time (1 h, 2 h); one asking for the bill stands out. */
function tileStyle(tile: RoomTile, minutes: number): string {
  if (tile.status === 'free') return 'border-emerald-300 bg-emerald-50 text-emerald-950 hover:bg-emerald-100';
  if (tile.status === 'billing') return 'border-violet-400 bg-violet-100 text-violet-950 hover:bg-violet-200';
  if (minutes >= 120) return 'border-red-400 bg-red-100 text-red-950 hover:bg-red-200';
  if (minutes >= 60) return 'border-orange-400 bg-orange-100 text-orange-950 hover:bg-orange-200';
  return 'border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100';
}

/** The room: one tile per table (and open tab), coloured by status and time open. */
export function RoomGrid({ tiles, now, onPick }: { tiles: RoomTile[]; now: Date; onPick: (tile: RoomTile) => void }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6" aria-label="Salão">
      {tiles.map((tile) => {
        const minutes = tile.account ? minutesOpen(tile.account.openedAt, now) : 0;
        const label = accountLabel(tile.kind, tile.number);
        return (
          <li key={`${tile.kind}-${tile.number}`}>
            <button
              type="button"
              onClick={() => onPick(tile)}
              aria-label={`${label}, ${ACCOUNT_STATUS_LABELS[tile.status]}`}
              className={cn(
                'flex min-h-24 w-full flex-col items-start justify-between gap-1 rounded-xl border-2 p-2.5 text-left transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                tileStyle(tile, minutes),
              )}
            >
              <span className="flex w-full items-baseline justify-between gap-1">
                <span className="text-lg leading-none font-bold tabular-nums">
                  {tile.kind === 'tab' ? `C${tile.number}` : tile.number}
                </span>
                {tile.account && (
                  <span className="inline-flex items-center gap-0.5 text-xs">
                    <Users className="size-3" aria-hidden />
                    {tile.account.people}
                  </span>
                )}
              </span>
              <span className="text-xs font-medium">{ACCOUNT_STATUS_LABELS[tile.status]}</span>
              {tile.account ? (
                <span className="flex flex-col tabular-nums">
                  <span className="text-xs">{durationText(minutes)}</span>
                  <span className="text-sm font-semibold whitespace-nowrap">{formatMoney(tile.account.total)}</span>
                </span>
              ) : (
                <span className="text-xs opacity-70">Toque para abrir</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Today's turnover: tables closed, average time occupied, ticket per person and the staff's service. */
export function TurnoverStrip({ turnover }: { turnover: TurnoverView }) {
  const items = [
    ['Contas fechadas hoje', String(turnover.accounts)],
    ['Tempo médio', turnover.accounts ? durationText(turnover.averageMinutes) : '—'],
    ['Ticket por pessoa', turnover.accounts ? formatMoney(turnover.averageTicketPerPerson) : '—'],
    ['Taxa de serviço', formatMoney(turnover.serviceCharge)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Giro das mesas">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-card px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RoomLegend() {
  const items = [
    ['Livre', 'bg-emerald-300'],
    ['Ocupada', 'bg-amber-300'],
    ['+1 h', 'bg-orange-400'],
    ['+2 h', 'bg-red-400'],
    ['Em pagamento', 'bg-violet-400'],
  ];
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-label="Legenda">
      {items.map(([label, color]) => (
        <li key={label} className="inline-flex items-center gap-1">
          <span className={cn('size-2.5 rounded-full', color)} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}
