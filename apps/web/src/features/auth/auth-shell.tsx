import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { errorText, toastError } from '@/lib/api';

export type ServerError = { title: string; description: string } | null;

/** The centred card layout shared by the sign-in and reset screens. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="relative flex min-h-svh flex-col items-center justify-center bg-gradient-to-b from-orange-50 via-background to-background px-4 py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-[radial-gradient(ellipse_at_top,rgba(234,88,12,0.14),transparent_65%)]"
      />
      <Link
        to="/landing"
        className="relative mb-6 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <BrandLogo className="text-xl" />
      </Link>
      <div className="relative w-full max-w-sm">{children}</div>
      <p className="relative mt-8 text-center text-xs text-muted-foreground">
        Cardápio digital, pedidos online e gestão para o seu negócio.
      </p>
    </main>
  );
}

/** The server's error under the form (it is also shown in a toast). */
export function FormError({ error }: { error: ServerError }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
      <p className="font-medium text-destructive">{error.title}</p>
      {error.description && <p className="mt-0.5 text-destructive/90">{error.description}</p>}
    </div>
  );
}

/** The error under a form and its full-width submit button. */
export function FormSubmit({
  error,
  loading,
  children,
}: {
  error: ServerError;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      <Button type="submit" size="lg" className="w-full" loading={loading}>
        {children}
      </Button>
    </>
  );
}

/** id and the a11y attributes FormField expects of its control (the error is `${id}-error`). */
export function fieldProps(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

/**
 * Runs a submit's server call: clears the last error, and on failure keeps the server's error for
 * FormSubmit and shows it in a toast (titled `failTitle` when the server sends none).
 */
export function useServerSubmit(failTitle: string) {
  const [error, setError] = useState<ServerError>(null);
  async function run(call: () => Promise<void>) {
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(errorText(err, failTitle));
      toastError(err, failTitle);
    }
  }
  return { error, run };
}
