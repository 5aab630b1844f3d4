import { searchProducts } from '@meucardapio/domain/cashier';
import type { PdvCatalog, PdvProduct } from '@meucardapio/domain/cashier-views';
import { ScanBarcode, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Kbd } from './pdv-ui';

type Props = {
  catalog: PdvCatalog;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Enter in the search: an exact SKU, barcode or id (optionally 'N*code' for N units). */
  onCode: (code: string, quantity: number) => void;
  onPick: (product: PdvProduct) => void;
  /** Shown beside the search (the reserved sales button). */
  aside?: ReactNode;
};

/** Shown at once; the rest appear as the cashier narrows the search. */
const MAX_TILES = 60;

/** Search (scanner-friendly), category chips and the product tiles. */
export function ProductPanel({ catalog, searchRef, onCode, onPick, aside }: Props) {
  const [text, setText] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const found = useMemo(() => searchProducts(catalog.products, text, categoryId), [catalog.products, text, categoryId]);
  const categories = catalog.categories.filter((c) => catalog.products.some((p) => p.categoryId === c.id));

  function onSearchKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      const raw = text.trim();
      if (!raw) return;
      const multiplied = /^(\d{1,4})\s*\*\s*(.+)$/.exec(raw);
      onCode(multiplied ? multiplied[2] : raw, multiplied ? Number(multiplied[1]) : 1);
      setText('');
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      gridRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      setText('');
    }
  }

  function onGridKey(e: KeyboardEvent<HTMLDivElement>) {
    const tiles = [...(gridRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = tiles.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const columns = Math.max(1, Math.round(gridRef.current!.clientWidth / tiles[0].offsetWidth));
    const move = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[e.key];
    if (move === undefined) return;
    e.preventDefault();
    const next = at + move;
    if (next < 0) searchRef.current?.focus();
    else tiles[Math.min(next, tiles.length - 1)]?.focus();
  }

  return (
    <section aria-label="Produtos" className="flex min-h-0 min-w-0 flex-col gap-3 lg:h-full">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={searchRef}
            autoFocus
            aria-label="Buscar produto ou ler código de barras"
            placeholder="Código, SKU ou nome"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onSearchKey}
            className="h-14 pr-14 pl-11 text-lg md:text-lg xl:pr-24"
          />
          <span className="pointer-events-none absolute top-1/2 right-3 flex -translate-y-1/2 items-center gap-2 text-muted-foreground">
            <ScanBarcode className="size-5 max-xl:hidden" aria-hidden />
            <Kbd>F2</Kbd>
          </span>
        </div>
        {aside}
      </div>

      {categories.length > 0 && (
        <div className="no-scrollbar -mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="toolbar" aria-label="Categorias">
          <Chip active={categoryId === null} onClick={() => setCategoryId(null)}>
            Todos
          </Chip>
          {categories.map((c) => (
            <Chip key={c.id} active={categoryId === c.id} onClick={() => setCategoryId(c.id)}>
              {c.name}
            </Chip>
          ))}
        </div>
      )}

      <div className="min-h-0 flex-1 overflow-y-auto rounded-xl border bg-muted/20 p-2">
        {found.length === 0 ? (
          <p className="p-8 text-center text-sm text-muted-foreground">Nenhum produto encontrado</p>
        ) : (
          <div
            ref={gridRef}
            onKeyDown={onGridKey}
            className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2"
          >
            {found.slice(0, MAX_TILES).map((p) => {
              const out = p.controleEstoque && p.estoque <= 0;
              return (
                <button
                  key={p.id}
                  type="button"
                  onClick={() => onPick(p)}
                  aria-label={`${p.name}, ${formatMoney(p.price)}${out ? ', sem estoque' : ''}`}
                  className={cn(
                    'flex min-h-24 flex-col justify-between gap-1 rounded-lg border bg-card p-2.5 text-left shadow-xs transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    out && 'opacity-60',
                  )}
                >
                  <span className="line-clamp-2 text-sm leading-snug font-medium">{p.name}</span>
                  <span className="flex items-end justify-between gap-1">
                    <span className="font-semibold tabular-nums">{formatMoney(p.price)}</span>
                    <span className="truncate text-[11px] text-muted-foreground">
                      {out ? 'sem estoque' : p.controleEstoque ? `${p.estoque} un.` : (p.sku ?? '')}
                    </span>
                  </span>
                </button>
              );
            })}
          </div>
        )}
        {found.length > MAX_TILES && (
          <p className="p-2 text-center text-xs text-muted-foreground">
            Mostrando {MAX_TILES} de {found.length}. Refine a busca para ver os demais.
          </p>
        )}
      </div>
    </section>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
      )}
    >
      {children}
    </button>
  );
}
