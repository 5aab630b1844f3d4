import { useEffect } from 'react';

/*
 * The staff area as an installable app (decision 058): its manifest, linked only inside the staff area
 * (the storefront is the restaurant's, not ours to install), and its service worker, scoped to /admin/,
 * which keeps the PDV opening without a network.
 */

const MANIFEST = '/admin/manifest.webmanifest';
const SERVICE_WORKER = '/admin/sw.js';
/** The service worker's cache of the PDV's API answers (staff-sw.ts). */
const PDV_DATA_CACHE = 'pdv-data';

/** Links the manifest and registers the service worker. */
export function useStaffApp() {
  useEffect(() => {
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = MANIFEST;
      document.head.append(link);
    }
    // The development server has no built worker; the e2e and production builds do.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox(SERVICE_WORKER, { scope: '/admin/' });
      void wb.register().catch(() => {
        // No worker (private mode, an old browser): the staff area works, only not offline.
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

/** Signing out of a shared tablet leaves none of the staff area's answers behind. */
export async function forgetStaffData() {
  if (typeof caches !== 'undefined') await caches.delete(PDV_DATA_CACHE).catch(() => false);
}
