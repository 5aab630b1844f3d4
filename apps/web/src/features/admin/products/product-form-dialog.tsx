import { productSaveBlockers, SAVE_BLOCKER_TEXT } from '@meucardapio/domain/product-rules';
import { Fragment, useMemo, useState } from 'react';
import { useSaveEntity } from '@/components/crud/entity-mutations';
import { ImageUploadField } from '@/components/image-upload-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Textarea } from '@/components/ui/textarea';
import { useDiscardGuard } from '@/lib/unsaved-changes';
import { EntryList } from './entry-list';
import { FiscalSection } from './fiscal-section';
import { Field, OptionSelect, Section, SwitchRow, useFieldId } from './form-blocks';
import { PizzaSection } from './pizza-section';
import { type Draft, moneyText, toDraft, toPayload } from './product-draft';
import { type Category, PRODUCTS_KEY, type Product, useKitchenStations } from './products-api';
import { ShippingSection, StockSection } from './stock-shipping-sections';

/** The sizes, colours and add-ons editors, in order. */
const ENTRY_LISTS = [
  { key: 'variations', title: 'Tamanhos', priceLabel: 'Acréscimo', placeholder: 'Ex.: Grande' },
  { key: 'colors', title: 'Cores', priceLabel: 'Acréscimo', placeholder: 'Ex.: Azul' },
  { key: 'addons', title: 'Adicionais', priceLabel: 'Preço', placeholder: 'Ex.: Borda de catupiry' },
] as const;

