import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The customer's pages to anyone else: a file of its own, so /customer does not load the whole dashboard. */
export function AccessRequired({ staff }: { staff: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md rounded-2xl border bg-background p-6 text-center shadow-sm">
        <ShieldAlert className="mx-auto size-12 text-destructive" aria-hidden />
        <h1 className="mt-3 text-2xl font-semibold">Acesso Negado</h1>
        <p className="mt-1 font-medium">Acesso Necessário</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {staff
            ? 'Esta área é exclusiva para clientes. Entre com sua conta de cliente pelo cardápio do restaurante.'
            : 'Entre com sua conta de cliente pelo cardápio do restaurante para ver seus pedidos.'}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link to="/landing">Voltar ao início</Link>
        </Button>
      </div>
    </main>
  );
}
