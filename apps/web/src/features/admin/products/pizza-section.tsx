import { FLAVOR_PRICING, FLAVOR_PRICING_LABELS, normalizeMaxFlavors } from '@meucardapio/domain/pricing';
import { MULTI_FLAVOUR_WITHOUT_CHOICES } from '@meucardapio/domain/product-rules';
import type { Dispatch, SetStateAction } from 'react';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { Field, Section, SwitchRow, useFieldId } from './form-blocks';
import type { Draft, SetDraftField } from './product-draft';
import type { Product } from './products-api';

export function PizzaSection({
  draft,
  set,
  setDraft,
  products,
  productId,
}: {
  draft: Draft;
  set: SetDraftField;
  setDraft: Dispatch<SetStateAction<Draft>>;
  products: Product[];
  /** The product being edited, left out of its own flavours. */
  productId: string | undefined;
}) {
  const fid = useFieldId();
  const flavorOptions = products.filter((p) => p.isPizza && !p.allowsMultipleFlavors && p.id !== productId);

  return (
    <Section title="Pizza">
      <SwitchRow
        id={fid('isPizza')}
        label="É pizza"
        hint="Uma pizza de um sabor também aparece como sabor das pizzas de múltiplos sabores."
        checked={draft.isPizza}
        onChange={(v) =>
          setDraft((d) => ({
            ...d,
            isPizza: v,
            allowsMultipleFlavors: v ? d.allowsMultipleFlavors : false,
            pizzaFlavors: v ? d.pizzaFlavors : [],
          }))
        }
      />
      <SwitchRow
        id={fid('multi')}
        label="Permite múltiplos sabores"
        checked={draft.allowsMultipleFlavors}
        disabled={!draft.isPizza}
        onChange={(v) => setDraft((d) => ({ ...d, allowsMultipleFlavors: v, pizzaFlavors: v ? d.pizzaFlavors : [] }))}
      />
      {draft.isPizza && draft.allowsMultipleFlavors && (
        <>
          <Field label="Máximo de sabores" htmlFor={fid('maxFlavors')} hint="Mínimo 1.">
            <Input
              id={fid('maxFlavors')}
              type="number"
              min={1}
              className="w-28"
              value={draft.maxFlavors}
              onChange={(e) => set('maxFlavors', e.target.value)}
              onBlur={() => set('maxFlavors', String(normalizeMaxFlavors(draft.maxFlavors)))}
            />
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">Preço com mais de um sabor</legend>
            <div className="flex flex-wrap gap-2">
              {FLAVOR_PRICING.map((rule) => (
                <label
                  key={rule}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name={fid('flavor-pricing')}
                    className="size-4 accent-(--primary)"
                    checked={draft.flavorPricing === rule}
                    onChange={() => set('flavorPricing', rule)}
                  />
                  {FLAVOR_PRICING_LABELS[rule]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Sabores disponíveis</legend>
            {flavorOptions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{MULTI_FLAVOUR_WITHOUT_CHOICES}</p>
            ) : (
              <div className="grid gap-1.5 sm:grid-cols-2">
                {flavorOptions.map((f) => {
                  const checked = draft.pizzaFlavors.includes(f.id);
                  return (
                    <label
                      key={f.id}
                      className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-(--primary)"
                        checked={checked}
                        onChange={() =>
                          set(
                            'pizzaFlavors',
                            checked ? draft.pizzaFlavors.filter((x) => x !== f.id) : [...draft.pizzaFlavors, f.id],
                          )
                        }
                      />
                      <span className="min-w-0 flex-1 truncate">{f.name}</span>
                      <span className="text-xs text-muted-foreground tabular-nums">{formatMoney(f.price)}</span>
                    </label>
                  );
                })}
              </div>
            )}
            {flavorOptions.length > 0 && draft.pizzaFlavors.length === 0 && (
              <p className="text-xs text-muted-foreground">
                Sem sabores marcados, o cliente escolhe entre todas as pizzas de um sabor.
              </p>
            )}
          </fieldset>
        </>
      )}
    </Section>
  );
}
