import { type CashChange, cashChangeParts } from '@meucardapio/domain/order-display';
import { cn } from '@/lib/utils';

/**
 * "Troco para R$ 100,00 (levar R$ 42,50)" for staff and the delivery person, highlighted; a narrow
 * card breaks between the two halves, never inside an amount. Nothing when there is no change to bring.
 */
export function CashChangeNote({ order, className }: { order: CashChange; className?: string }) {
  const parts = cashChangeParts(order);
  if (!parts) return null;
  return (
    <p className={cn('rounded-md bg-amber-50 px-2 py-1 font-semibold text-amber-900', className)}>
      <span className="whitespace-nowrap">{parts[0]}</span> <span className="whitespace-nowrap">{parts[1]}</span>
    </p>
  );
}
