import { addButtonLabel, quantityBounds, validateProductChoice } from '@meucardapio/domain/cart';
import type { MenuProduct } from '@meucardapio/domain/menu-views';
import { MSG } from '@meucardapio/domain/messages';
import { ITEM_NOTE_MAX } from '@meucardapio/domain/order-display';
import { normalizeMaxFlavors, pickFlavor, productKind } from '@meucardapio/domain/pricing';
import { Check, X } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/format';
import { buildCartLine, type CartItem } from '@/lib/menu-choice';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';

/**
 * Where the chosen product goes: the storefront's cart, or a table's round in the waiter's app. The
 * lines already there count against the stock, and a closed restaurant refuses (the waiter's app is
 * always open).
 */
export type ProductTarget = {
  items: readonly CartItem[];
  add: (line: Omit<CartItem, 'total'>) => boolean;
  isOpen: boolean;
  closedDescription: string;
  /** The toast once added ("Adicionado ao carrinho"). */
  addedTitle: string;
};

type Props = {
  product: MenuProduct | null;
  productsById: ReadonlyMap<string, MenuProduct>;
  onOpenChange: (open: boolean) => void;
  target: ProductTarget;
};

/** Product details (sizes, flavours, colours, add-ons, notes): a bottom sheet on phones, a centred dialog from 768 px. */
export function ProductDialog({ product, productsById, onOpenChange, target }: Props) {
  return (
    <Dialog open={product !== null} onOpenChange={onOpenChange}>
      {product && (
        <DialogContent
          variant="sheet"
          className="flex max-h-[92dvh] flex-col gap-0 overflow-hidden p-0 pb-0 md:max-h-[calc(100dvh-4rem)] md:max-w-xl md:p-0"
          aria-describedby={undefined}
          hideClose
        >
          {/* Our own close button, on a solid circle so it stays readable over the photo and the options. */}
          <DialogClose className="absolute top-3 right-3 z-20 inline-flex size-10 items-center justify-center rounded-full bg-background/90 shadow-md backdrop-blur-sm transition-colors hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            <X className="size-5" aria-hidden />
            <span className="sr-only">Fechar</span>
          </DialogClose>
          {/* Keyed by product so every opening starts from a clean choice. */}
          <ProductForm
            key={product.id}
            product={product}
            productsById={productsById}
            target={target}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Section({
  title,
  hint,
  required,
  children,
}: {
  title: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 flex w-full items-center justify-between gap-2">
        <span className="flex flex-col">
          <span className="font-semibold">{title}</span>
          {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
        </span>
        {required ? (
          <span className="rounded-full bg-foreground px-2 py-0.5 text-[11px] font-medium text-background">
            Obrigatório
          </span>
        ) : null}
      </legend>
      {children}
    </fieldset>
  );
}

/** A full-width option row (radio or checkbox look), at least 44 px tall for thumbs. */
function OptionRow({
  selected,
  onSelect,
  label,
  price,
  kind,
  name,
}: {
  selected: boolean;
  onSelect: () => void;
  label: string;
  price: string | null;
  kind: 'radio' | 'checkbox';
  name: string;
}) {
  return (
    <label
      className={cn(
        'relative flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
        selected ? 'border-brand bg-brand/5' : 'hover:bg-accent',
      )}
    >
      <input
        type={kind}
        name={name}
        checked={selected}
        onChange={onSelect}
        className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
      />
      <span
        aria-hidden
        className={cn(
          'flex size-5 shrink-0 items-center justify-center border-2 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
          kind === 'radio' ? 'rounded-full' : 'rounded-md',
          selected ? 'border-brand bg-brand text-brand-foreground' : 'border-muted-foreground/40',
        )}
      >
        {selected && <Check className="size-3.5" strokeWidth={3} />}
      </span>
      <span className="flex-1">{label}</span>
      {price ? <span className="text-muted-foreground">{price}</span> : null}
    </label>
  );
}

const plusPrice = (cents: number) =>
  cents > 0 ? `+ ${formatMoney(cents)}` : cents < 0 ? `- ${formatMoney(-cents)}` : null;

function ProductForm({
  product,
  productsById,
  target: cart,
  onDone,
}: {
  product: MenuProduct;
  productsById: ReadonlyMap<string, MenuProduct>;
  target: ProductTarget;
  onDone: () => void;
}) {
  const { isOpen, closedDescription } = cart;
  const kind = productKind(product);
  const maxFlavors = normalizeMaxFlavors(product.maxFlavors);
  const flavorOptions = useMemo(
    () =>
      kind === 'multi_flavor_pizza'
        ? product.pizzaFlavors.map((id) => productsById.get(id)).filter((p): p is MenuProduct => !!p)
        : [],
    [kind, product.pizzaFlavors, productsById],
  );

  const [flavorIds, setFlavorIds] = useState<string[]>([]);
  const [variationId, setVariationId] = useState<string | null>(null);
  const [colorId, setColorId] = useState<string | null>(null);
  const [addonIds, setAddonIds] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');

  const bounds = quantityBounds(product);
  const inCartSameName = cart.items.filter((i) => i.name === product.name).reduce((s, i) => s + i.quantity, 0);
  const stockLeft = product.controleEstoque ? Math.max(0, product.estoque - inCartSameName) : null;
  const maxQty = bounds.max === null ? 99 : Math.max(1, bounds.max);

  const line = buildCartLine(
    product,
    { flavorIds, variationId, colorIds: colorId ? [colorId] : [], addonIds, quantity },
    productsById,
    'preview',
  );
  const subtotal = line.price * quantity;
  const label = addButtonLabel({ isOpen, kind, flavorCount: flavorIds.length });

  function submit() {
    if (!isOpen) {
      toast.error(MSG.restaurantClosed, { description: closedDescription });
      return;
    }
    const check = validateProductChoice(
      {
        kind,
        name: product.name,
        flavorCount: flavorIds.length,
        hasSizes: product.variations.length > 0,
        sizeChosen: variationId !== null,
        hasColors: product.colors.length > 0,
        colorChosen: colorId !== null,
        quantity,
        controleEstoque: product.controleEstoque,
        estoque: product.estoque,
      },
      cart.items,
    );
    if (!check.ok) {
      toast.error(check.title, { description: check.description });
      return;
    }
    const added = cart.add(
      buildCartLine(
        product,
        { flavorIds, variationId, colorIds: colorId ? [colorId] : [], addonIds, quantity, notes },
        productsById,
      ),
    );
    if (!added) {
      toast.error(MSG.addProductError);
      return;
    }
    toast.success(cart.addedTitle, { description: `${quantity}× ${product.name}`, duration: 2000 });
    onDone();
  }

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          eager
          sizes="(min-width: 768px) 512px, 100vw"
          className="aspect-[16/10] w-full md:aspect-[16/9]"
          iconClassName="size-12"
        />
        <div className="flex flex-col gap-6 p-5">
          <div className="flex flex-col gap-1.5 pr-6">
            <DialogTitle className="text-xl">{product.name}</DialogTitle>
            {product.description ? (
              <DialogDescription className="whitespace-pre-line">{product.description}</DialogDescription>
            ) : null}
            <PriceTag
              price={product.price}
              compareAtPrice={product.compareAtPrice}
              variations={product.variations}
              className="text-lg"
            />
          </div>

          {kind === 'multi_flavor_pizza' && (
            <Section
              title="Sabores"
              hint={
                maxFlavors === 1
                  ? 'Escolha 1 sabor'
                  : `Escolha até ${maxFlavors} sabores (${flavorIds.length}/${maxFlavors})`
              }
              required
            >
              {flavorOptions.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum sabor disponível no momento.</p>
              ) : (
                flavorOptions.map((f) => (
                  <OptionRow
                    key={f.id}
                    kind="checkbox"
                    name="sabores"
                    label={f.name}
                    price={formatMoney(f.price)}
                    selected={flavorIds.includes(f.id)}
                    onSelect={() => setFlavorIds((cur) => pickFlavor(cur, f.id, maxFlavors))}
                  />
                ))
              )}
              {maxFlavors > 1 && (
                <p className="text-xs text-muted-foreground">O preço é a média dos sabores escolhidos.</p>
              )}
            </Section>
          )}

          {product.variations.length > 0 && (
            <Section title="Tamanhos" hint="Escolha 1 opção" required>
              {product.variations.map((v) => (
                <OptionRow
                  key={v.id}
                  kind="radio"
                  name="tamanho"
                  label={v.name}
                  price={v.price === undefined ? plusPrice(v.priceModifier) : formatMoney(v.price)}
                  selected={variationId === v.id}
                  onSelect={() => setVariationId(v.id)}
                />
              ))}
            </Section>
          )}

          {product.colors.length > 0 && (
            <Section title="Cores" hint="Escolha 1 opção" required>
              {product.colors.map((c) => (
                <OptionRow
                  key={c.id}
                  kind="radio"
                  name="cor"
                  label={c.name}
                  price={plusPrice(c.priceModifier)}
                  selected={colorId === c.id}
                  onSelect={() => setColorId(c.id)}
                />
              ))}
            </Section>
          )}

          {product.addons.length > 0 && (
            <Section title="Adicionais" hint="Escolha quantos quiser">
              {product.addons.map((a) => (
                <OptionRow
                  key={a.id}
                  kind="checkbox"
                  name="adicionais"
                  label={a.name}
                  price={plusPrice(a.price)}
                  selected={addonIds.includes(a.id)}
                  onSelect={() =>
                    setAddonIds((cur) => (cur.includes(a.id) ? cur.filter((x) => x !== a.id) : [...cur, a.id]))
                  }
                />
              ))}
            </Section>
          )}

          <FormField
            label="Observação (opcional)"
            htmlFor="product-note"
            hint={`${notes.length}/${ITEM_NOTE_MAX}`}
            className="[&>p]:text-right"
          >
            <Textarea
              id="product-note"
              value={notes}
              maxLength={ITEM_NOTE_MAX}
              rows={2}
              placeholder="Ex.: sem cebola, ponto da carne"
              onChange={(e) => setNotes(e.target.value)}
            />
          </FormField>

          <div className="flex items-center justify-between gap-4">
            <div className="flex flex-col">
              <span className="font-semibold">Quantidade</span>
              {stockLeft !== null && (
                <span className={cn('text-xs', stockLeft === 0 ? 'text-destructive' : 'text-muted-foreground')}>
                  {stockLeft === 0 ? 'Sem estoque disponível' : `${stockLeft} em estoque`}
                </span>
              )}
            </div>
            <QuantityStepper value={quantity} min={bounds.min} max={maxQty} onChange={setQuantity} />
          </div>
        </div>
      </div>

      <div className="flex items-center gap-3 border-t bg-background p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs text-muted-foreground">Subtotal</span>
          <span className="text-lg font-bold tabular-nums" data-testid="product-subtotal">
            {formatMoney(subtotal)}
          </span>
        </div>
        <Button variant="brand" size="xl" className="flex-1 whitespace-normal" disabled={!isOpen} onClick={submit}>
          {label}
        </Button>
      </div>
    </>
  );
}
