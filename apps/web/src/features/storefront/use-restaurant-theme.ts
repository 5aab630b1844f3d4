import { useEffect } from 'react';
import { readableForeground, safeColor } from './menu-logic';

/** The CSS variables of a restaurant's colours; the server writes the same ones into the page head. */
export function themeVars(primary: string | undefined, button: string | undefined): Record<string, string> {
  const p = safeColor(primary, '#dc2626');
  const b = safeColor(button, '#16a34a');
  return {
    '--sf-primary': p,
    '--sf-primary-foreground': readableForeground(p),
    '--brand': b,
    '--brand-foreground': readableForeground(b),
  };
}

/** Id of the <style> holding the colours in a server-rendered page, dropped once the page is left. */
export const SERVER_THEME_ID = 'sf-theme';

/**
 * Applies the restaurant's colours to the whole document while a storefront page is shown: the header
 * uses primary_color (--sf-primary) and buttons use button_color (--brand). Set on <html> because
 * dialogs render in portals outside the page.
 */
export function useRestaurantTheme(primary: string | undefined, button: string | undefined, title: string | undefined) {
  useEffect(() => {
    if (!primary && !button) return;
    const root = document.documentElement;
    const vars = themeVars(primary, button);
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    const previousTitle = document.title;
    if (title) document.title = title;
    return () => {
      for (const k of Object.keys(vars)) root.style.removeProperty(k);
      document.getElementById(SERVER_THEME_ID)?.remove();
      document.title = previousTitle;
    };
  }, [primary, button, title]);
}
