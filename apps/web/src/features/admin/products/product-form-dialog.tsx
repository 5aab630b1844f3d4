import { formatCest, formatNcm, ORIGIN_OPTIONS, UNIT_OPTIONS } from '@meucardapio/domain/fiscal-format';
import { CFOP_OPTIONS, type Cfop, defaultCfop } from '@meucardapio/domain/fiscal-rules';
import { parseBRLInput } from '@meucardapio/domain/money';
import {
  FLAVOR_PRICING,
  FLAVOR_PRICING_LABELS,
  type FlavorPricing,
  fromPrice,
  normalizeMaxFlavors,
  pricedPerSize,
} from '@meucardapio/domain/pricing';
import {
  MULTI_FLAVOUR_WITHOUT_CHOICES,
  numberOrZero,
  productSaveBlockers,
  SAVE_BLOCKER_TEXT,
} from '@meucardapio/domain/product-rules';
import { Plus, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { formatMoney } from '@/lib/format';
import { useDiscardGuard } from '@/lib/unsaved-changes';
import { type Category, PRODUCTS_KEY, type Product, useKitchenStations } from './products-api';

type Entry = { id?: string; name: string; price: number };

type Draft = {
  name: string;
  description: string;
  price: string;
  compareAtPrice: string;
  imageUrl: string;
  available: boolean;
  categoryId: string;
  stationId: string;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: string;
  flavorPricing: FlavorPricing;
  pizzaFlavors: string[];
  /** Each size has its own price (Broto, Média, Grande) instead of adding to the product's price. */
  sizePricing: boolean;
  variations: Entry[];
  colors: Entry[];
  addons: Entry[];
  controleEstoque: boolean;
  estoque: string;
  estoqueMinimo: string;
  precoCusto: string;
  codigoBarras: string;
  cfop: Cfop;
  codigoNcm: string;
  exTipi: string;
  codigoCest: string;
  origemMercadoria: string;
  csosnIcms: string;
  cstPisCofins: string;
  unidade: string;
  height: string;
  width: string;
  length: string;
  weight: string;
  envioCorreios: boolean;
};

const NONE = '__none__';
/** The sizes, colours and add-ons editors, in order. */
const ENTRY_LISTS = [
  { key: 'variations', title: 'Tamanhos', priceLabel: 'Acréscimo', placeholder: 'Ex.: Grande' },
  { key: 'colors', title: 'Cores', priceLabel: 'Acréscimo', placeholder: 'Ex.: Azul' },
  { key: 'addons', title: 'Adicionais', priceLabel: 'Preço', placeholder: 'Ex.: Borda de catupiry' },
] as const;
/** The Envio fields, in order. */
const DIMENSIONS = [
  ['height', 'Altura (cm)'],
  ['width', 'Largura (cm)'],
  ['length', 'Comprimento (cm)'],
  ['weight', 'Peso (kg)'],
] as const;
const moneyText = (cents: number | null | undefined) => (cents ? (cents / 100).toFixed(2).replace('.', ',') : '');
const numText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));
const cents = (text: string) => parseBRLInput(text) ?? 0;
const dim = (text: string) => numberOrZero(text);

function toDraft(p: Product | null): Draft {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    price: moneyText(p?.price),
    compareAtPrice: moneyText(p?.compareAtPrice),
    imageUrl: p?.imageUrl ?? '',
    available: p?.available ?? true,
    categoryId: p?.categoryId ?? NONE,
    stationId: p?.stationId ?? NONE,
    isPizza: p?.isPizza ?? false,
    allowsMultipleFlavors: p?.allowsMultipleFlavors ?? false,
    maxFlavors: String(p?.maxFlavors ?? 2),
    flavorPricing: p?.flavorPricing ?? 'average',
    pizzaFlavors: p?.pizzaFlavors ?? [],
    sizePricing: pricedPerSize(p?.variations),
    variations: (p?.variations ?? []).map((v) => ({ id: v.id, name: v.name, price: v.price ?? v.priceModifier })),
    colors: (p?.colors ?? []).map((v) => ({ id: v.id, name: v.name, price: v.priceModifier })),
    addons: (p?.addons ?? []).map((v) => ({ id: v.id, name: v.name, price: v.price })),
    controleEstoque: p?.controleEstoque ?? false,
    estoque: String(p?.estoque ?? 0),
    estoqueMinimo: String(p?.estoqueMinimo ?? 0),
    precoCusto: moneyText(p?.precoCusto),
    codigoBarras: p?.codigoBarras ?? '',
    cfop: (p?.cfop as Cfop | null | undefined) ?? defaultCfop(p?.csosnIcms),
    codigoNcm: p?.codigoNcm ?? '',
    exTipi: p?.exTipi ?? '',
    codigoCest: p?.codigoCest ?? '',
    origemMercadoria:
      p?.origemMercadoria === null || p?.origemMercadoria === undefined ? NONE : String(p.origemMercadoria),
    csosnIcms: p?.csosnIcms ?? '',
    cstPisCofins: p?.cstPisCofins ?? '',
    unidade: p?.unidade ?? NONE,
    height: numText(p?.height),
    width: numText(p?.width),
    length: numText(p?.length),
    weight: numText(p?.weight),
    envioCorreios: p?.envioCorreios ?? false,
  };
}

