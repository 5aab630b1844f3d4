import { centsText } from '@meucardapio/domain/money';
import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { MoneyInput, typedCents } from '@/components/money-input';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { formatMoney, plural } from '@/lib/format';
import { lineDetails, typedQuantity } from './pdv-cart';
import { Kbd } from './pdv-ui';
import type { PdvCart } from './use-pdv-cart';

type Props = {
  cart: PdvCart;
  discountRef: RefObject<HTMLInputElement | null>;
  onReserve: () => void;
  onClear: () => void;
  onPay: () => void;
  /** Shown above the lines (the last sale, with its change and receipt). */
  notice?: ReactNode;
};

/**
 * The sale being rung up: lines with quantity steppers, discount, totals always in view and the
 * Reservar / Limpar / Finalizar Venda buttons with their shortcuts.
 */
export function CartPanel({ cart, discountRef, onReserve, onClear, onPay, notice }: Props) {
  const { lines, totals } = cart;
  const [discountText, setDiscountText] = useState(totals.discount > 0 ? centsText(totals.discount) : '');
  const units = lines.reduce((s, l) => s + l.quantity, 0);
  const listRef = useRef<HTMLDivElement>(null);
  const lineCount = useRef(lines.length);

  // A new line (a scan) is always in view, even in a long sale.
  useEffect(() => {
    if (lines.length > lineCount.current) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
    lineCount.current = lines.length;
  }, [lines.length]);

  // A cleared or restored cart brings its own discount (never rewrite what is being typed).
  useEffect(() => {
    if (document.activeElement !== discountRef.current)
      setDiscountText(cart.discount > 0 ? centsText(cart.discount) : '');
  }, [cart.discount, discountRef]);

  return (
    <section
      aria-label="Carrinho"
      className="flex min-h-0 min-w-0 flex-col overflow-hidden rounded-xl border bg-card shadow-sm lg:h-full"
    >
      <header className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <ShoppingCart className="size-5" aria-hidden /> Venda atual
        </h2>
        <span className="text-sm text-muted-foreground">{plural(units, 'item', 'itens')}</span>
      </header>
      {notice}

      <div ref={listRef} className="min-h-24 flex-1 overflow-y-auto">
        {lines.length === 0 ? (
          <div className="flex h-full min-h-32 flex-col items-center justify-center gap-1 p-6 text-center text-sm text-muted-foreground">
            <p className="font-medium">Carrinho vazio</p>
            <p>Leia o código de barras ou busque o produto.</p>
          </div>
        ) : (
          <ul className="divide-y">
            {lines.map((l) => (
              <li key={l.id} className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 px-4 py-2.5">
                <div className="min-w-0">
                  <p className="truncate font-medium" title={l.name}>
                    {l.name}
                  </p>
                  {lineDetails(l) && <p className="truncate text-xs text-muted-foreground">{lineDetails(l)}</p>}
                  <p className="text-xs text-muted-foreground tabular-nums">{formatMoney(l.price)} un.</p>
                </div>
                <p className="text-right font-semibold tabular-nums">{formatMoney(l.total)}</p>
                <div className="col-span-2 flex items-center gap-1">
                  <Button
                    size="icon-sm"
                    variant="outline"
                    aria-label={`Diminuir ${l.name}`}
                    onClick={() => cart.setQuantity(l.id, l.quantity - 1)}
                  >
                    <Minus aria-hidden />
                  </Button>
                  <QuantityBox
                    label={`Quantidade de ${l.name}`}
                    quantity={l.quantity}
                    onQuantity={(n) => cart.setQuantity(l.id, n)}
                  />
                  <Button
                    size="icon-sm"
                    variant="outline"
                    aria-label={`Aumentar ${l.name}`}
                    onClick={() => cart.setQuantity(l.id, l.quantity + 1)}
                  >
                    <Plus aria-hidden />
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    className="ml-auto text-destructive"
                    aria-label={`Remover ${l.name}`}
                    onClick={() => cart.setQuantity(l.id, 0)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="grid gap-3 border-t bg-muted/30 p-4">
        <div className="grid grid-cols-[1fr_8.5rem] items-center gap-2">
          <Label htmlFor="pdv-discount" className="flex-wrap">
            Desconto <Kbd>F6</Kbd>
            {totals.discount > 0 && (
              <span className="text-xs font-normal text-muted-foreground">({totals.discountPercent})</span>
            )}
          </Label>
          <MoneyInput
            id="pdv-discount"
            ref={discountRef}
            value={discountText}
            disabled={lines.length === 0}
            onChange={(e) => {
              setDiscountText(e.target.value);
              cart.setDiscount(typedCents(e.target.value) ?? 0);
            }}
            onBlur={() => setDiscountText(totals.discount > 0 ? centsText(totals.discount) : '')}
            className="h-9 text-right"
          />
        </div>
        <dl className="grid gap-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="tabular-nums">{formatMoney(totals.subtotal)}</dd>
          </div>
          {totals.discount > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Desconto</dt>
              <dd className="tabular-nums">-{formatMoney(totals.discount)}</dd>
            </div>
          )}
          <div className="flex items-baseline justify-between pt-1">
            <dt className="text-base font-semibold">Total</dt>
            <dd className="text-2xl font-bold tracking-tight tabular-nums xl:text-3xl" data-testid="pdv-total">
              {formatMoney(totals.total)}
            </dd>
          </div>
        </dl>
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" variant="outline" onClick={onReserve}>
            Reservar <Kbd>F8</Kbd>
          </Button>
          <Button size="lg" variant="outline" onClick={onClear}>
            Limpar <Kbd>F9</Kbd>
          </Button>
        </div>
        <Button size="xl" variant="success" className="h-14 w-full px-3 text-base xl:text-lg" onClick={onPay}>
          Finalizar Venda · {formatMoney(totals.total)} <Kbd tone="dark">F4</Kbd>
        </Button>
      </div>
    </section>
  );
}

/** The typed quantity: retyping keeps the line; only a confirmed 0 (Enter, leaving the box) removes it. */
function QuantityBox({
  label,
  quantity,
  onQuantity,
}: {
  label: string;
  quantity: number;
  onQuantity: (n: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  function confirm() {
    const n = draft === null ? null : typedQuantity(draft, true);
    if (n !== null && n !== quantity) onQuantity(n);
    setDraft(null);
  }
  return (
    <input
      aria-label={label}
      inputMode="numeric"
      className="h-8 w-12 rounded-md border bg-background text-center text-sm tabular-nums"
      value={draft ?? quantity}
      onChange={(e) => {
        const text = e.target.value.replace(/\D/g, '');
        setDraft(text);
        const n = typedQuantity(text, false);
        if (n !== null) onQuantity(n);
      }}
      onBlur={confirm}
      onKeyDown={(e) => {
        if (e.key === 'Enter') confirm();
      }}
    />
  );
}
