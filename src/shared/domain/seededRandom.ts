/**
 * Deterministic randomness: the same seed gives the same sequence, so the demo replays the same tournament and a
 * title race's data gives the same chances.
 */

/** mulberry32: tiny and fast, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of the parts joined by "|": a seed from what names a sequence. */
export function seedOf(...parts: (number | string)[]): number {
  let hash = 2_166_136_261;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}
