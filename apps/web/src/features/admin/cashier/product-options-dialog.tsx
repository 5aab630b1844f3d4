import type { PdvFlavor, PdvOption, PdvProduct, PdvSize } from '@meucardapio/domain/cashier-views';
import { pickFlavor } from '@meucardapio/domain/pricing';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { choicePrice, type ProductChoice } from './pdv-cart';
import { Kbd } from './pdv-ui';

type Props = {
  product: PdvProduct | null;
  onClose: () => void;
  /** Adds the line; answers false when the cart refused it (the caller already said why). */
  onAdd: (product: PdvProduct, choice: ProductChoice) => boolean;
};

/** Sizes, colours, add-ons and flavours of a product before it goes into the PDV cart. */
export function ProductOptionsDialog({ product, onClose, onAdd }: Props) {
  return (
    <Dialog open={Boolean(product)} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-xl">
        {product && <OptionsForm key={product.id} product={product} onAdd={onAdd} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function OptionsForm({ product: p, onAdd, onClose }: { product: PdvProduct } & Omit<Props, 'product'>) {
  const [variation, setVariation] = useState<PdvSize | null>(p.variations[0] ?? null);
  const [color, setColor] = useState<PdvOption | null>(p.colors[0] ?? null);
  const [addons, setAddons] = useState<string[]>([]);
  const [flavors, setFlavors] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);

  const chosenFlavors = flavors.map((id) => p.flavors.find((f) => f.id === id)).filter((f): f is PdvFlavor => !!f);
  const chosenAddons = p.addons.filter((a) => addons.includes(a.id));
  const colors = color ? [color] : [];
  const { unit } = choicePrice(p, { variation, colors, addons: chosenAddons, flavors: chosenFlavors });
  // Each flavour button shows what it costs in the chosen size, as the cart will count it.
  const { flavorPrices } = choicePrice(p, { variation, colors: [], addons: [], flavors: p.flavors });
  const flavorOptions = p.flavors.map((f, i) => ({ ...f, price: flavorPrices[i] }));
  // A size with its own price shows that price; a modifier size what it adds.
  const sizeOptions = p.variations.map((v) => ({ ...v, label: sizeLabel(v) }));

  function submit() {
    const ok = onAdd(p, {
      variation,
      colors,
      addons: chosenAddons,
      flavors: chosenFlavors,
      quantity,
    });
    if (ok) onClose();
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{p.name}</DialogTitle>
        <DialogDescription>Escolha as opções e confirme com Enter.</DialogDescription>
      </DialogHeader>
      {(p.maxFlavors ?? 0) > 0 && (
        <OptionGroup
          legend={`Sabores (até ${p.maxFlavors})`}
          options={flavorOptions}
          isOn={(o) => flavors.includes(o.id)}
          onToggle={(o) => setFlavors((f) => pickFlavor(f, o.id, p.maxFlavors))}
          showPrice="absolute"
        />
      )}
      {p.variations.length > 0 && (
        <OptionGroup
          legend="Tamanho"
          options={sizeOptions}
          isOn={(o) => variation?.id === o.id}
          onToggle={(o) => setVariation(p.variations.find((v) => v.id === o.id) ?? null)}
        />
      )}
      {p.colors.length > 0 && (
        <OptionGroup legend="Cor" options={p.colors} isOn={(o) => color?.id === o.id} onToggle={setColor} />
      )}
      {p.addons.length > 0 && (
        <OptionGroup
          legend="Adicionais"
          options={p.addons}
          isOn={(o) => addons.includes(o.id)}
          onToggle={(o) => setAddons((a) => (a.includes(o.id) ? a.filter((x) => x !== o.id) : [...a, o.id]))}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Diminuir quantidade"
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            <Minus aria-hidden />
          </Button>
          <span className="w-10 text-center text-lg font-semibold tabular-nums" aria-live="polite">
            {quantity}
          </span>
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Aumentar quantidade"
            onClick={() => setQuantity((q) => q + 1)}
          >
            <Plus aria-hidden />
          </Button>
        </div>
        <Button type="submit" size="lg">
          Adicionar · {formatMoney(unit * quantity)} <Kbd tone="dark">Enter</Kbd>
        </Button>
      </div>
    </form>
  );
}

/** A size's price as its button shows it: its own price, or what it adds (nothing when it adds nothing). */
function sizeLabel(v: PdvSize): string | null {
  if (typeof v.ownPrice === 'number') return formatMoney(v.ownPrice);
  return v.price !== 0 ? `+ ${formatMoney(v.price)}` : null;
}

function OptionGroup<O extends PdvOption & { label?: string | null }>({
  legend,
  options,
  isOn,
  onToggle,
  showPrice = 'modifier',
}: {
  legend: string;
  options: O[];
  isOn: (o: O) => boolean;
  onToggle: (o: O) => void;
  showPrice?: 'modifier' | 'absolute';
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <button
            key={o.id}
            type="button"
            aria-pressed={isOn(o)}
            onClick={() => onToggle(o)}
            className={cn(
              'flex min-h-12 flex-col items-start justify-center rounded-lg border-2 px-3 py-1.5 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isOn(o) ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent',
            )}
          >
            <span className="font-medium">{o.name}</span>
            {priceText(o, showPrice) && (
              <span className="text-xs text-muted-foreground tabular-nums">{priceText(o, showPrice)}</span>
            )}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function priceText(o: PdvOption & { label?: string | null }, showPrice: 'modifier' | 'absolute'): string | null {
  if (o.label !== undefined) return o.label;
  if (showPrice === 'absolute') return formatMoney(o.price);
  return o.price !== 0 ? `+ ${formatMoney(o.price)}` : null;
}
