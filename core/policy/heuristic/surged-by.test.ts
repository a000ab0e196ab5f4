import { describe, expect, it } from 'vitest';
import type { Belief } from '../../model/belief.js';
import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';
import type { ContextPacket } from '../../model/packet.js';
import { evaluateHeuristic } from './decide.js';
import { steadyTraceEdge, testPacket } from './test-support.js';

const db = 'shop/Service/db';
const app = 'shop/Service/app';
let seq = 0;

function ev(detail: EvidenceDetail, kind: EvidenceItem['kind']): EvidenceItem {
  return {
    id: `e${seq++}`,
    entity: db,
    kind,
    time: 700,
    summary: detail.type,
    score: 1,
    detail,
    provenance: { file: 'x.jsonl', line: 1, sha256: 'h', extractor: 'raw' },
  };
}

/** Calls from app into db: `ratio` times the calls, ten times slower, a fifth failing. */
const surge = (ratio: number): EvidenceItem =>
  ev(steadyTraceEdge(app, db, { callRateRatio: ratio, windowCalls: 100 * ratio, windowP95Ms: 100, windowErrorRate: 0.2 }), 'span');
const newErrors = (): EvidenceItem =>
  ev(
    {
      type: 'log_template',
      template: 'FATAL: sorry, too many clients already',
      windowCount: 300,
      baselineCount: 0,
      rateRatio: null,
      isNew: true,
      isGone: false,
      isError: true,
      surprise: 80,
    },
    'log',
  );
const stoppedPath = (): EvidenceItem =>
  ev(
    {
      type: 'log_template',
      template: 'INFO Controller#53 [query][done]',
      windowCount: 1,
      baselineCount: 42,
      rateRatio: 0.04,
      isNew: false,
      isGone: false,
      isError: false,
      surprise: 10.9,
    },
    'log',
  );
const belief = (label: Belief['label']): Belief => ({ label, evidence: [], summary: label, confidence: 0.85 });

function packet(evidence: EvidenceItem[], caller: Belief): ContextPacket {
  return testPacket(db, evidence, [{ id: app, kind: 'Service', relation: 'calls', direction: 'in', isDiscovered: false, belief: caller }]);
}

describe('a saturating dependency under an Origin caller’s surge', () => {
  it('stays an Origin on its own evidence and claims the caller’s surge as what explains it', () => {
    const edge = surge(2.5);
    const out = evaluateHeuristic(packet([edge, newErrors()], belief('Origin')));
    expect(out.label).toBe('Origin');
    expect(out.claims).toEqual([expect.objectContaining({ from: app, to: db, evidence: [edge.id] })]);
  });

  it('claims nothing when the caller is not an Origin (a retrying caller is a Symptom)', () => {
    const out = evaluateHeuristic(packet([surge(2.5), newErrors()], belief('Symptom')));
    expect(out.claims.filter((c) => c.to === db)).toEqual([]);
  });

  it('claims nothing for a surge below twice the calls (proportionality)', () => {
    const out = evaluateHeuristic(packet([surge(1.5), newErrors()], belief('Origin')));
    expect(out.label).toBe('Origin');
    expect(out.claims).toEqual([]);
  });

  it('claims nothing when nothing load produces stands (a stopped code path)', () => {
    const calm = ev(steadyTraceEdge(app, db, { callRateRatio: 2.5, windowCalls: 250 }), 'span');
    const out = evaluateHeuristic(packet([calm, stoppedPath()], belief('Origin')));
    expect(out.label).toBe('Origin');
    expect(out.claims).toEqual([]);
  });
});
