/**
 * The page's first script. A page the server rendered (storefront, landing) is already whole without
 * JavaScript, so its code waits until the images of the first screen have arrived and been painted:
 * on a phone's slow link the banner and the first photos then get the connection to themselves instead
 * of queueing behind the ~150 KB of scripts that only make the page answer taps. A tap in the meantime
 * starts the code at once and is answered as soon as the page is hydrated. Every other page (the
 * customer area, the admin, the PDV) is drawn by the app and starts it at once.
 */
import './index.css';
import { preloadServerListed, renderedByServer, whenHydrated } from './lib/hydration';

/** Longest wait for the first screen's images: a stalled photo must not keep the menu from working. */
const MAX_IMAGE_WAIT_MS = 3000;

const start = () => import('./main');

/**
 * Holds taps on the page's buttons until it is hydrated, then repeats them: without it, "Adicionar" tapped
 * while the code loads would do nothing. Links keep working by themselves. The first tap calls `startNow`.
 */
function holdEarlyTaps(startNow: () => void) {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('#root button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(button)) held.push(button);
    startNow();
  };
  document.addEventListener('click', hold, true);
  whenHydrated(() => {
    document.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected) button.click();
  });
}

/** Runs `run` once the first screen's eager images have loaded (or failed) and the frame showing them has been painted. */
function afterFirstScreen(run: () => void) {
  const pending = [...document.querySelectorAll<HTMLImageElement>('#root img:not([loading="lazy"])')].filter(
    (img) => !img.complete,
  );
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    // A hidden tab paints no frames: nothing to make room for.
    if (document.visibilityState !== 'visible') run();
    else requestAnimationFrame(() => setTimeout(run, 0));
  };
  const timer = setTimeout(go, MAX_IMAGE_WAIT_MS);
  let left = pending.length;
  const done = () => {
    left -= 1;
    if (left === 0) go();
  };
  for (const img of pending) {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  }
  if (left === 0) go();
}

if (renderedByServer()) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    // The app and the page's own chunks, requested together rather than one import after another; the
    // app is started in a task after them, so neither makes one long task of the other.
    preloadServerListed(start);
  };
  holdEarlyTaps(startOnce);
  afterFirstScreen(startOnce);
} else {
  void start();
}
