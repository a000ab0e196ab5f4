/** FNV-1a: a stable 32-bit hash of a string, so seeds depend only on node ids. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Initial positions from each node's own id: the same snapshot always starts (and so, with a
 * fixed iteration count, ends) in the same layout, whatever order the nodes arrive in.
 */
export function seedPosition(id: string, spread: number): { x: number; y: number } {
  const random = createRandom(hashString(id));
  return { x: (random() * 2 - 1) * spread, y: (random() * 2 - 1) * spread };
}
