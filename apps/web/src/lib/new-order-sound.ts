import { useCallback, useEffect, useState } from 'react';

const MUTE_KEY = 'mc:orders-muted';

/**
 * What the board announces (sound and toast) for a live event, or null: a new order the kitchen can
 * start, or a card/PIX order whose payment was just approved. An order placed but not paid yet
 * (`awaitingPayment`) is not news for the kitchen, so it stays quiet until it is paid.
 */
export function orderAnnouncement(
  type: string,
  data: unknown,
): { title: string; number: number | null; paid: boolean } | null {
  const d = (data ?? {}) as { number?: unknown; awaitingPayment?: unknown; paid?: unknown };
  const number = typeof d.number === 'number' ? d.number : null;
  if (type === 'order.created' && d.awaitingPayment !== true) return { title: 'Novo pedido!', number, paid: false };
  if (type === 'order.updated' && d.paid === true) return { title: 'Pedido pago!', number, paid: true };
  return null;
}

/** Two short beeps drawn with Web Audio (no sound file to download or cache). */
export function playNewOrderSound() {
  try {
    const Ctx =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const beep = (at: number, freq: number) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + at);
      gain.gain.exponentialRampToValueAtTime(0.4, ctx.currentTime + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + at + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + at);
      osc.stop(ctx.currentTime + at + 0.3);
    };
    beep(0, 880);
    beep(0.35, 1175);
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // Browsers may block audio until the page is touched; the toast still shows.
  }
}

/** A screen's mute toggle (the board's by default), remembered on this device. */
export function useMuted(key = MUTE_KEY): [boolean, () => void] {
  const [muted, setMuted] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, muted ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, [key, muted]);
  return [muted, useCallback(() => setMuted((m) => !m), [])];
}
