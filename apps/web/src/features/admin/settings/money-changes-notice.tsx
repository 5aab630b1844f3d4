import { MONEY_DESTINATION_LABELS, type MoneyDestinationChangeView } from '@meucardapio/domain/money-destination';
import { ShieldAlert } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

/**
 * The owner's notice: the PIX key or the payment-provider handle changed by someone else (decision 048).
 * Their own changes stay in the history without a notice.
 */
export function MoneyChangesNotice({ changes }: { changes: MoneyDestinationChangeView[] | undefined }) {
  const byOthers = (changes ?? []).filter((c) => !c.byOwner).slice(0, 5);
  if (byOthers.length === 0) return null;
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/30"
    >
      <p className="flex items-center gap-2 font-medium text-amber-900 dark:text-amber-200">
        <ShieldAlert className="size-4" aria-hidden /> Para onde vai o dinheiro: alterações feitas pela equipe
      </p>
      <ul className="mt-2 grid gap-1 text-amber-950/80 dark:text-amber-100/80">
        {byOthers.map((c) => (
          <li key={`${c.field}-${c.createdAt}`} className="break-words">
            {formatDateTime(c.createdAt)} · {MONEY_DESTINATION_LABELS[c.field]}:{' '}
            <span className="font-mono">{c.oldMasked ?? '(vazio)'}</span> →{' '}
            <span className="font-mono">{c.newMasked ?? '(vazio)'}</span> por {c.changedByName}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">
        Se não reconhece uma alteração, corrija a chave e troque a senha de quem a fez.
      </p>
    </div>
  );
}
