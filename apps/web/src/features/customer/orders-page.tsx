import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isCustomer, useAuth } from '@/lib/auth';
import { type CustomerOrder, customerKeys, fetchOrders, repeatOrder } from './customer-api';
import { AccessRequired } from './dashboard-page';
import { OrderCard } from './order-card';

/** /customer: 'Meus Pedidos' with 'Repetir Pedido'. */
export default function CustomerOrdersPage() {
  const { user, status } = useAuth();
  if (status === 'loading')
    return (
      <main className="mx-auto grid max-w-3xl gap-3 p-4">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </main>
    );
  if (!isCustomer(user)) return <AccessRequired staff={!!user} />;
  return <OrdersList />;
}

function OrdersList() {
  const navigate = useNavigate();
  const orders = useQuery({ queryKey: customerKeys.orders, queryFn: fetchOrders, refetchInterval: 120_000 });
  // Expanded by default so 'Repetir Pedido' is one tap away; a tap on the header folds a card.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [repeating, setRepeating] = useState<string | null>(null);

  async function repeat(order: CustomerOrder) {
    setRepeating(order.id);
    try {
      const added = await repeatOrder(order);
      if (added === 0) {
        toast.error('Não foi possível repetir o pedido.', {
          description: 'Os produtos deste pedido não estão mais disponíveis.',
        });
        return;
      }
      toast.success('Pedido adicionado!', { description: 'Os itens foram colocados no seu carrinho.' });
      navigate(`/${order.restaurant.slug}`);
    } catch {
      toast.error('Não foi possível repetir o pedido.');
    } finally {
      setRepeating(null);
    }
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <Button asChild variant="ghost" size="icon" aria-label="Voltar">
            <Link to="/customer-dashboard">
              <ArrowLeft aria-hidden />
            </Link>
          </Button>
          <h1 className="text-lg font-semibold">Meus Pedidos</h1>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-3 p-4">
        {orders.isLoading ? (
          <>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </>
        ) : orders.isError ? (
          <Card>
            <CardContent className="p-6 text-center text-sm text-muted-foreground">
              Não foi possível carregar seus pedidos.
            </CardContent>
          </Card>
        ) : orders.data?.length === 0 ? (
          <Card>
            <CardContent className="p-6 text-center text-sm text-muted-foreground">
              Você ainda não fez pedidos.
            </CardContent>
          </Card>
        ) : (
          orders.data?.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              expanded={!closed.has(o.id)}
              onToggle={() =>
                setClosed((cur) => {
                  const next = new Set(cur);
                  if (next.has(o.id)) next.delete(o.id);
                  else next.add(o.id);
                  return next;
                })
              }
              actions={
                <Button
                  variant="brand"
                  size="sm"
                  className="h-10"
                  loading={repeating === o.id}
                  onClick={() => repeat(o)}
                >
                  <RotateCcw aria-hidden /> Repetir Pedido
                </Button>
              }
            />
          ))
        )}
      </main>
    </div>
  );
}
