import net from 'node:net';
import { z } from 'zod';

/**
 * Whose `X-Forwarded-For` the server believes. A request's client address (`request.ip`, the only
 * one the app uses) is the socket's unless the socket is a proxy named here.
 */
export type TrustedProxies =
  | { kind: 'none' }
  /** Exactly this many proxies stand in front of the app, and nothing reaches it around them. */
  | { kind: 'hops'; hops: number }
  /** Proxies at these addresses or CIDR ranges (or proxy-addr's loopback, linklocal, uniquelocal). */
  | { kind: 'addresses'; addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const HOW =
  'use none, a hop count such as 1, or a comma list of proxy addresses or CIDR ranges such as 10.0.0.0/8,192.0.2.7';

function isAddressOrRange(entry: string): boolean {
  return NAMED_RANGES.has(entry) || isIpOrCidr(entry);
}

/** An IP address or a CIDR range: `192.0.2.7`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
export function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `TRUST_PROXY`: unset or `none` (the default everywhere), a hop count, or a list of proxies. */
export const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustedProxies => {
    if (value === undefined || ['', 'none', 'false', '0'].includes(value)) return { kind: 'none' };
    if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message: `${message}; ${HOW}` });
      return z.NEVER;
    };
    if (['true', 'all', '*'].includes(value.toLowerCase())) {
      return refuse(`${value} would believe any X-Forwarded-For, so any client could choose its own address`);
    }
    const addresses = value.split(',').map((entry) => entry.trim());
    const wrong = addresses.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) return refuse(`not an IP address or CIDR range: ${wrong.join(', ')}`);
    return { kind: 'addresses', addresses };
  });

/** The setting in the form Fastify's `trustProxy` takes. */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  switch (trusted.kind) {
    case 'none':
      return false;
    case 'hops':
      // Fastify 5 reads a bare number as "trust nothing", so the count is a function: hop 0 is the
      // socket, the nearest proxy; the address that proxy forwarded (hop `hops`) is the client's.
      return (_address, hop) => hop < trusted.hops;
    case 'addresses':
      return trusted.addresses;
  }
}

/**
 * A comma list of IP addresses and CIDR ranges (`METRICS_ALLOW`), `fallback` when unset; `none`
 * is the empty list (nobody).
 */
export function addressListSetting(fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((value, context): string[] => {
      if (value === 'none') return [];
      const entries = value.split(',').map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isIpOrCidr(entry));
      if (wrong.length === 0) return entries;
      context.addIssue({
        code: 'custom',
        message: `not an IP address or CIDR range: ${wrong.join(', ')}; use none or a comma list such as 127.0.0.1,::1,10.0.0.0/8`,
      });
      return z.NEVER;
    });
}

/**
 * Whether an address (a `request.ip`) is one of `entries` (addresses or CIDR ranges). An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, a dual-stack socket's) counts as its IPv4 address.
 */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const family = net.isIP(address);
    if (family === 0) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped && list.check(mapped, 'ipv4')) return true;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
