import { MSG } from '@meucardapio/domain/messages';
import { stockLevel } from '@meucardapio/domain/stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, PackagePlus, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { cn } from '@/lib/utils';

type StockProduct = {
  id: string;
  name: string;
  sku: string | null;
  controleEstoque: boolean;
  estoque: number;
  estoqueMinimo: number;
};
type Entry = {
  id: string;
  productId: string;
  productName?: string;
  operationType: 'register' | 'sale' | 'adjustment';
  quantityBefore: number;
  quantityAfter: number;
  quantityChanged: number;
  employeeName: string;
  notes: string | null;
  createdAt: string;
};

const PRODUCTS_KEY = ['admin', 'stock', 'products'] as const;
const ENTRIES_KEY = ['admin', 'stock', 'entries'] as const;
const OPERATION = { register: 'Entrada', sale: 'Venda', adjustment: 'Ajuste' } as const;

const LEVEL_STYLE = {
  red: 'border-red-300 bg-red-50 text-red-900',
  yellow: 'border-amber-300 bg-amber-50 text-amber-900',
  green: 'border-border bg-card',
} as const;
const LEVEL_LABEL = { red: 'Estoque baixo', yellow: 'Atenção', green: 'OK' } as const;

function EntryList({ entries, showProduct }: { entries: Entry[]; showProduct?: boolean }) {
  if (entries.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        Nenhum histórico de estoque encontrado para este produto
      </p>
    );
  }
  return (
    <ul className="grid gap-2">
      {entries.map((h) => (
        <li key={h.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex items-center gap-2 font-medium">
              <Badge
                variant={
                  h.operationType === 'register' ? 'success' : h.operationType === 'sale' ? 'secondary' : 'warning'
                }
              >
                {OPERATION[h.operationType]}
              </Badge>
              {showProduct && h.productName}
            </span>
            <span className="text-xs text-muted-foreground">{formatDateTime(h.createdAt)}</span>
          </div>
          <p className="tabular-nums">
            {h.quantityBefore} → {h.quantityAfter}{' '}
            <span className="text-muted-foreground">
              ({h.operationType === 'register' ? '+' : '-'}
              {h.quantityChanged})
            </span>
          </p>
          {h.notes && <p className="text-muted-foreground">{h.notes}</p>}
          <p className="text-xs text-muted-foreground">Por: {h.employeeName}</p>
        </li>
      ))}
    </ul>
  );
}

