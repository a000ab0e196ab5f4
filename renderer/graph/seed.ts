import { hashString, seededRandom } from '../../core/random/index.js';

/**
 * Initial positions from each node's own id: the same snapshot always starts (and so, with a
 * fixed iteration count, ends) in the same layout, whatever order the nodes arrive in.
 */
export function seedPosition(id: string, spread: number): { x: number; y: number } {
  const random = seededRandom(hashString(id));
  return { x: (random() * 2 - 1) * spread, y: (random() * 2 - 1) * spread };
}
