import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { markHydrated } from '@/lib/hydration';
import { mountToaster } from '@/lib/toast';

/**
 * Route handle of a page that mounts the Toaster itself once it has painted (the public menu), so the
 * toast library is not part of its first download.
 */
export type DeferToasterHandle = { deferToaster: true };

function defersToaster(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as DeferToasterHandle).deferToaster === true;
}

/** Wraps every page: a thin progress bar while the next page's code or data loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const deferToaster = useMatches().some((m) => defersToaster(m.handle));
  useEffect(() => {
    if (!deferToaster) mountToaster();
  }, [deferToaster]);
  useEffect(markHydrated, []);
  return (
    <>
      <div
        aria-hidden
        className={`pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 origin-left bg-brand transition-[transform,opacity] duration-500 ${
          busy ? 'scale-x-75 opacity-100' : 'scale-x-100 opacity-0'
        }`}
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
