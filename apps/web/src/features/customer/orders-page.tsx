import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isCustomer, useAuth } from '@/lib/auth';
import { useToastsBelow } from '@/lib/toast';
import { AccessRequired } from './access-required';
import { type CustomerOrder, customerKeys, fetchOrders, type RepeatResult, repeatOrder } from './customer-api';
import { OrderCard } from './order-card';
import { OrderCards } from './order-cards';

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
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);
  // What one 'Repetir Pedido' could not put back, kept on screen until the customer moves on.
  const [partial, setPartial] = useState<{ order: CustomerOrder; result: RepeatResult } | null>(null);

  async function repeat(order: CustomerOrder) {
    setRepeating(order.id);
    setPartial(null);
    try {
      const result = await repeatOrder(order);
      if (result.added === 0) {
        toast.error('Não foi possível repetir o pedido.', {
          description: 'Nenhum item deste pedido pôde voltar ao carrinho.',
        });
        setPartial({ order, result });
        return;
      }
      toast.success('Pedido adicionado!', { description: 'Os itens foram colocados no seu carrinho.' });
      if (result.notRepeated.length > 0) {
        setPartial({ order, result });
        return;
      }
      navigate(`/${order.restaurant.slug}`);
    } catch {
      toast.error('Não foi possível repetir o pedido.');
    } finally {
      setRepeating(null);
    }
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header ref={header} className="border-b bg-background">
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
        {partial && (
          <section
            role="alert"
            aria-label="Itens não repetidos"
            className="grid gap-2 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm"
          >
            <h2 className="font-semibold">
              {partial.result.added > 0
                ? `Pedido #${partial.order.number}: alguns itens não foram repetidos`
                : `Pedido #${partial.order.number}: nenhum item pôde ser repetido`}
            </h2>
            <ul className="grid gap-1">
              {partial.result.notRepeated.map((n, i) => (
                <li key={`${n.name}-${i}`}>
                  <strong>{n.name}</strong> — {n.reason}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2 pt-1">
              {partial.result.added > 0 && (
                <Button asChild variant="brand" size="sm" className="h-10">
                  <Link to={`/${partial.order.restaurant.slug}`}>Ir para o carrinho</Link>
                </Button>
              )}
              <Button variant="outline" size="sm" className="h-10" onClick={() => setPartial(null)}>
                Fechar
              </Button>
            </div>
          </section>
        )}
        <OrderCards orders={orders}>
          {(list) =>
            list.map((o) => (
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
          }
        </OrderCards>
      </main>
    </div>
  );
}
