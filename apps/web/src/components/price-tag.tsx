import { fromPrice, strikePrice } from '@meucardapio/domain/pricing';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The price, with the owner's struck-through "de" price when one was set (display only, never charged);
 * "a partir de" the cheapest size for a product priced per size.
 */
export function PriceTag({
  price,
  compareAtPrice,
  variations,
  className,
  stacked = false,
}: {
  price: number;
  compareAtPrice: number | null;
  variations?: unknown;
  className?: string;
  /** Struck price on its own line above the price (narrow cards). */
  stacked?: boolean;
}) {
  const from = fromPrice(variations);
  const strike = from === null ? strikePrice(price, compareAtPrice) : null;
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
        {from !== null && <span className="text-xs font-normal text-muted-foreground">a partir de </span>}
        {formatMoney(from ?? price)}
      </span>
    </span>
  );
}
