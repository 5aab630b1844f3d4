import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Toasts (sonner). Use `toast.success('Salvo!')`, `toast.error(title, { description })`, or toastError from lib/api. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={4500}
      visibleToasts={4}
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
