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
  if (NAMED_RANGES.has(entry)) return true;
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
