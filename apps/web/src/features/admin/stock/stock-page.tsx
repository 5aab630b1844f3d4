import { MSG } from '@meucardapio/domain/messages';
import { STOCK_ADJUSTMENT_REASON_REQUIRED, stockLevel } from '@meucardapio/domain/stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, PackageMinus, PackagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { cn } from '@/lib/utils';
import {
  STOCK_HISTORY_FAILED,
  StockHistoryDialog,
  type StockMovement,
  StockMovementList,
  useStockHistory,
} from '../shared/stock-history';

type StockProduct = {
  id: string;
  name: string;
  sku: string | null;
  controleEstoque: boolean;
  estoque: number;
  estoqueMinimo: number;
};

const PRODUCTS_KEY = ['admin', 'stock', 'products'] as const;
const ENTRIES_KEY = ['admin', 'stock', 'entries'] as const;

const MODES = ['entry', 'adjustment'] as const;
type Mode = (typeof MODES)[number];
const MODE_TEXT = {
  entry: {
    choice: 'Entrada',
    button: 'Registrar Entrada',
    description: 'A quantidade é somada ao estoque atual do produto.',
    notesLabel: 'Observações',
    done: 'Entrada registrada!',
    failed: 'Erro ao registrar entrada',
  },
  adjustment: {
    choice: 'Ajuste (perda ou correção)',
    button: 'Registrar Ajuste',
    description: 'A quantidade sai do estoque atual do produto, nunca abaixo de zero.',
    notesLabel: 'Motivo',
    done: 'Ajuste registrado!',
    failed: 'Erro ao registrar ajuste',
  },
} as const;

const LEVEL_STYLE = {
  red: 'border-red-300 bg-red-50 text-red-900',
  yellow: 'border-amber-300 bg-amber-50 text-amber-900',
  green: 'border-border bg-card',
} as const;
const LEVEL_LABEL = { red: 'Estoque baixo', yellow: 'Atenção', green: 'OK' } as const;

/** Spec 2 §8: a history that fails to load says so in a toast as well as in its dialog. */
function useHistoryErrorToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error('Erro ao carregar histórico', { description: STOCK_HISTORY_FAILED });
  }, [failed]);
}

export default function StockPage() {
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: async () => (await api.get<{ products: StockProduct[] }>('/api/admin/stock/products')).products,
  });
  const entries = useQuery({
    queryKey: ENTRIES_KEY,
    queryFn: async () => (await api.get<{ entries: StockMovement[] }>('/api/admin/stock/entries')).entries,
  });
  const [showEntries, setShowEntries] = useState(false);
  useHistoryErrorToast(showEntries && entries.isError);
  const [mode, setMode] = useState<Mode>('entry');
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [notes, setNotes] = useState('');
  const [historyOf, setHistoryOf] = useState<StockProduct | null>(null);
  // The same cached query the dialog reads: on this screen its failure toasts as well (spec 2 §8).
  useHistoryErrorToast(useStockHistory(historyOf?.id ?? null).isError);
  const text = MODE_TEXT[mode];

  const register = useMutation({
    mutationFn: ({ mode, ...body }: { mode: Mode; productId: string; quantity: number; notes: string }) =>
      mode === 'entry'
        ? api.post('/api/admin/stock/entries', body)
        : api.post('/api/admin/stock/adjustments', {
            productId: body.productId,
            quantity: body.quantity,
            reason: body.notes,
          }),
    onSuccess: (_r, v) => {
      toast.success(MODE_TEXT[v.mode].done);
      setQuantity('1');
      setNotes('');
      queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] });
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      queryClient.invalidateQueries({ queryKey: ['admin', 'stock-history'] });
    },
    onError: (err, v) => {
      const t = errorText(err);
      toast.error(MODE_TEXT[v.mode].failed, { description: t.description || t.title });
    },
  });

  function submit() {
    const q = Number.parseInt(quantity, 10);
    if (!productId || !Number.isFinite(q) || q <= 0) {
      toast.error(MSG.incompleteData, { description: 'Escolha um produto e informe uma quantidade maior que zero.' });
      return;
    }
    if (mode === 'adjustment' && !notes.trim()) {
      toast.error(MSG.incompleteData, { description: STOCK_ADJUSTMENT_REASON_REQUIRED });
      return;
    }
    register.mutate({ mode, productId, quantity: q, notes: notes.trim() });
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
            Histórico de movimentações
          </Button>
        }
      />

      <Card>
        <CardHeader>
          <div role="radiogroup" aria-label="Tipo de movimentação" className="mb-2 flex gap-2">
            {MODES.map((m) => (
              <label
                key={m}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="stock-mode"
                  className="size-4 accent-(--primary)"
                  checked={mode === m}
                  onChange={() => setMode(m)}
                />
                {MODE_TEXT[m].choice}
              </label>
            ))}
          </div>
          <CardTitle>{text.button}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
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
            <FormField label={text.notesLabel} htmlFor="stock-notes">
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
              {mode === 'entry' ? <PackagePlus aria-hidden /> : <PackageMinus aria-hidden />}
              {text.button}
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

      <StockHistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
      <Dialog open={showEntries} onOpenChange={setShowEntries}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Últimas movimentações de estoque</DialogTitle>
            <DialogDescription>As 50 entradas e ajustes mais recentes.</DialogDescription>
          </DialogHeader>
          {entries.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : entries.isError ? (
            <p className="text-sm text-destructive">{STOCK_HISTORY_FAILED}</p>
          ) : (
            <StockMovementList entries={entries.data} showProduct />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
