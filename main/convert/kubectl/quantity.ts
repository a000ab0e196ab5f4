/**
 * Kubernetes resource quantities (`500m`, `1.5`, `512Mi`, `1G`, `129e6`) as plain numbers:
 * cores for CPU, bytes for memory. Null for text that is not a quantity.
 */
const SUFFIX: Readonly<Record<string, number>> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([a-zA-Z]{0,2})$/;

export function parseQuantity(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  const m = QUANTITY.exec(text.trim());
  const factor = m ? SUFFIX[m[2] ?? ''] : undefined;
  if (!m || factor === undefined) return null;
  const value = Number(m[1]) * factor;
  return Number.isFinite(value) ? value : null;
}