function ProductHistoryDialog({ product, onClose }: { product: StockProduct | null; onClose: () => void }) {
  const history = useQuery({
    queryKey: ['admin', 'stock-history', product?.id],
    enabled: Boolean(product),
    queryFn: async () =>
      (await api.get<{ history: Entry[] }>(`/api/admin/products/${product?.id}/stock-history`)).history,
  });
  return (
    <Dialog open={Boolean(product)} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Histórico de estoque</DialogTitle>
          <DialogDescription>
            {product?.name} · estoque atual: {product?.estoque}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : history.isError ? (
          <p className="text-sm text-destructive">Não foi possível carregar o histórico de estoque.</p>
        ) : (
          <EntryList entries={history.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NoPermission() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{MSG.accessDenied}</h2>
      <p className="text-sm text-muted-foreground">Você não tem permissão para gerenciar estoque.</p>
      <p className="text-sm text-muted-foreground">
        Apenas perfis de Administrador podem registrar entradas de estoque.
      </p>
    </div>
  );
}

function StockScreen() {
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: async () => (await api.get<{ products: StockProduct[] }>('/api/admin/stock/products')).products,
  });
  const entries = useQuery({
    queryKey: ENTRIES_KEY,
    queryFn: async () => (await api.get<{ entries: Entry[] }>('/api/admin/stock/entries')).entries,
  });
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [notes, setNotes] = useState('');
  const [historyOf, setHistoryOf] = useState<StockProduct | null>(null);
  const [showEntries, setShowEntries] = useState(false);

  const register = useMutation({
    mutationFn: (body: { productId: string; quantity: number; notes: string }) =>
      api.post<{ product: { estoque: number } }>('/api/admin/stock/entries', body),
    onSuccess: () => {
      toast.success('Entrada registrada!');
      setQuantity('1');
      setNotes('');
      queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] });
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      queryClient.invalidateQueries({ queryKey: ['admin', 'stock-history'] });
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error('Erro ao registrar entrada', { description: t.description || t.title });
    },
  });

  function submit() {
    const q = Number.parseInt(quantity, 10);
    if (!productId || !Number.isFinite(q) || q <= 0) {
      toast.error(MSG.incompleteData, { description: 'Escolha um produto e informe uma quantidade maior que zero.' });
      return;
    }
    register.mutate({ productId, quantity: q, notes: notes.trim() });
  }

  const all = products.data ?? [];
  const controlled = all.filter((p) => p.controleEstoque);

  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Estoque"
        description="Registre entradas e acompanhe os produtos com controle de estoque."
        actions={
          <Button variant="outline" onClick={() => setShowEntries(true)}>
            <History aria-hidden />
            Histórico de entradas
          </Button>
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>Registrar Entrada</CardTitle>
          <CardDescription>A quantidade é somada ao estoque atual do produto.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,2fr)_8rem_minmax(0,2fr)_auto] md:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <FormField label="Produto" htmlFor="stock-product">
              <Select value={productId} onValueChange={setProductId}>
                <SelectTrigger id="stock-product">
                  <SelectValue placeholder="Selecione um produto" />
                </SelectTrigger>
                <SelectContent>
                  {all.map((p) => (
                    <SelectItem key={p.id} value={p.id}>
                      {p.name}
                      {p.sku ? ` (${p.sku})` : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField label="Quantidade" htmlFor="stock-quantity">
              <Input
                id="stock-quantity"
                type="number"
                min={1}
                step={1}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </FormField>
            <FormField label="Observações" htmlFor="stock-notes">
              <Textarea
                id="stock-notes"
                rows={1}
                className="min-h-10"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                maxLength={500}
              />
            </FormField>
            <Button type="submit" loading={register.isPending}>
              <PackagePlus aria-hidden />
              Registrar Entrada
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="stock-grid-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stock-grid-title" className="text-lg font-semibold">
            Produtos com controle de estoque
          </h2>
          <div className="flex gap-3 text-xs text-muted-foreground">
            <span className="flex items-center gap-1">
              <span className="size-3 rounded-sm border border-red-300 bg-red-50" aria-hidden /> no mínimo ou abaixo
            </span>
            <span className="flex items-center gap-1">
              <span className="size-3 rounded-sm border border-amber-300 bg-amber-50" aria-hidden /> atenção
            </span>
          </div>
        </div>
        {products.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        ) : products.isError ? (
          <p className="text-sm text-destructive">{errorText(products.error).description}</p>
        ) : controlled.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
            Nenhum produto com controle de estoque. Ative “Controlar estoque” no cadastro do produto.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {controlled.map((p) => {
              const level = stockLevel(p.estoque, p.estoqueMinimo);
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => setHistoryOf(p)}
                    className={cn(
                      'grid w-full min-w-0 gap-1 rounded-xl border p-4 text-left shadow-xs transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                      LEVEL_STYLE[level],
                    )}
                    aria-label={`${p.name}: ${p.estoque} em estoque, mínimo ${p.estoqueMinimo}. Ver histórico`}
                  >
                    <span className="min-w-0 truncate font-medium" title={p.name}>
                      {p.name}
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="text-3xl font-semibold tabular-nums">{p.estoque}</span>
                      {level !== 'green' && (
                        <Badge variant={level === 'red' ? 'destructive' : 'warning'}>{LEVEL_LABEL[level]}</Badge>
                      )}
                    </span>
                    <span className="text-xs opacity-80">
                      Mínimo: {p.estoqueMinimo}
                      {p.sku ? ` · SKU ${p.sku}` : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ProductHistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
      <Dialog open={showEntries} onOpenChange={setShowEntries}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Últimas entradas de estoque</DialogTitle>
            <DialogDescription>As 50 entradas mais recentes.</DialogDescription>
          </DialogHeader>
          {entries.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : entries.isError ? (
            <p className="text-sm text-destructive">Não foi possível carregar o histórico de estoque.</p>
          ) : (
            <EntryList entries={entries.data} showProduct />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

export default function StockPage() {
  const { can } = useStaff();
  if (!can('manage_stock')) return <NoPermission />;
  return <StockScreen />;
}
