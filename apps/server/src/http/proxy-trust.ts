import { BlockList, isIP } from 'node:net';

/**
 * Which peers may speak for the client through `X-Forwarded-For/-Proto/-Host` (the `TRUST_PROXY` setting):
 * nobody by default; a number of proxy hops in front of the server; or a list of addresses/CIDR ranges
 * (`loopback` and `private` name the usual ranges).
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList };

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Parses `TRUST_PROXY`; throws on an entry that is neither an address, a range, a name nor a hop count. */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = value?.trim() ?? '';
  if (!text || text === '0' || text === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new BlockList();
  for (const entry of text.split(',').flatMap((e) => NAMED[e.trim()] ?? [e.trim()])) {
    const [address, bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUST_PROXY: endereço inválido "${entry}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return { kind: 'list', list };
}
