/** Service names that read like a real shop, so generated bundles look familiar in the UI. */
export const entryNames = ['frontend', 'api-gateway', 'mobile-bff', 'storefront', 'partner-api', 'admin-portal'] as const;

export const serviceNames = [
  'cart',
  'checkout',
  'payment',
  'currency',
  'shipping',
  'email',
  'recommendation',
  'ad',
  'product-catalog',
  'quote',
  'accounting',
  'fraud-detection',
  'inventory',
  'user',
  'auth',
  'search',
  'review',
  'notification',
  'pricing',
  'tax',
  'loyalty',
  'session',
  'geo',
  'media',
  'order',
  'invoice',
  'warehouse',
  'coupon',
  'wishlist',
  'rating',
  'ledger',
  'profile',
  'feature-flags',
  'image-resizer',
  'address',
  'delivery',
  'returns',
  'catalog-index',
  'audit',
  'risk-score',
] as const;

/** The n-th name of a list, with a numeric suffix once the list runs out (`cart`, `cart-2`). */
export function nthName(list: readonly string[], n: number): string {
  const base = list[n % list.length] as string;
  const round = Math.floor(n / list.length);
  return round === 0 ? base : `${base}-${round + 1}`;
}

/** `/api/cart/items`-style routes; two per service keep the template mix small but not trivial. */
export function operationsOf(service: string): [string, string] {
  const resource = service.replace(/-\d+$/, '');
  return [`GET /api/${resource}`, `POST /api/${resource}/batch`];
}
