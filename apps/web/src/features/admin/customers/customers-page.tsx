import type { AdminCustomerView } from '@meucardapio/domain/customer-views';
import { DELIVERY_TYPE_LABELS, type DeliveryType, orderStatusLabel } from '@meucardapio/domain/order-status';
import { useQuery } from '@tanstack/react-query';
import { Eye, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { formatDate, formatDateTime, formatMoney, maskCep, maskPhone } from '@/lib/format';
import { PrivacyRequests } from './privacy-requests';

type Customer = AdminCustomerView;

type CustomerOrder = {
  id: string;
  number: number;
  status: string;
  deliveryType: string;
  paymentMethod: string | null;
  address: string | null;
  addressNumber: string | null;
  neighborhood: string | null;
  cep: string | null;
  total: number;
  createdAt: string;
  items: {
    id: string;
    name: string;
    quantity: number;
    totalPrice: number;
    variation: { name: string } | null;
    colors: { name: string }[];
    pizzaFlavors: { name: string }[];
    addons: { name: string; quantity?: number }[];
  }[];
};

function OrdersDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const orders = useQuery({
    queryKey: ['admin-customer-orders', customer?.id],
    queryFn: () =>
      api.get<{ orders: CustomerOrder[] }>(`/api/admin/customers/${customer?.id}/orders`).then((r) => r.orders),
    enabled: !!customer,
  });
  return (
    <Dialog open={!!customer} onOpenChange={(v) => !v && onClose()}>
      <DialogContent variant="sheet" className="md:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Pedidos de {customer?.name}</DialogTitle>
          <DialogDescription>Do mais recente para o mais antigo.</DialogDescription>
        </DialogHeader>
        {orders.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : orders.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Erro ao carregar pedidos.
          </p>
        ) : orders.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum pedido encontrado para este cliente.</p>
        ) : (
          <ul className="grid gap-3">
            {orders.data.map((o) => (
              <li key={o.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">
                    #{o.number} · {formatDateTime(o.createdAt)}
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(o.total)}</span>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Badge variant="secondary">{orderStatusLabel(o.status)}</Badge>
                  <Badge variant="outline">
                    {DELIVERY_TYPE_LABELS[o.deliveryType as DeliveryType] ?? o.deliveryType}
                  </Badge>
                  {o.paymentMethod && <Badge variant="outline">{o.paymentMethod}</Badge>}
                </div>
                {o.address && (
                  <p className="text-sm text-muted-foreground">
                    {[o.address, o.addressNumber].filter(Boolean).join(', ')}
                    {o.neighborhood ? ` · ${o.neighborhood}` : ''}
                    {o.cep ? ` · CEP ${maskCep(o.cep)}` : ''}
                  </p>
                )}
                <ul className="grid gap-0.5 text-sm">
                  {o.items.map((i) => (
                    <li key={i.id} className="flex justify-between gap-3">
                      <span>
                        {i.quantity}x {i.name}
                        {[
                          i.variation?.name,
                          i.colors.map((c) => c.name).join(', '),
                          i.pizzaFlavors.map((f) => f.name).join(' / '),
                          i.addons
                            .map((a) => `+ ${a.quantity && a.quantity > 1 ? `${a.quantity}x ` : ''}${a.name}`)
                            .join(', '),
                        ]
                          .filter(Boolean)
                          .map((d) => (
                            <span key={d} className="block text-xs text-muted-foreground">
                              {d}
                            </span>
                          ))}
                      </span>
                      <span className="shrink-0 tabular-nums">{formatMoney(i.totalPrice)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default function CustomersPage() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [viewing, setViewing] = useState<Customer | null>(null);
  const customers = useQuery({
    queryKey: ['admin-customers', q],
    queryFn: () =>
      api.get<{ customers: Customer[] }>('/api/admin/customers', { query: { q } }).then((r) => r.customers),
    placeholderData: (prev) => prev,
  });
  const list = customers.data ?? [];
  return (
    <div>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            Clientes <Badge variant="secondary">{list.length}</Badge>
          </span>
        }
        actions={
          <div className="relative w-full sm:w-72">
            <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              aria-label="Buscar por nome ou telefone"
              placeholder="Buscar por nome ou telefone"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
        }
      />
      {customers.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar clientes</p>
        </div>
      ) : (
        <Table wide>
          <TableHeader>
            <TableRow>
              <TableHead>Cliente</TableHead>
              <TableHead>Telefone</TableHead>
              <TableHead>Endereço</TableHead>
              <TableHead className="text-right">Pedidos</TableHead>
              <TableHead className="text-right">Total gasto</TableHead>
              <TableHead>Último pedido</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {customers.isPending ? (
              <TableRow>
                <TableCell colSpan={7}>
                  <Skeleton className="h-24 w-full" />
                </TableCell>
              </TableRow>
            ) : list.length === 0 ? (
              <TableEmpty colSpan={7}>{q ? 'Nenhum cliente encontrado' : 'Nenhum cliente cadastrado'}</TableEmpty>
            ) : (
              list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell
                    label="Cliente"
                    className="unstacked:max-w-44 unstacked:truncate 2xl:max-w-none"
                    title={c.email}
                  >
                    <span className="font-medium">{c.name}</span>
                    <span className="block truncate text-xs text-muted-foreground stacked:hidden">{c.email}</span>
                  </TableCell>
                  <TableCell label="Telefone">{maskPhone(c.phone)}</TableCell>
                  <TableCell
                    label="Endereço"
                    className="unstacked:max-w-44 unstacked:truncate 2xl:max-w-72 stacked:text-right stacked:whitespace-normal"
                    title={[[c.address, c.number].filter(Boolean).join(', '), c.cep && `CEP ${maskCep(c.cep)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  >
                    {/* One flex item in the stacked layout, so the CEP follows the street instead of becoming a column. */}
                    <span>
                      {[c.address, c.number].filter(Boolean).join(', ') || '—'}
                      {c.cep ? (
                        <span className="whitespace-nowrap text-muted-foreground"> · CEP {maskCep(c.cep)}</span>
                      ) : null}
                    </span>
                  </TableCell>
                  <TableCell label="Pedidos" className="text-right tabular-nums">
                    {c.totalOrders}
                  </TableCell>
                  <TableCell label="Total gasto" className="text-right tabular-nums">
                    {formatMoney(c.totalSpent)}
                  </TableCell>
                  <TableCell label="Último pedido">{c.lastOrderAt ? formatDate(c.lastOrderAt) : '—'}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setViewing(c)}>
                      <Eye aria-hidden /> Ver pedidos
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <PrivacyRequests />
      <OrdersDialog customer={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
