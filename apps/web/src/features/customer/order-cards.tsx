import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { CustomerOrder } from './customer-api';

function Notice({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="p-6 text-center text-sm text-muted-foreground">{children}</CardContent>
    </Card>
  );
}

/** The customer's orders as cards, with the same loading, failure and empty states wherever they are listed. */
export function OrderCards({
  orders,
  children,
}: {
  orders: UseQueryResult<CustomerOrder[]>;
  children: (list: CustomerOrder[]) => ReactNode;
}) {
  if (orders.isLoading)
    return (
      <>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </>
    );
  if (orders.isError || !orders.data)
    return (
      <Notice>
        Não foi possível carregar seus pedidos.
        <Button variant="outline" size="sm" className="ml-2" onClick={() => orders.refetch()}>
          Tentar novamente
        </Button>
      </Notice>
    );
  if (orders.data.length === 0) return <Notice>Você ainda não fez pedidos.</Notice>;
  return children(orders.data);
}
