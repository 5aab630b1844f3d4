import { canSetQuantity, linesOverStock, stockLeftText } from '@meucardapio/domain/cart';
import { MSG } from '@meucardapio/domain/messages';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { ProductImage } from '@/components/product-image';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';
import { useCart } from '../cart/cart-context';
import { lineSummary } from '../menu-logic';

/** The cart: lines with quantity controls, the total, and 'Finalizar Pedido'. */
export function CartDialog({
  open,
  onOpenChange,
  onCheckout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCheckout: () => void;
}) {
  const cart = useCart();
  const empty = cart.items.length === 0;
  const overStock = linesOverStock(cart.items);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sheet"
        className="flex max-h-[92dvh] flex-col gap-0 overflow-hidden p-0 pb-0 md:max-h-[calc(100dvh-4rem)] md:max-w-lg md:p-0"
      >
        <div className="border-b px-5 pt-2 pb-3 md:pt-5">
          <DialogTitle>Seu Carrinho</DialogTitle>
          <DialogDescription className="sr-only">Itens escolhidos e total do pedido</DialogDescription>
        </div>
        {empty ? (
          <div className="flex flex-col items-center gap-4 px-5 py-12 text-center">
            <div className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <ShoppingBag className="size-8" aria-hidden />
            </div>
            <p className="font-medium">Seu carrinho está vazio</p>
            <Button variant="brand" size="lg" onClick={() => onOpenChange(false)}>
              Continuar Comprando
            </Button>
          </div>
        ) : (
          <>
            <ul className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain px-5">
              {cart.items.map((item) => {
                const summary = lineSummary(item);
                const canIncrease = canSetQuantity(cart.items, item.id, item.quantity + 1);
                const left = overStock.get(item.id);
                return (
                  <li key={item.id} className="flex gap-3 py-4" aria-label={item.name}>
                    <ProductImage
                      src={item.imageUrl}
                      alt=""
                      sizes="56px"
                      className="size-14 rounded-lg"
                      iconClassName="size-5"
                    />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <div className="flex items-start justify-between gap-2">
                        <p className="leading-snug font-medium">{item.name}</p>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="-mt-1 -mr-2 text-muted-foreground hover:text-destructive"
                          aria-label={`Remover ${item.name}`}
                          onClick={() => cart.remove(item.id)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                      {summary ? <p className="text-xs text-muted-foreground">{summary}</p> : null}
                      {left !== undefined && (
                        <p className="text-xs font-medium text-destructive" data-testid="line-unavailable">
                          {MSG.insufficientStock}: {stockLeftText(left)}
                        </p>
                      )}
                      {item.notes ? <p className="text-xs text-muted-foreground italic">Obs.: {item.notes}</p> : null}
                      <div className="mt-1 flex items-center justify-between gap-2">
                        <QuantityStepper
                          size="sm"
                          value={item.quantity}
                          min={0}
                          max={canIncrease ? item.quantity + 1 : item.quantity}
                          onChange={(q) => cart.updateQuantity(item.id, q)}
                          label={`Quantidade de ${item.name}`}
                        />
                        <span className="font-semibold tabular-nums">{formatMoney(item.price * item.quantity)}</span>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-col gap-3 border-t bg-background p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
              <div className="flex items-center justify-between text-lg font-bold">
                <span>Total</span>
                <span className="tabular-nums" data-testid="cart-total">
                  {formatMoney(cart.total)}
                </span>
              </div>
              <Button variant="brand" size="xl" onClick={onCheckout}>
                Finalizar Pedido
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
