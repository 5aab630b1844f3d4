import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { MenuHeaderSkeleton } from './menu-header';
import { ProductCardSkeleton } from './product-card';
import { ProductGrid } from './product-grid';

export function MenuLoading() {
  return (
    <div className="min-h-dvh bg-background">
      <MenuHeaderSkeleton />
      <p className="sr-only" role="status">
        Carregando...
      </p>
      <div className="mx-auto mt-6 max-w-6xl px-4 md:px-6">
        <div className="mb-4 flex gap-2 overflow-hidden">
          {[64, 80, 96, 72, 88].map((w) => (
            <div key={w} className="h-9 shrink-0 animate-pulse rounded-full bg-muted" style={{ width: w }} />
          ))}
        </div>
        <ProductGrid>
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </ProductGrid>
      </div>
    </div>
  );
}

export function RestaurantNotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">Restaurante não encontrado</h1>
      <p className="text-muted-foreground">Verifique o link e tente novamente.</p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/landing">Conhecer o MeuCardápio</Link>
      </Button>
    </main>
  );
}

export function MenuLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Não foi possível carregar o cardápio</h1>
      <p className="text-muted-foreground">Verifique sua conexão e tente novamente.</p>
      <Button onClick={onRetry}>Tentar novamente</Button>
    </main>
  );
}
