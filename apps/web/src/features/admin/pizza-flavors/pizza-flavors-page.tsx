import { useQuery } from '@tanstack/react-query';
import { Pizza } from 'lucide-react';
import { LoadErrorNotice, TableSkeletonRows } from '@/components/crud/list-states';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { formatMoney } from '@/lib/format';

type Flavor = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  available: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: number;
  isPizza: boolean;
  categoryName: string | null;
};

/** Read-only list of the available pizzas (the flavours multi-flavour pizzas offer). */
export default function PizzaFlavorsPage() {
  const flavors = useQuery({
    queryKey: ['admin', 'pizza-flavors'],
    queryFn: async () => (await api.get<{ flavors: Flavor[] }>('/api/admin/pizza-flavors')).flavors,
  });
  const list = flavors.data ?? [];
  return (
    <div>
      <PageHeader
        title="Sabores de Pizza"
        description="Pizzas disponíveis, em ordem alfabética. Para alterar, use a tela de Produtos."
      />
      {flavors.isError ? (
        <LoadErrorNotice title="Erro ao carregar sabores de pizza" error={flavors.error} />
      ) : (
        <Table wide>
          <TableHeader>
            <TableRow>
              <TableHead>Sabor</TableHead>
              <TableHead>Descrição</TableHead>
              <TableHead>Categoria</TableHead>
              <TableHead>Preço</TableHead>
              <TableHead>Tipo</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {flavors.isPending ? (
              <TableSkeletonRows colSpan={5} rows={3} className="h-8" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={5}>
                <Pizza className="mx-auto mb-2 size-6" aria-hidden />
                Nenhum sabor de pizza cadastrado. Cadastre produtos marcados como pizza.
              </TableEmpty>
            ) : (
              list.map((f) => (
                <TableRow key={f.id}>
                  <TableCell label="Sabor" className="font-medium">
                    {f.name}
                  </TableCell>
                  <TableCell
                    label="Descrição"
                    className="unstacked:max-w-80 unstacked:truncate unstacked:whitespace-nowrap"
                  >
                    {f.description || <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  <TableCell label="Categoria">
                    {f.categoryName ?? <span className="text-muted-foreground">Sem categoria</span>}
                  </TableCell>
                  <TableCell label="Preço" className="tabular-nums">
                    {formatMoney(f.price)}
                  </TableCell>
                  <TableCell label="Tipo">
                    {f.allowsMultipleFlavors ? (
                      <Badge variant="brand">Até {f.maxFlavors} sabores</Badge>
                    ) : (
                      <Badge variant="secondary">Sabor</Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
