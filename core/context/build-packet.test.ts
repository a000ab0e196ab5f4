import { describe, expect, it } from 'vitest';
import type { EvidenceItem, EvidenceKind } from '../model/evidence.js';
import type { PacketNeighbour } from '../model/packet.js';
import type { Entity } from '../model/topology.js';
import { buildContextPacket, PacketBudgetError, type PacketInput } from './build-packet.js';
import { countTokens } from './tokens.js';

const entity: Entity = { id: 'shop/Service/gateway', kind: 'Service', name: 'gateway', namespace: 'shop', labels: {}, attrs: {} };

function item(kind: EvidenceKind, i: number, summary = `${kind} item ${i} `.repeat(8)): EvidenceItem {
  return {
    id: `${kind}:${i}`,
    entity: entity.id,
    kind,
    time: 1_000 + i,
    summary,
    score: 100 - i,
    detail: { type: 'log', severity: 'ERROR' },
    provenance: { file: 'logs.jsonl', line: i + 1, sha256: 'ab', extractor: 'raw' },
  };
}

function input(evidence: EvidenceItem[], tokenBudget = 6000): PacketInput {
  const totals: Partial<Record<EvidenceKind, number>> = {};
  for (const e of evidence) totals[e.kind] = (totals[e.kind] ?? 0) + 1;
  return { entity, window: { start: 0, end: 10_000 }, incidentTime: 5_000, neighbours: [], inbox: [], evidence, totals, tokenBudget };
}

describe('buildContextPacket', () => {
  it('stays within the token budget, counted with the real tokenizer, and says what it left out', () => {
    const evidence = Array.from({ length: 400 }, (_, i) => item('log', i));
    const packet = buildContextPacket(input(evidence, 2000));
    const { tokenCount, ...rest } = packet;
    expect(tokenCount).toBeLessThanOrEqual(2000);
    expect(countTokens(JSON.stringify({ ...rest, tokenCount }))).toBe(tokenCount);
    expect(packet.evidence.length).toBeGreaterThan(3);
    expect(packet.evidence.length).toBeLessThan(400);
    expect(packet.omitted).toEqual([expect.objectContaining({ kind: 'log', count: 400 - packet.evidence.length })]);
    expect(packet.omitted[0]?.summary).toMatch(/^\d+ more log items not shown/);
  });

  it('keeps the best-ranked items and gives every kind a place before logs crowd it out', () => {
    const logs = Array.from({ length: 300 }, (_, i) => item('log', i));
    const packet = buildContextPacket(input([...logs, item('change', 0), item('alert', 0)], 1500));
    const kinds = new Set(packet.evidence.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['log', 'change', 'alert']));
    expect(packet.evidence[0]?.id).toBe('log:0');
  });

  it('counts items the store has beyond the candidates it passed', () => {
    const packet = buildContextPacket({ ...input([item('metric', 0)]), totals: { metric: 50 } });
    expect(packet.omitted).toEqual([expect.objectContaining({ kind: 'metric', count: 49 })]);
  });

  it('rounds numbers and clips long texts of the evidence it shows, keeping ids and provenance whole', () => {
    const long = {
      ...item('metric', 1),
      summary: 'x'.repeat(1000),
      detail: {
        type: 'metric_anomaly' as const,
        metric: 'CpuUsageRate',
        windowValue: 0.030000000000000037,
        baselineMedian: 12.000000000000012,
        baselineMad: 0,
        z: 7979.999999999998,
        direction: 'up' as const,
        change: 3,
      },
    };
    const shown = buildContextPacket(input([long])).evidence[0];
    expect(shown?.id).toBe(long.id);
    expect(shown?.provenance).toEqual(long.provenance);
    expect(shown?.summary.length).toBeLessThan(300);
    expect(shown?.detail).toMatchObject({ windowValue: 0.03, baselineMedian: 12, z: 7980, change: 3 });
  });

  it('keeps dependencies when a hub has more neighbours than the context share allows', () => {
    const neighbours: PacketNeighbour[] = Array.from({ length: 200 }, (_, i) => ({
      id: `shop/Service/caller-${String(i).padStart(3, '0')}`,
      kind: 'Service',
      relation: 'calls',
      direction: 'in' as const,
      isDiscovered: false,
      belief: { label: 'Symptom' as const, evidence: [], summary: 'slow '.repeat(20), confidence: 0.7 },
    }));
    neighbours.push({
      id: 'shop/Service/zz-database',
      kind: 'Service',
      relation: 'calls',
      direction: 'out',
      isDiscovered: false,
      belief: null,
    });
    const packet = buildContextPacket({ ...input([item('log', 1)]), neighbours });
    expect(packet.omittedNeighbours).toBeGreaterThan(0);
    expect(packet.neighbours[0]?.id).toBe('shop/Service/zz-database');
  });

  it('is deterministic', () => {
    const evidence = [item('event', 1), item('log', 2), item('span', 3)];
    expect(JSON.stringify(buildContextPacket(input(evidence)))).toBe(JSON.stringify(buildContextPacket(input(evidence))));
  });

  it('refuses a budget too small for the node itself', () => {
    expect(() => buildContextPacket(input([], 50))).toThrow(PacketBudgetError);
  });
});
