import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { toasterState } from '@/lib/toast';

/**
 * The Toaster, mounted once something asks for it (see lib/toast): sonner is not needed to paint a page.
 * Loaded by hand rather than with React.lazy: this sits outside the router's error boundaries, and a
 * failed download (offline, a stale deploy) must cost the toasts, never the page.
 */
function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted);
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
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
