/** Content coding and conditional-request rules of RFC 9110 that the cached answers need (no other HTTP logic). */

type Coding = 'br' | 'gzip' | 'identity';

/** Each coding of an Accept-Encoding header with its weight (q, 1 when absent); `*` stands for any coding not listed. */
function weights(header: string | string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';').map((x) => x.trim());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    out.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return out;
}

const weightOf = (all: Map<string, number>, coding: string) => all.get(coding) ?? all.get('*') ?? 0;

/** Whether the request accepts gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return weightOf(weights(header), 'gzip') > 0;
}

/**
 * The coding to send among those available: the one the client weighs most (brotli on a tie: smaller), identity when
 * it accepts neither.
 */
export function preferredCoding(header: string | string[] | undefined, available: { br: boolean; gzip: boolean }): Coding {
  const all = weights(header);
  const br = available.br ? weightOf(all, 'br') : 0;
  const gzip = available.gzip ? weightOf(all, 'gzip') : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/**
 * If-None-Match against the entity tag of the representation that would be sent: true when any listed tag matches
 * it by the weak comparison the header uses (W/ ignored), or the header is `*`.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  const value = String(header ?? '').trim();
  if (value === '*') return true;
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag.replace(/^W\//, '') === etag);
}
