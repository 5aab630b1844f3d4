import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

describe('serverNow', () => {
  afterEach(() => noteServerDate(new Date().toUTCString()));

  it('follows the server’s Date header, not the browser’s clock', () => {
    const phone = Date.now();
    // The server is three days and two hours behind this browser.
    const server = phone - (3 * 24 + 2) * 3_600_000;
    noteServerDate(new Date(server).toUTCString(), phone);
    expect(Math.abs(serverNow().getTime() - server)).toBeLessThan(2_000);
  });

  it('ignores an answer without a usable Date', () => {
    const before = serverNow().getTime();
    noteServerDate(null);
    noteServerDate('not a date');
    expect(Math.abs(serverNow().getTime() - before)).toBeLessThan(1_000);
  });
});
