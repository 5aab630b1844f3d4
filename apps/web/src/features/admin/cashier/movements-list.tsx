import type { CashMovementView } from '@meucardapio/domain/cashier-views';
import { formatMoney, formatTime } from '@/lib/format';

const KIND_LABEL = { withdrawal: 'Sangria', supply: 'Suprimento' } as const;

/** Every sangria and suprimento of a session: time, kind, reason, who, amount (a sangria leaves the drawer). */
export function MovementsList({ movements, timeZone }: { movements: CashMovementView[]; timeZone: string }) {
  return (
    <section className="grid gap-2" aria-label="Movimentações do caixa">
      <h3 className="text-sm font-semibold">Sangrias e suprimentos</h3>
      {movements.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma sangria ou suprimento nesta sessão.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {movements.map((m) => (
            <li
              key={m.id}
              className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-0.5 rounded-md bg-muted px-3 py-2"
            >
              <span className="tabular-nums text-muted-foreground">{formatTime(m.createdAt, timeZone)}</span>
              <span className="min-w-0">
                <span className="font-medium">{KIND_LABEL[m.kind]}</span> · {m.reason}
                <span className="block truncate text-xs text-muted-foreground">{m.employeeName}</span>
              </span>
              <span className="font-semibold whitespace-nowrap tabular-nums">
                {m.kind === 'withdrawal' ? '−' : '+'}
                {formatMoney(m.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
