import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Which `X-Forwarded-For` entries are believed: none (false), the last N added by proxies in front of the server
 * (a hop count), or those added by proxies at the given addresses or ranges. Trusting every entry would let a
 * client behind an appending proxy choose its own address, so there is no "trust all".
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the private ranges, accepted as entries of a range list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address!);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (default), a hop count (1 = one proxy of yours, the usual nginx or load balancer; `true` means
 * 1), or a comma-separated list of proxy addresses and CIDR ranges. Null when malformed.
 */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  return entries.length > 0 && entries.every(validRange) ? entries : null;
}

/** The 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  const [head, tail = null] = address.split('::') as [string, string?];
  const parse = (part: string | null) => {
    if (!part) return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const left = parse(head);
  const right = parse(tail);
  return tail === null ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The subject of every per-address limit: an IPv4 address as is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64 (one subscriber usually holds a whole /64, so counting single addresses would let one
 * client take 2^64 of them).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not a client
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The caller's address as every per-address limit counts it. */
export function clientAddress(req: FastifyRequest): string {
  return addressKey(req.ip);
}

/**
 * Fastify's trustProxy for a TRUST_PROXY value. A hop count becomes "the first N addresses from the socket inward
 * are proxies" (Fastify itself refuses to trust a bare number): right when the server can only be reached through
 * those proxies, which is what setting a hop count declares.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