function toPayload(d: Draft, isCommerce: boolean) {
  const isPizza = !isCommerce && d.isPizza;
  const multi = isPizza && d.allowsMultipleFlavors;
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  const variations = d.variations.map((v) =>
    d.sizePricing
      ? { id: v.id, name: v.name, priceModifier: 0, price: v.price }
      : { id: v.id, name: v.name, priceModifier: v.price },
  );
  return {
    name: d.name.trim(),
    description: opt(d.description),
    // Priced per size, the product costs "a partir de" its cheapest size (the server keeps the same rule).
    price: d.sizePricing ? (fromPrice(variations) ?? 0) : cents(d.price),
    compareAtPrice: d.compareAtPrice.trim() ? cents(d.compareAtPrice) : null,
    imageUrl: opt(d.imageUrl),
    available: d.available,
    categoryId: d.categoryId === NONE ? null : d.categoryId,
    stationId: d.stationId === NONE ? null : d.stationId,
    isPizza,
    allowsMultipleFlavors: multi,
    maxFlavors: normalizeMaxFlavors(d.maxFlavors),
    flavorPricing: d.flavorPricing,
    pizzaFlavors: multi ? d.pizzaFlavors : [],
    variations,
    colors: d.colors.map((v) => ({ id: v.id, name: v.name, priceModifier: v.price })),
    addons: d.addons.map((v) => ({ id: v.id, name: v.name, price: v.price })),
    controleEstoque: d.controleEstoque,
    estoque: Math.max(0, Math.trunc(numberOrZero(d.estoque))),
    estoqueMinimo: Math.max(0, Math.trunc(numberOrZero(d.estoqueMinimo))),
    precoCusto: d.precoCusto.trim() ? cents(d.precoCusto) : null,
    codigoBarras: opt(d.codigoBarras),
    cfop: d.cfop,
    codigoNcm: opt(d.codigoNcm),
    exTipi: opt(d.exTipi),
    codigoCest: opt(d.codigoCest),
    origemMercadoria: d.origemMercadoria === NONE ? null : Number(d.origemMercadoria),
    csosnIcms: opt(d.csosnIcms),
    cstPisCofins: opt(d.cstPisCofins),
    unidade: d.unidade === NONE ? null : d.unidade,
    height: d.height.trim() ? dim(d.height) : null,
    width: d.width.trim() ? dim(d.width) : null,
    length: d.length.trim() ? dim(d.length) : null,
    weight: d.weight.trim() ? dim(d.weight) : null,
    envioCorreios: d.envioCorreios,
  };
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** What each CFOP means for a restaurant, under the field: the owner picks by what the product is. */
const CFOP_HINT: Record<Cfop, string> = {
  '5101': 'Feito aqui: pratos, lanches, pizzas, sucos preparados na casa.',
  '5102': 'Comprado pronto e revendido sem substituição tributária.',
  '5405': 'Comprado pronto com ICMS já recolhido por ST (refrigerantes, cervejas, água): use o CSOSN 500.',
};

function Field({
  label,
  children,
  htmlFor,
  required,
  hint,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
  hint?: string;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function SwitchRow({
  id,
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  );
}

/** A list of named entries with a price (sizes, colours, add-ons): only non-blank names are added. */
function EntryList({
  title,
  priceLabel,
  entries,
  onChange,
  placeholder,
  ownPrices = false,
  children,
}: {
  title: string;
  priceLabel: string;
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  placeholder: string;
  /** Each entry is its own price, not an amount added. */
  ownPrices?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  function add() {
    if (!name.trim()) return;
    onChange([...entries, { name: name.trim(), price: cents(price) }]);
    setName('');
    setPrice('');
  }
  return (
    <Section title={title}>
      {children}
      {entries.length > 0 && (
        <ul className="grid gap-2">
          {entries.map((e, i) => (
            <li
              key={e.id ?? `${e.name}-${i}`}
              className="flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 flex-1 truncate">{e.name}</span>
              <span className="tabular-nums text-muted-foreground">
                {ownPrices ? '' : '+ '}
                {formatMoney(e.price)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remover ${e.name}`}
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
        <Field label="Nome" htmlFor={`${id}-name`}>
          <Input
            id={`${id}-name`}
            aria-label={`${title}: nome`}
            value={name}
            placeholder={placeholder}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Field label={priceLabel} htmlFor={`${id}-price`}>
          <Input
            id={`${id}-price`}
            aria-label={`${title}: ${priceLabel.toLowerCase()}`}
            inputMode="decimal"
            value={price}
            placeholder="0,00"
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        <Button type="button" variant="outline" onClick={add} disabled={!name.trim()} aria-label={`Adicionar ${title}`}>
          <Plus aria-hidden />
          <span className="max-sm:sr-only">Adicionar</span>
        </Button>
      </div>
    </Section>
  );
}

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
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;

  const stations = useKitchenStations().data ?? [];
  const payload = useMemo(() => toPayload(draft, isCommerce), [draft, isCommerce]);
  const blockers = productSaveBlockers(payload);
  const flavorOptions = products.filter((p) => p.isPizza && !p.allowsMultipleFlavors && p.id !== product?.id);

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

  const dimsRequired = draft.envioCorreios;
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
                <Select value={draft.categoryId} onValueChange={(v) => set('categoryId', v)}>
                  <SelectTrigger id={fid('category')}>
                    <SelectValue placeholder="Sem categoria" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>Sem categoria</SelectItem>
                    {categories.map((c) => (
                      <SelectItem key={c.id} value={c.id}>
                        {c.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
            {stations.length > 0 && (
              <Field label="Estação da cozinha" htmlFor={fid('station')}>
                <Select value={draft.stationId} onValueChange={(v) => set('stationId', v)}>
                  <SelectTrigger id={fid('station')} className="sm:w-1/3">
                    <SelectValue placeholder="Sem estação" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>Sem estação</SelectItem>
                    {stations.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
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
                  onChange={(v) =>
                    setDraft((d) => ({ ...d, allowsMultipleFlavors: v, pizzaFlavors: v ? d.pizzaFlavors : [] }))
                  }
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
                                      checked
                                        ? draft.pizzaFlavors.filter((x) => x !== f.id)
                                        : [...draft.pizzaFlavors, f.id],
                                    )
                                  }
                                />
                                <span className="min-w-0 flex-1 truncate">{f.name}</span>
                                <span className="text-xs text-muted-foreground tabular-nums">
                                  {formatMoney(f.price)}
                                </span>
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
          <Section title="Estoque">
            <SwitchRow
              id={fid('stock')}
              label="Controlar estoque"
              checked={draft.controleEstoque}
              onChange={(v) => set('controleEstoque', v)}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Quantidade em estoque"
                htmlFor={fid('estoque')}
                hint={
                  isEdit
                    ? 'Altere pela tela de Estoque (Registrar Entrada).'
                    : 'Quantidade inicial; depois, use a tela de Estoque.'
                }
              >
                <Input
                  id={fid('estoque')}
                  type="number"
                  min={0}
                  value={draft.estoque}
                  readOnly={isEdit}
                  disabled={!draft.controleEstoque && !isEdit}
                  onChange={(e) => set('estoque', e.target.value)}
                />
              </Field>
              <Field label="Estoque mínimo" htmlFor={fid('estoqueMinimo')}>
                <Input
                  id={fid('estoqueMinimo')}
                  type="number"
                  min={0}
                  value={draft.estoqueMinimo}
                  onChange={(e) => set('estoqueMinimo', e.target.value)}
                />
              </Field>
            </div>
          </Section>

          <Separator />
          <Section title="Fiscal">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="SKU" htmlFor={fid('sku')} hint="Gerado automaticamente.">
                <Input id={fid('sku')} value={product?.sku ?? ''} placeholder="Automático" readOnly disabled />
              </Field>
              <Field label="Código de barras" htmlFor={fid('barcode')}>
                <Input
                  id={fid('barcode')}
                  inputMode="numeric"
                  value={draft.codigoBarras}
                  onChange={(e) => set('codigoBarras', e.target.value)}
                  maxLength={64}
                />
              </Field>
              <Field label="CFOP" htmlFor={fid('cfop')} hint={CFOP_HINT[draft.cfop]}>
                <Select value={draft.cfop} onValueChange={(v) => set('cfop', v as Cfop)}>
                  <SelectTrigger
                    id={fid('cfop')}
                    className="overflow-hidden [&>span]:block [&>span]:min-w-0 [&>span]:truncate [&>svg]:shrink-0"
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent className="max-w-[min(36rem,calc(100vw-2rem))]">
                    {CFOP_OPTIONS.map((o) => (
                      <SelectItem key={o.value} value={o.value}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field label="NCM" htmlFor={fid('ncm')}>
                <Input
                  id={fid('ncm')}
                  inputMode="numeric"
                  placeholder="0000.00.00"
                  maxLength={10}
                  value={draft.codigoNcm}
                  onChange={(e) => set('codigoNcm', formatNcm(e.target.value))}
                />
              </Field>
              <Field label="EX TIPI" htmlFor={fid('extipi')}>
                <Input
                  id={fid('extipi')}
                  maxLength={3}
                  value={draft.exTipi}
                  onChange={(e) => set('exTipi', e.target.value)}
                />
              </Field>
              <Field label="CEST" htmlFor={fid('cest')}>
                <Input
                  id={fid('cest')}
                  inputMode="numeric"
                  placeholder="00.000.00"
                  maxLength={9}
                  value={draft.codigoCest}
                  onChange={(e) => set('codigoCest', formatCest(e.target.value))}
                />
              </Field>
              <Field label="Origem da mercadoria" htmlFor={fid('origem')}>
                <Select value={draft.origemMercadoria} onValueChange={(v) => set('origemMercadoria', v)}>
                  <SelectTrigger
                    id={fid('origem')}
                    className="overflow-hidden [&>span]:block [&>span]:min-w-0 [&>span]:truncate [&>svg]:shrink-0"
                  >
                    <SelectValue placeholder="Não informada" />
                  </SelectTrigger>
                  <SelectContent className="max-w-[min(36rem,calc(100vw-2rem))]">
                    <SelectItem value={NONE}>Não informada</SelectItem>
                    {ORIGIN_OPTIONS.map((o) => (
                      <SelectItem key={o.value} value={String(o.value)}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field label="CSOSN ICMS" htmlFor={fid('csosn')}>
                <Input
                  id={fid('csosn')}
                  maxLength={4}
                  value={draft.csosnIcms}
                  onChange={(e) => set('csosnIcms', e.target.value)}
                />
              </Field>
              <Field label="CST PIS/COFINS" htmlFor={fid('cst')}>
                <Input
                  id={fid('cst')}
                  maxLength={4}
                  value={draft.cstPisCofins}
                  onChange={(e) => set('cstPisCofins', e.target.value)}
                />
              </Field>
              <Field label="Unidade" htmlFor={fid('unidade')}>
                <Select value={draft.unidade} onValueChange={(v) => set('unidade', v)}>
                  <SelectTrigger id={fid('unidade')}>
                    <SelectValue placeholder="Não informada" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>Não informada</SelectItem>
                    {UNIT_OPTIONS.map((u) => (
                      <SelectItem key={u.value} value={u.value}>
                        {u.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
          </Section>

          <Separator />
          <Section title="Envio" description="Dimensões em centímetros e peso em quilos.">
            <SwitchRow
              id={fid('correios')}
              label="Envio pelos Correios"
              checked={draft.envioCorreios}
              onChange={(v) => set('envioCorreios', v)}
            />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {DIMENSIONS.map(([key, label]) => (
                <Field key={key} label={label} htmlFor={fid(key)} required={dimsRequired}>
                  <Input
                    id={fid(key)}
                    inputMode="decimal"
                    value={draft[key]}
                    onChange={(e) => set(key, e.target.value)}
                  />
                </Field>
              ))}
            </div>
          </Section>

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
