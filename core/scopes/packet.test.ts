import { describe, expect, it } from 'vitest';
import type { ScopeRecord } from '../ledger/index.js';
import { packetScope } from './packet.js';

/** A flood over `entities`, of which only `top` kept their counts (as signature.ts keeps the top few). */
const flood = (entities: string[], top: Array<{ entity: string; count: number }>): ScopeRecord => ({
  id: 'F1',
  kind: 'signature',
  entities,
  tiers: [],
  alerts: 40,
  sample: [],
  signatures: [{ signature: 'HighLatency', count: 40 }],
  severity: 'warning',
  first: 0,
  last: 0,
  merged: [],
  neighbours: [],
  flood: {
    signature: 'HighLatency',
    total: 40,
    kept: 40,
    filtered: { severity: 0, baseline: 0 },
    rateRatio: null,
    entities: entities.length,
    perEntity: top,
    perTier: [],
    first: 0,
    last: 0,
    firstEntities: entities.slice(0, 3),
    burst: 1,
  },
});

describe('packetScope floods', () => {
  const entities = ['a', 'b', 'c', 'd'];
  const scopes = [flood(entities, [{ entity: 'a', count: 30 }])];
  it("gives a top entity's own count", () => {
    expect(packetScope(scopes, 'a')?.floods[0]?.onNode).toBe(30);
  });
  it('says unknown, not 0, for a node the flood reached outside its top entities', () => {
    expect(packetScope(scopes, 'c')?.floods[0]?.onNode).toBeNull();
  });
  it('still says unknown when the counts kept fall short of the entities reached', () => {
    const all = [
      flood(
        entities,
        entities.filter((e) => e !== 'd').map((entity) => ({ entity, count: 10 })),
      ),
    ];
    expect(all[0]?.flood?.perEntity).toHaveLength(3);
    // `d` is reached but its count was not kept: still unknown.
    expect(packetScope(all, 'd')?.floods[0]?.onNode).toBeNull();
  });
});
