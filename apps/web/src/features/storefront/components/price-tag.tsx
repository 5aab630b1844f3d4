import { strikePrice } from '@meucardapio/domain/pricing';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The price, with the owner's struck-through "de" price when one was set (display only, never charged). */
export function PriceTag({
  price,
  compareAtPrice,
  className,
  stacked = false,
}: {
  price: number;
  compareAtPrice: number | null;
  className?: string;
  /** Struck price on its own line above the price (narrow cards). */
  stacked?: boolean;
}) {
  const strike = strikePrice(price, compareAtPrice);
  return (
    <span
      className={cn(
        stacked ? 'inline-flex flex-col leading-tight' : 'inline-flex flex-wrap items-baseline gap-x-2',
        className,
      )}
    >
      {strike !== null && (
        <span className="text-xs text-muted-foreground line-through">
          <span className="sr-only">De </span>
          {formatMoney(strike)}
        </span>
      )}
      <span className="font-semibold text-foreground">
        {strike !== null && <span className="sr-only">por </span>}
        {formatMoney(price)}
      </span>
    </span>
  );
}
