import { addLine, canAdd, removeLine, sameChoice, updateQuantity } from '@meucardapio/domain/cart';
import { normalizeText } from '@meucardapio/domain/delivery';
import type { MenuProduct } from '@meucardapio/domain/menu-views';
import { cartTotals } from '@meucardapio/domain/pricing';
import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, Send, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ProductDialog } from '@/components/product-dialog';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { type CartItem, lineSummary, proposedLines } from '@/lib/menu-choice';
import { useStaff } from '@/lib/staff';
import { fetchMenu, mesasKeys, sendRound } from './mesas-api';

/**
 * "Pedir": the menu, each product opened in the storefront's own dialog (sizes, flavours, add-ons,
 * notes), filling this table's round; "Enviar rodada" sends it to the kitchen as one round.
 */
export function RoundComposer({ account, onSent }: { account: AccountView; onSent: (a: AccountView) => void }) {
  const { restaurant } = useStaff();
  const slug = restaurant?.slug ?? '';
  const menu = useQuery({ queryKey: mesasKeys.menu(slug), queryFn: () => fetchMenu(slug), enabled: !!slug });
  if (menu.isPending) return <p className="py-6 text-center text-sm text-muted-foreground">Carregando cardápio…</p>;
  if (!menu.data)
    return <p className="py-6 text-center text-sm text-destructive">Não foi possível carregar o cardápio.</p>;
  return <Composer account={account} products={menu.data.products} categories={menu.data.categories} onSent={onSent} />;
}

/** The round being put together: the cart's own rules (same choices merge, stock counts every line). */
function useRound() {
  const [items, setItems] = useState<CartItem[]>([]);
  return {
    items,
    total: cartTotals(items).total,
    add(line: Omit<CartItem, 'total'>) {
      const twin = items.find((l) => sameChoice(l, line));
      const result = !twin
        ? addLine(items, line)
        : { added: canAdd(items, line), lines: updateQuantity(items, twin.id, twin.quantity + line.quantity) };
      if (result.added) setItems(result.lines as CartItem[]);
      return result.added;
    },
    setQuantity: (id: string, n: number) => setItems(updateQuantity(items, id, n) as CartItem[]),
    remove: (id: string) => setItems(removeLine(items, id) as CartItem[]),
    clear: () => setItems([]),
  };
}

function Composer({
  account,
  products,
  categories,
  onSent,
}: {
  account: AccountView;
  products: MenuProduct[];
  categories: { id: string; name: string }[];
  onSent: (a: AccountView) => void;
}) {
  const cart = useRound();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<MenuProduct | null>(null);
  const productsById = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const sections = useMemo(() => {
    const q = normalizeText(search.trim());
    const shown = q ? products.filter((p) => normalizeText(p.name).includes(q)) : products;
    const named = categories
      .map((c) => ({ id: c.id, name: c.name, products: shown.filter((p) => p.categoryId === c.id) }))
      .filter((s) => s.products.length > 0);
    const loose = shown.filter((p) => !categories.some((c) => c.id === p.categoryId));
    return loose.length ? [...named, { id: 'outros', name: 'Outros', products: loose }] : named;
  }, [products, categories, search]);

  const send = useMutation({
    mutationFn: () => sendRound(account.id, proposedLines(cart.items)),
    onSuccess: (next) => {
      cart.clear();
      toast.success('Rodada enviada para a cozinha', { description: next.label });
      onSent(next);
    },
    onError: (err) => toastError(err, 'Erro ao enviar a rodada'),
  });

  return (
    <div className="flex flex-col gap-4 pb-28">
      <div className="relative">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Buscar produto"
          aria-label="Buscar produto"
          className="pl-9"
        />
      </div>
      {sections.map((s) => (
        <section key={s.id} aria-label={s.name}>
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{s.name}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {s.products.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => setSelected(p)}
                  className="flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <span className="font-medium">{p.name}</span>
                  <span className="text-muted-foreground tabular-nums">{formatMoney(p.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <ProductDialog
        product={selected}
        productsById={productsById}
        onOpenChange={(o) => !o && setSelected(null)}
        target={{
          items: cart.items,
          add: cart.add,
          // Staff take orders at an open table whatever the storefront's hours say.
          isOpen: true,
          closedDescription: '',
          addedTitle: 'Adicionado à rodada',
        }}
      />

      {cart.items.length > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lg backdrop-blur md:left-[var(--sidebar-width,0px)]">
          <div className="mx-auto flex max-w-3xl flex-col gap-2">
            <ul className="max-h-40 overflow-y-auto" aria-label="Rodada em preparo">
              {cart.items.map((i) => (
                <li key={i.id} className="flex items-center gap-2 py-1 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{i.name}</span>
                    {lineSummary(i) && (
                      <span className="block truncate text-xs text-muted-foreground">{lineSummary(i)}</span>
                    )}
                    {i.notes && <span className="block truncate text-xs text-muted-foreground">Obs.: {i.notes}</span>}
                  </span>
                  <QuantityStepper
                    size="sm"
                    value={i.quantity}
                    min={1}
                    max={99}
                    onChange={(n) => cart.setQuantity(i.id, n)}
                  />
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`Remover ${i.name}`}
                    onClick={() => cart.remove(i.id)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            <Button size="xl" variant="brand" disabled={send.isPending} onClick={() => send.mutate()}>
              <Send aria-hidden />
              Enviar rodada · {formatMoney(cart.total)}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
