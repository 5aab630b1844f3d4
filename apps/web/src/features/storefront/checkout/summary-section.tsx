import { stockLeftText } from '@meucardapio/domain/cart';
import { MSG } from '@meucardapio/domain/messages';
import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { Row } from './checkout-ui';
import type { Checkout } from './use-checkout-form';

/** The sticky footer: a lost stock race, the figures and 'Finalizar Pedido'. */
export function SummarySection({ checkout: c }: { checkout: Checkout }) {
  const { charge, subtotal, localFee, freight, discount, total } = c.totals;
  return (
    <div className="sticky bottom-0 grid gap-3 border-t bg-background px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] md:px-6">
      {c.stockError && <StockProblem checkout={c} description={c.stockError.description} />}
      <dl className="grid gap-1 text-sm">
        <Row label="Subtotal" value={formatMoney(subtotal)} />
        {c.delivering && c.local && (
          <Row
            label="Taxa de entrega"
            value={!charge?.ok ? feePendingText(charge) : localFee > 0 ? formatMoney(localFee) : 'Grátis'}
          />
        )}
        {charge && !charge.ok && charge.code !== 'delivery_area_required' && (
          <p role="alert" className="text-right text-xs text-destructive">
            {charge.description}
          </p>
        )}
        {c.delivering && c.shipped && (
          <Row label="Frete" value={freight > 0 ? formatMoney(freight) : !c.shippingOption ? '—' : 'Grátis'} />
        )}
        {discount > 0 && <Row label="Desconto" value={`− ${formatMoney(discount)}`} className="text-success" />}
        <Row label="Total" value={formatMoney(total)} className="text-base font-bold" />
      </dl>
      <Button
        type="submit"
        variant="brand"
        size="xl"
        loading={c.submitting}
        disabled={!!c.closedText}
        className="w-full"
      >
        {c.method?.online ? <CreditCard aria-hidden /> : null}
        Finalizar Pedido
      </Button>
    </div>
  );
}

/** The fee row before the address is inside the area: nothing is free until the server would say so. */
function feePendingText(charge: Checkout['totals']['charge']): string {
  return charge && !charge.ok && charge.code !== 'delivery_area_required' ? 'Não entregamos' : 'Informe o endereço';
}

/** 'Estoque insuficiente' with the lines that no longer fit, to adjust or remove. */
function StockProblem({ checkout: c, description }: { checkout: Checkout; description: string }) {
  const { cart, overStock } = c;
  return (
    <div role="alert" className="grid gap-2 rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
      <p>
        <strong className="block">{MSG.insufficientStock}</strong>
        {/* The server's words until the refreshed menu names the lines below. */}
        {overStock.size === 0 && description}
      </p>
      {cart.items
        .filter((i) => overStock.has(i.id))
        .map((i) => {
          const left = overStock.get(i.id) ?? 0;
          return (
            <div key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-foreground">
              <span>
                {i.quantity}× {i.name} · <span className="text-destructive">{stockLeftText(left)}</span>
              </span>
              <span className="flex gap-2">
                {left > 0 && left < i.quantity && (
                  <Button type="button" size="sm" variant="outline" onClick={() => cart.updateQuantity(i.id, left)}>
                    Ajustar para {left}
                  </Button>
                )}
                <Button type="button" size="sm" variant="outline" onClick={() => cart.remove(i.id)}>
                  Remover
                </Button>
              </span>
            </div>
          );
        })}
    </div>
  );
}
