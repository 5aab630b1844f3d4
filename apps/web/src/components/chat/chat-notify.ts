/**
 * The "new message" signal: a short two-tone beep made with the Web Audio API (no audio file) and
 * the page title alternating with '💬 Nova mensagem!' for 5 seconds. Several chat widgets may see
 * the same message (header badge, open dialog, orders board): one signal per message id, and at
 * most one every few seconds.
 */

export const TITLE_FLASH_TEXT = '💬 Nova mensagem!';
/** The spec's reset: the title goes back after 5 seconds. */
export const TITLE_FLASH_MS = 5000;
const FLASH_STEP_MS = 1000;
const MIN_GAP_MS = 3000;

let audio: AudioContext | null = null;
let lastSignalAt = 0;
const signalled = new Set<string>();
let flashTimer: ReturnType<typeof setInterval> | undefined;
let flashEnd: ReturnType<typeof setTimeout> | undefined;
let savedTitle: string | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Ctor =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  audio ??= new Ctor();
  return audio;
}

/** Plays the beep; browsers that block audio until a click simply stay silent. */
export function playChatSound() {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.01;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + i * 0.16;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, t0);
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.25, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.15);
    }
  } catch {
    // Sound is a nicety; never let it break the chat.
  }
}

/** Alternates the page title with the new-message text, then restores it after 5 seconds. */
export function flashTitle() {
  if (typeof document === 'undefined') return;
  if (savedTitle === null) savedTitle = document.title;
  clearInterval(flashTimer);
  clearTimeout(flashEnd);
  let on = true;
  document.title = TITLE_FLASH_TEXT;
  flashTimer = setInterval(() => {
    on = !on;
    document.title = on ? TITLE_FLASH_TEXT : (savedTitle ?? '');
  }, FLASH_STEP_MS);
  flashEnd = setTimeout(() => {
    clearInterval(flashTimer);
    if (savedTitle !== null) document.title = savedTitle;
    savedTitle = null;
  }, TITLE_FLASH_MS);
}

/** Signals one incoming message (ignored when this message or another just signalled). */
export function signalIncoming(key: string) {
  if (signalled.has(key)) return;
  signalled.add(key);
  if (signalled.size > 500) signalled.clear();
  const now = Date.now();
  if (now - lastSignalAt < MIN_GAP_MS) return;
  lastSignalAt = now;
  playChatSound();
  flashTitle();
}

// Browsers only let audio start after a user gesture: unlock it on the first one.
if (typeof window !== 'undefined') {
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
}
