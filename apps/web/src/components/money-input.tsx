import { parseBRLInput } from '@meucardapio/domain/money';
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** What the cashier typed ('12,50', '1.234', 'R$ 5') as centavos; null when blank or not an amount. */
export function typedCents(text: string): number | null {
  return text.trim() === '' ? null : parseBRLInput(text);
}

/** A money field: free text in reais with the 'R$' prefix, read with typedCents(). */
export function MoneyInput({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
      >
        R$
      </span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        className={cn('pl-10 tabular-nums', className)}
        {...props}
      />
    </div>
  );
}
