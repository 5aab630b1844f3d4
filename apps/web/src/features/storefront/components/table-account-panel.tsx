import type { CustomerAccountView } from '@meucardapio/domain/table-accounts-api';
import { useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { api, isApiError } from '@/lib/api';
import { isCustomer, useAuth } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { useIdle } from '@/lib/idle';
import { useEvents } from '@/lib/use-events';

const tableAccountKey = (table: number) => ['storefront', 'table-account', table] as const;

/**
 * The table's account on a phone at the table: every round (the waiter's and the phones'), the service
 * charge and what is left to pay, live. Shown once this phone has ordered there; the server answers only
 * for a table the customer ordered at.
 */
export function TableAccountPanel({ tableNumber, restaurantId }: { tableNumber: number; restaurantId: string }) {
  // Asked once the menu has painted, like the header's account button.
  const { user } = useAuth({ load: useIdle() });
  const signedIn = isCustomer(user) && user.restaurant.id === restaurantId;
  const account = useQuery({
    queryKey: tableAccountKey(tableNumber),
    queryFn: async () => {
      try {
        return (await api.get<{ account: CustomerAccountView }>(`/api/customer/tables/${tableNumber}/account`)).account;
      } catch (err) {
        if (isApiError(err) && err.status === 404) return null;
        throw err;
      }
    },
    enabled: signedIn,
  });
  useEvents(
    'customer',
    { 'table.account': () => account.refetch(), 'order.created': () => account.refetch() },
    { enabled: signedIn },
  );
  const a = account.data;
  if (!a) return null;
  const items = a.rounds.flatMap((r) => r.items.filter((i) => !i.cancelled));
  return (
    <section aria-label="Conta da mesa" className="mx-auto mt-3 max-w-6xl px-4 md:px-6">
      <details className="rounded-xl border bg-card">
        <summary className="flex min-h-12 cursor-pointer items-center gap-2 px-3 text-sm font-medium">
          <ReceiptText className="size-4" aria-hidden />
          Conta da {a.label} · {a.rounds.length} {a.rounds.length === 1 ? 'rodada' : 'rodadas'}
          <span className="ml-auto tabular-nums">{formatMoney(a.bill.total)}</span>
        </summary>
        <div className="grid gap-2 border-t px-3 py-2 text-sm">
          <ul className="grid gap-1">
            {items.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span>
                  {i.quantity}× {i.name}
                </span>
                <span className="tabular-nums">{formatMoney(i.totalPrice)}</span>
              </li>
            ))}
          </ul>
          <dl className="grid gap-0.5 border-t pt-2">
            <div className="flex justify-between">
              <dt>Serviço {a.servicePercent}% (opcional)</dt>
              <dd className="tabular-nums">{formatMoney(a.bill.serviceCharge)}</dd>
            </div>
            {a.bill.couvert > 0 && (
              <div className="flex justify-between">
                <dt>Couvert</dt>
                <dd className="tabular-nums">{formatMoney(a.bill.couvert)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>{a.paid > 0 ? 'Falta pagar' : 'Total'}</dt>
              <dd className="tabular-nums">{formatMoney(a.paid > 0 ? a.remaining : a.bill.total)}</dd>
            </div>
          </dl>
        </div>
      </details>
    </section>
  );
}
