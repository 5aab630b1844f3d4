import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toasterState } from '@/lib/toast';

/**
 * The Toaster, mounted once something asks for it (see lib/toast): sonner is not needed to paint a page.
 * Loaded by hand rather than with React.lazy: this sits outside the router's error boundaries, and a
 * failed download (offline, a stale deploy) must cost the toasts, never the page.
 */
const notWantedOnServer = () => false;

function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, notWantedOnServer);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Toaster) return;
    let cancelled = false;
    import('@/components/ui/toaster').then(
      (m) => {
        if (!cancelled) setToaster(() => m.Toaster);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, Toaster]);
  return Toaster ? <Toaster /> : null;
}

// No TooltipProvider here: tooltips are admin-only and their provider lives in the admin shell.
// The server passes a client of its own per request; the browser uses the app's one.
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
