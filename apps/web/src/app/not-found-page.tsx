import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 bg-muted/40 p-6 text-center">
      <p className="text-6xl font-bold tracking-tight text-brand">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">A página que você procura não existe ou foi movida.</p>
      <Button asChild>
        <Link to="/">Voltar ao início</Link>
      </Button>
    </main>
  );
}
