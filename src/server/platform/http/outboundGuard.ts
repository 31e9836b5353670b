import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * How far a request to an address a user or an admin gave may go (an openfootball URL, a league's webhook): the
 * server's own network stays out of reach unless the operator names a host, and a slow or endless answer cannot
 * hold a process: size and time are bounded, redirects are few and checked again.
 */
export interface DownloadLimits {
  /**
   * Hosts that may resolve to loopback, private or link-local addresses (IMPORT_ALLOWED_HOSTS, WEBHOOK_ALLOWED_HOSTS):
   * exact names, or ".example.com" for every subdomain of example.com.
   */
  internalHostsAllowed: readonly string[];
  maxBytes: number;
  /** For the whole download, redirects included. */
  timeoutMs: number;
}

export const MAX_REDIRECTS = 3;

type DownloadFailure = 'not_http' | 'internal' | 'too_large' | 'timeout' | 'redirects' | 'status' | 'network';

export class DownloadError extends Error {
  constructor(readonly failure: DownloadFailure, message: string, readonly detail: { host?: string; status?: number } = {}) {
    super(message);
  }
}

/**
 * Addresses of the server's own networks (RFC 6890 special-purpose blocks that are not the public internet):
 * "this network", private, shared (CGNAT), loopback, link-local (cloud metadata at 169.254.169.254), benchmarking,
 * multicast and reserved; IPv6 unspecified, loopback, unique-local, link-local and multicast. IPv4-mapped IPv6
 * addresses are checked against the IPv4 blocks by BlockList itself.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: judged by that address. */
function nat64Embedded(address: string): string | null {
  const match = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? null;
  const [high, low] = [parseInt(match[1]!, 16), parseInt(match[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = nat64Embedded(address);
  return embedded !== null ? INTERNAL.check(embedded, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

const hostAllowed = (host: string, allowed: readonly string[]) =>
  allowed.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) && host.length > entry.length : host === entry));

/**
 * The web address `text` names, parsed as WHATWG URLs are (what the download itself reads): `http:/x` and `HTTP:x`
 * are http://x/. Null when it names no http(s) host: a path, or another scheme. Whatever is to be downloaded is
 * decided by this parse, never by how the text looks, and its `href` is what is downloaded.
 */
export function webAddress(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** http(s), no user name or password (they would be sent to whoever the URL names, and shown in the console). */
export function checkDownloadUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DownloadError('not_http', `${text} is not an http:// or https:// address`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new DownloadError('not_http', `${text} is not an http:// or https:// address without a user name or password`);
  }
  return url;
}

/**
 * The resolver the connection uses: it refuses a host whose addresses include an internal one (unless allowed), at
 * connect time, so a name cannot resolve to a public address for a check and to an internal one for the request.
 */
function guardedLookup(allowInternal: boolean) {
  return (hostname: string, options: LookupAllOptions | object, callback: (...args: any[]) => void) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal && !allowInternal) {
        return callback(new DownloadError('internal', `${hostname} resolves to an address of the server's own network`, { host: hostname }));
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** What is sent: a GET asking for JSON unless told otherwise. */
interface OutboundMessage { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer }

function request(url: URL, limits: DownloadLimits, signal: AbortSignal, message: OutboundMessage): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const allowInternal = hostAllowed(host, limits.internalHostsAllowed);
  // An address written in the URL is never looked up: judged here.
  if (isIP(host) && isInternalAddress(host) && !allowInternal) {
    return Promise.reject(new DownloadError('internal', `${host} is an address of the server's own network`, { host }));
  }
  const send = url.protocol === 'https:' ? https.request : http.request;
  const headers = { accept: 'application/json', ...message.headers, ...(message.body ? { 'content-length': String(message.body.length) } : {}) };
  return new Promise((resolve, reject) => {
    // agent: false, so no pooled socket connected before these checks is reused; no Accept-Encoding, so the size
    // counted is the size read (no decompression bomb).
    const req = send(url, { method: message.method ?? 'GET', agent: false, lookup: guardedLookup(allowInternal) as never, signal, headers }, resolve);
    req.on('error', reject);
    req.end(message.body);
  });
}

async function readBody(res: IncomingMessage, source: string, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new DownloadError('too_large', `${source} is larger than ${maxBytes} bytes`);
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The final answer of a guarded request: its status and body (read within the size bound). */
interface OutboundAnswer { status: number; body: Buffer }

/**
 * Sends `message` to `source` within the limits, following at most MAX_REDIRECTS redirects, each checked like the
 * first URL (a redirected POST is sent again as it was). Answers whatever final status arrives; fails with a
 * DownloadError for what the guard refuses, a timeout, a too large answer or too many redirects; other errors are
 * network failures (refused, reset, DNS).
 */
export async function guardedRequest(source: string, limits: DownloadLimits, message: OutboundMessage = {}): Promise<OutboundAnswer> {
  let url = checkDownloadUrl(source);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const res = await request(url, limits, controller.signal, message);
      const location = res.headers.location;
      if (res.statusCode !== undefined && [301, 302, 303, 307, 308].includes(res.statusCode) && location) {
        res.destroy();
        if (redirects === MAX_REDIRECTS) throw new DownloadError('redirects', `${source} redirects more than ${MAX_REDIRECTS} times`);
        url = checkDownloadUrl(new URL(location, url).toString());
        continue;
      }
      return { status: res.statusCode ?? 0, body: await readBody(res, source, limits.maxBytes) };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new DownloadError('timeout', `${source} did not arrive within ${limits.timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a request to `url` would pass the guard now: 'internal' when its host is, or resolves to, an address of
 * the server's own network that `internalHostsAllowed` does not name; 'unresolved' when the name is not found.
 * Checked when an address is saved, so its owner hears at once; each request is checked again (DNS may change).
 */
export async function hostReachability(url: URL, internalHostsAllowed: readonly string[]): Promise<'ok' | 'internal' | 'unresolved'> {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (hostAllowed(host, internalHostsAllowed)) return 'ok';
  if (isIP(host)) return isInternalAddress(host) ? 'internal' : 'ok';
  const addresses = await new Promise<LookupAddress[] | null>((done) => {
    lookup(host, { all: true }, (error, found) => done(error ? null : found));
  });
  if (!addresses || addresses.length === 0) return 'unresolved';
  return addresses.some((entry) => isInternalAddress(entry.address)) ? 'internal' : 'ok';
}
