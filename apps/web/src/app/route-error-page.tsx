import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error ?? '');
}

/** Router-level fallback when a page throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  // A chunk that vanished after a deploy: a reload fetches the new one.
  const stale =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-6">
      <div className="w-full max-w-lg rounded-xl border bg-background p-6 shadow-sm">
        <h2 className="text-xl font-semibold">Unexpected Application Error!</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {stale ? 'Uma nova versão do aplicativo está disponível.' : 'Algo deu errado ao abrir esta página.'}
        </p>
        {describe(error) && (
          <pre className="mt-4 max-h-40 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
            {describe(error)}
          </pre>
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={() => window.location.reload()}>Recarregar página</Button>
          <Button variant="outline" asChild>
            <Link to="/">Voltar ao início</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
