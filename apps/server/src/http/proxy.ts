import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import type { ProxyTrust } from './proxy-trust';

const unmapped = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

/** The socket's remote address, where `@hono/node-server` keeps the incoming request (its `getConnInfo` reads the same). */
function peerAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address ? unmapped(address) : undefined;
}

function trusts(trust: ProxyTrust, address: string | undefined, hop: number): boolean {
  if (trust.kind === 'hops') return hop < trust.hops;
  if (trust.kind !== 'list' || !address || !isIP(address)) return false;
  return trust.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const trustOf = (c: Context<AppEnv>) => c.get('deps').config.proxyTrust;

/** Whether the direct peer is a trusted proxy, so its forwarded headers may be read. */
function fromTrustedProxy(c: Context<AppEnv>) {
  return trusts(trustOf(c), peerAddress(c), 0);
}

/**
 * The client's address: the socket peer, or — walking `X-Forwarded-For` from the right — the first
 * address not vouched for by a trusted proxy. IPv6 clients count by their /64, which one host controls.
 */
export function clientIp(c: Context<AppEnv>): string {
  const trust = trustOf(c);
  let address = peerAddress(c);
  if (trust.kind !== 'none') {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((a) => unmapped(a.trim()))
      .filter(Boolean);
    for (let hop = 0; forwarded.length > 0 && trusts(trust, address, hop); hop++) address = forwarded.pop();
  }
  if (!address) return 'local';
  return isIP(address) === 6 ? prefix64(address) : address;
}

function prefix64(address: string): string {
  const bare = address.split('%')[0];
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

/** The host the browser addressed: `X-Forwarded-Host` only from a trusted proxy. */
export function requestHost(c: Context<AppEnv>): string | undefined {
  const forwarded = fromTrustedProxy(c) ? firstValue(c.req.header('x-forwarded-host')) : undefined;
  return forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
}

/** Whether the browser spoke https: to us directly, or to a trusted proxy that says so in `X-Forwarded-Proto`. */
export function requestIsHttps(c: Context<AppEnv>): boolean {
  const forwarded = fromTrustedProxy(c) ? firstValue(c.req.header('x-forwarded-proto')) : undefined;
  return (forwarded ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
}

/** `https://host` or `http://host` as the browser sees this server. */
export function requestOrigin(c: Context<AppEnv>): string {
  return `${requestIsHttps(c) ? 'https' : 'http'}://${requestHost(c)}`;
}
