import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useIsMobile } from '@/lib/use-mobile';

/**
 * Toasts (sonner). Use `toast.success('Salvo!')`, `toast.error(title, { description })`, or toastError from lib/api.
 * On phones one compact toast at a time, in the strip above whatever a screen keeps at the top: the
 * bottom sheets leave that strip free, and a screen with a sticky header moves it below (useToastsBelow).
 */
export function Toaster(props: ToasterProps) {
  const isMobile = useIsMobile();
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={4500}
      visibleToasts={isMobile ? 1 : 4}
      mobileOffset={{ top: 'var(--toast-top, 8px)', left: '8px', right: '8px', bottom: '16px' }}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