export function ProductFormDialog({
  open,
  product,
  products,
  categories,
  isCommerce,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  products: Product[];
  categories: Category[];
  isCommerce: boolean;
  onClose: () => void;
}) {
  const [initial] = useState<Draft>(() => toDraft(product));
  const [draft, setDraft] = useState<Draft>(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const isEdit = Boolean(product);
  const fid = useFieldId();

  const stations = useKitchenStations().data ?? [];
  const payload = useMemo(() => toPayload(draft, isCommerce), [draft, isCommerce]);
  const blockers = productSaveBlockers(payload);

  const save = useSaveEntity<typeof payload>({
    endpoint: '/api/admin/products',
    id: product?.id,
    invalidate: [PRODUCTS_KEY, ['admin', 'pizza-flavors']],
    messages: {
      created: 'Produto criado!',
      updated: 'Produto atualizado!',
      createFailed: 'Erro ao criar produto',
      updateFailed: 'Erro ao atualizar produto',
    },
    onSaved: onClose,
  });

  // Esc, the X and Cancelar ask before throwing away what was typed.
  const discard = useDiscardGuard(!save.isSuccess && JSON.stringify(draft) !== JSON.stringify(initial), onClose);

  return (
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && discard.requestClose()}>
      {discard.confirm}
      <DialogContent className="max-w-2xl gap-5" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Editar Produto' : 'Novo Produto'}</DialogTitle>
          <DialogDescription>
            {isEdit && product?.sku
              ? `SKU ${product.sku} · gerado automaticamente`
              : 'O SKU é gerado automaticamente ao salvar.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (blockers.length === 0) save.mutate(payload);
          }}
        >
          <Section title="Básico">
            <Field label="Nome" htmlFor={fid('name')} required>
              <Input
                id={fid('name')}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
                autoFocus
                maxLength={200}
              />
            </Field>
            <Field label="Descrição" htmlFor={fid('description')}>
              <Textarea
                id={fid('description')}
                value={draft.description}
                onChange={(e) => set('description', e.target.value)}
                rows={2}
              />
            </Field>
            <div className="grid items-start gap-3 sm:grid-cols-2">
              <Field
                label="Preço (R$)"
                htmlFor={fid('price')}
                required
                hint={draft.sizePricing ? 'Preço por tamanho: o cardápio mostra "a partir de" o menor.' : undefined}
              >
                <Input
                  id={fid('price')}
                  inputMode="decimal"
                  placeholder="0,00"
                  value={draft.sizePricing ? moneyText(payload.price) : draft.price}
                  readOnly={draft.sizePricing}
                  onChange={(e) => set('price', e.target.value)}
                />
              </Field>
              <Field
                label="Preço de (R$)"
                htmlFor={fid('compare-at')}
                hint="Opcional: o preço anterior real, mostrado riscado no cardápio."
              >
                <Input
                  id={fid('compare-at')}
                  inputMode="decimal"
                  placeholder="0,00"
                  value={draft.compareAtPrice}
                  onChange={(e) => set('compareAtPrice', e.target.value)}
                />
              </Field>
              <Field label="Preço de custo (R$)" htmlFor={fid('cost')}>
                <Input
                  id={fid('cost')}
                  inputMode="decimal"
                  placeholder="0,00"
                  value={draft.precoCusto}
                  onChange={(e) => set('precoCusto', e.target.value)}
                />
              </Field>
              <Field label="Categoria" htmlFor={fid('category')}>
                <OptionSelect
                  id={fid('category')}
                  value={draft.categoryId}
                  onChange={(v) => set('categoryId', v)}
                  options={categories.map((c) => ({ value: c.id, label: c.name }))}
                  none="Sem categoria"
                />
              </Field>
            </div>
            {stations.length > 0 && (
              <Field label="Estação da cozinha" htmlFor={fid('station')}>
                <OptionSelect
                  id={fid('station')}
                  className="sm:w-1/3"
                  value={draft.stationId}
                  onChange={(v) => set('stationId', v)}
                  options={stations.map((s) => ({ value: s.id, label: s.name }))}
                  none="Sem estação"
                />
              </Field>
            )}
            <SwitchRow
              id={fid('available')}
              label="Disponível"
              checked={draft.available}
              onChange={(v) => set('available', v)}
            />
          </Section>

          <Separator />
          <Section title="Imagem">
            <ImageUploadField label="Foto do produto" value={draft.imageUrl} onChange={(url) => set('imageUrl', url)} />
          </Section>

          {!isCommerce && (
            <>
              <Separator />
              <PizzaSection draft={draft} set={set} setDraft={setDraft} products={products} productId={product?.id} />
            </>
          )}

          {ENTRY_LISTS.map(({ key, ...labels }) => (
            <Fragment key={key}>
              <Separator />
              {key === 'variations' ? (
                <EntryList
                  {...labels}
                  priceLabel={draft.sizePricing ? 'Preço' : labels.priceLabel}
                  ownPrices={draft.sizePricing}
                  entries={draft.variations}
                  onChange={(v) => set('variations', v)}
                >
                  <SwitchRow
                    id={fid('size-pricing')}
                    label="Preço por tamanho"
                    hint="Broto, Média e Grande, cada um com o seu preço (não é acréscimo)."
                    checked={draft.sizePricing}
                    onChange={(v) => set('sizePricing', v)}
                  />
                </EntryList>
              ) : (
                <EntryList {...labels} entries={draft[key]} onChange={(v) => set(key, v)} />
              )}
            </Fragment>
          ))}

          <Separator />
          <StockSection draft={draft} set={set} isEdit={isEdit} />

          <Separator />
          <FiscalSection draft={draft} set={set} sku={product?.sku} />

          <Separator />
          <ShippingSection draft={draft} set={set} />

          <div className="sticky -bottom-6 -mx-6 -mb-6 grid gap-2 border-t bg-background px-6 py-4">
            {blockers.length > 0 && (
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {SAVE_BLOCKER_TEXT[blockers[0]]}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={discard.requestClose} disabled={save.isPending}>
                Cancelar
              </Button>
              <Button type="submit" disabled={blockers.length > 0} loading={save.isPending}>
                {isEdit ? 'Atualizar Produto' : 'Criar Produto'}
              </Button>
            </DialogFooter>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
