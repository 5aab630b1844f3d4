import { isAdministrator } from '@meucardapio/domain/permissions';
import { strikePrice } from '@meucardapio/domain/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, FileSpreadsheet, History, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDeleteEntity } from '@/components/crud/entity-mutations';
import { LoadErrorNotice, TableSkeletonRows } from '@/components/crud/list-states';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastTitledError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useStaff } from '@/lib/staff';
import { StockHistoryDialog } from '../shared/stock-history';
import { MenuImportDialog } from './menu-import-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { PRODUCTS_KEY, type Product, useCategories, useProducts } from './products-api';

/** What a product change can affect. */
const INVALIDATE = [PRODUCTS_KEY, ['admin', 'pizza-flavors']];

function kindLabel(p: Product) {
  if (!p.isPizza) return 'Produto';
  return p.allowsMultipleFlavors ? 'Pizza multissabor' : 'Pizza';
}

function Price({ cents, compareAtPrice }: { cents: number; compareAtPrice: number | null }) {
  const struck = strikePrice(cents, compareAtPrice);
  return (
    <span className="inline-flex flex-col items-end leading-tight unstacked:items-start">
      {struck !== null && <s className="text-xs text-muted-foreground tabular-nums">{formatMoney(struck)}</s>}
      <span className="font-medium tabular-nums">{formatMoney(cents)}</span>
    </span>
  );
}

/** Sizes, colours and add-ons: the count, with the names in a tooltip (names in full on phones). */
function Names({ list }: { list: { name: string }[] }) {
  if (list.length === 0) return <span className="text-muted-foreground">—</span>;
  const text = list.map((x) => x.name).join(', ');
  return (
    <span title={text} className="tabular-nums">
      <span className="unstacked:hidden">{text}</span>
      <span className="stacked:hidden">{list.length}</span>
    </span>
  );
}

export default function ProductsPage() {
  const { isCommerce, actor } = useStaff();
  const isAdmin = isAdministrator(actor);
  const queryClient = useQueryClient();
  const products = useProducts();
  const categories = useCategories();
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [history, setHistory] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);

  const refresh = () => {
    for (const queryKey of INVALIDATE) queryClient.invalidateQueries({ queryKey });
  };
  const clone = useMutation({
    mutationFn: (p: Product) => api.post(`/api/admin/products/${p.id}/clone`),
    onSuccess: () => {
      toast.success('Produto clonado!');
      refresh();
    },
    onError: (err) => toastTitledError(err, 'Erro ao criar produto'),
  });
  const remove = useDeleteEntity<Product>({
    endpoint: '/api/admin/products',
    invalidate: INVALIDATE,
    messages: { deleted: 'Produto excluído!', failed: 'Erro ao excluir produto' },
  });

  const list = products.data ?? [];

  return (
    <div>
      <PageHeader
        title="Produtos"
        description="Cadastre os itens do cardápio, pizzas, tamanhos, adicionais e estoque."
        actions={
          <>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <FileSpreadsheet aria-hidden />
              Importar planilha
            </Button>
            <Button onClick={() => setEditing({ product: null })}>
              <Plus aria-hidden />
              Novo Produto
            </Button>
          </>
        }
      />
      <MenuImportDialog open={importing} onClose={() => setImporting(false)} />

      {products.isError ? (
        <LoadErrorNotice title="Erro ao carregar produtos" error={products.error} />
      ) : (
        <Table wide>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>SKU</TableHead>
              <TableHead>Categoria</TableHead>
              <TableHead>Preço</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Tamanhos</TableHead>
              <TableHead>Cores</TableHead>
              <TableHead>Adicionais</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {products.isPending ? (
              <TableSkeletonRows colSpan={10} rows={4} className="h-8" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={10}>Nenhum produto cadastrado</TableEmpty>
            ) : (
              list.map((p) => {
                const canDelete = isAdmin || !(p.isPizza && p.allowsMultipleFlavors);
                return (
                  <TableRow key={p.id}>
                    <TableCell
                      label="Nome"
                      className="stacked:text-base stacked:font-semibold unstacked:min-w-36 unstacked:whitespace-normal"
                    >
                      <span className="flex min-w-0 items-center gap-2 stacked:justify-end">
                        {p.imageUrl && (
                          <img
                            src={p.imageUrl}
                            alt=""
                            width={32}
                            height={32}
                            loading="lazy"
                            className="size-8 shrink-0 rounded object-cover"
                          />
                        )}
                        <span className="font-medium unstacked:line-clamp-2">{p.name}</span>
                      </span>
                    </TableCell>
                    <TableCell label="SKU" className="tabular-nums">
                      {p.sku ?? '—'}
                    </TableCell>
                    <TableCell label="Categoria" className="unstacked:whitespace-normal">
                      {p.categoryName ?? <span className="text-muted-foreground">Sem categoria</span>}
                    </TableCell>
                    <TableCell label="Preço">
                      <Price cents={p.price} compareAtPrice={p.compareAtPrice} />
                    </TableCell>
                    <TableCell label="Status">
                      <Badge variant={p.available ? 'success' : 'secondary'}>
                        {p.available ? 'Disponível' : 'Indisponível'}
                      </Badge>
                    </TableCell>
                    <TableCell label="Tipo" className="unstacked:whitespace-normal">
                      {kindLabel(p)}
                    </TableCell>
                    <TableCell label="Tamanhos">
                      <Names list={p.variations} />
                    </TableCell>
                    <TableCell label="Cores">
                      <Names list={p.colors} />
                    </TableCell>
                    <TableCell label="Adicionais">
                      <Names list={p.addons} />
                    </TableCell>
                    <TableCell className="stacked:mt-1 stacked:border-t stacked:pt-2">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Editar ${p.name}`}
                          title="Editar"
                          onClick={() => setEditing({ product: p })}
                        >
                          <Pencil aria-hidden />
                        </Button>
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={`Mais ações para ${p.name}`}
                              title="Mais ações"
                            >
                              <MoreHorizontal aria-hidden />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="end">
                            <DropdownMenuItem onSelect={() => setHistory(p)}>
                              <History aria-hidden />
                              Histórico de estoque
                            </DropdownMenuItem>
                            <DropdownMenuItem disabled={clone.isPending} onSelect={() => clone.mutate(p)}>
                              <Copy aria-hidden />
                              Clonar
                            </DropdownMenuItem>
                            {canDelete && (
                              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(p)}>
                                <Trash2 aria-hidden />
                                Excluir
                              </DropdownMenuItem>
                            )}
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      )}

      {editing && (
        <ProductFormDialog
          key={editing.product?.id ?? 'new'}
          open
          product={editing.product}
          products={list}
          categories={categories.data ?? []}
          isCommerce={isCommerce}
          onClose={() => setEditing(null)}
        />
      )}
      <StockHistoryDialog product={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(v) => !v && setDeleting(null)}
        title="Tem certeza que deseja excluir este produto?"
        description={deleting?.name}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </div>
  );
}
