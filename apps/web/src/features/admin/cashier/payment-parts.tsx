import type { PdvPayment } from '@meucardapio/domain/cashier';
import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The payments added so far, each removable. */
export function AddedPayments({ payments, onRemove }: { payments: PdvPayment[]; onRemove: (index: number) => void }) {
  if (payments.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-3 text-center text-sm text-muted-foreground">
        Nenhum pagamento adicionado
      </p>
    );
  return (
    <ul className="grid gap-2" aria-label="Pagamentos adicionados">
      {payments.map((p, i) => (
        <li
          key={`${p.methodId}-${i}`}
          className="flex items-center justify-between gap-2 rounded-lg border p-2 text-sm"
        >
          <div className="min-w-0">
            <p className="font-medium">
              {p.methodName}
              {p.installments > 1 && <Badge variant="secondary" className="ml-1">{`${p.installments}x`}</Badge>}
            </p>
            {p.received !== null && (
              <p className="text-xs text-muted-foreground">
                Recebido {formatMoney(p.received)} · troco {formatMoney(p.change)}
              </p>
            )}
          </div>
          <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(p.amount)}</span>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Remover pagamento ${p.methodName}`}
            onClick={() => onRemove(i)}
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Total, what is left to pay, and the change: the added payments' with the one being typed. */
export function PaymentSummary({ total, remaining, change }: { total: number; remaining: number; change: number }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <Figure label="Total" value={formatMoney(total)} />
      <Figure label="Restante" value={formatMoney(remaining)} strong={remaining > 0} />
      <Figure label="Troco" value={formatMoney(change)} accent={change > 0} />
    </dl>
  );
}

function Figure({
  label,
  value,
  strong,
  accent,
}: {
  label: string;
  value: string;
  strong?: boolean;
  accent?: boolean;
}) {
  return (
    <div className={cn('rounded-lg border p-2', accent && 'border-success/40 bg-success/10')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('text-lg font-bold tabular-nums sm:text-xl', strong && 'text-destructive')}>{value}</dd>
    </div>
  );
}
