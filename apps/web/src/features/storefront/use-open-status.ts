import { MSG } from '@meucardapio/domain/messages';
import { useEffect, useMemo, useState } from 'react';
import { serverNow } from '@/lib/server-clock';
import { type OpenStatus, openStatus } from './menu-logic';
import type { PublicMenu } from './menu-types';

export const OPEN_RECHECK_MS = 60_000;

/**
 * Open/closed as the server answered it (its clock, the restaurant's timezone), never the phone's clock.
 * The notice and the toast's next opening are worded by the server's clock too (lib/server-clock).
 */
export function useOpenStatus(menu: PublicMenu): OpenStatus {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(serverNow()), OPEN_RECHECK_MS);
    return () => window.clearInterval(id);
  }, []);
  return useMemo(() => {
    // The zone's offset, sent with the menu, spares the page's first render Intl's start-up; a menu from a
    // server that does not send it yet (during a deploy) is read by the timezone's name.
    const texts = openStatus(menu.hours, menu.zoneOffset ?? menu.restaurant.timezone, now);
    // Within the minute the two clocks straddle an opening or closing, the verdict stays the server's.
    const notice = menu.openNow ? null : (texts.notice ?? MSG.closedNow);
    return { isOpen: menu.openNow, notice, toastDescription: texts.toastDescription };
  }, [menu.hours, menu.zoneOffset, menu.restaurant.timezone, menu.openNow, now]);
}
