import { type RefObject, useEffect } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts for screens that must paint fast (the public menu, and lib/api which every screen loads):
 * sonner (~9 KB gzip) and its <Toaster> are loaded on the first toast, or once the screen is idle,
 * instead of before the first paint. Screens already behind a lazy chunk may import 'sonner' directly:
 * both paths share sonner's single toast queue, and the Toaster shows toasts created before it mounted.
 */

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
let toasterWanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((err) => {
    // Offline or a stale deploy: let the next toast try again.
    sonner = undefined;
    throw err;
  });
  return sonner;
}

/** Asks the app's root to mount the Toaster (idempotent). */
export function mountToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

/** For the root's DeferredToaster: whether the Toaster should be mounted, and change notifications. */
export const toasterState = {
  wanted: () => toasterWanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function show(kind: 'success' | 'error' | 'info' | 'warning' | 'message', title: string, options?: ExternalToast) {
  mountToaster();
  // If sonner cannot be downloaded there is nowhere to show the toast; the screen's own state remains.
  loadSonner().then(
    ({ toast }) => toast[kind](title, options),
    () => {},
  );
}

/** Same calls as sonner's `toast.success/error/…`, without loading sonner up front. */
export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
  message: (title: string, options?: ExternalToast) => show('message', title, options),
};

/**
 * Keeps phone toasts below a sticky header (they sit at the top of the screen): sets `--toast-top` to
 * the header's height plus a small gap while the screen is mounted.
 */
export function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = header.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--toast-top', `${Math.ceil(el.getBoundingClientRect().height) + 8}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-top');
    };
  }, [header]);
}
