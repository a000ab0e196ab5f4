import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN, T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle } from './import.js';
import { EvidenceStore } from './index.js';

const root = mkdtempSync(join(tmpdir(), 'eog-sibling-gap-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const iso = (ms: number): string => new Date(ms).toISOString();
const window = { start: T0 + 40 * MIN, end: T0 + 60 * MIN };
const ids = {
  web: 'shop/Pod/web-5d8f7b9c6d-aaaaa',
  b1: 'shop/Pod/b-5d8f7b9c6d-bbbbb',
  b2: 'shop/Pod/b-5d8f7b9c6d-ccccc',
  c: 'shop/Pod/c-5d8f7b9c6d-ddddd',
};

/**
 * Every request of web calls one of b's two pods (b takes 5 ms), then c (10 ms, 110 ms in the
 * window). Spans are server spans only, so web's gap to b (its span minus b's) holds its wait on c.
 */
function bundle(dir: string): string {
  const spans: unknown[] = [];
  for (let m = 0; m < 60; m++) {
    for (let k = 0; k < 4; k++) {
      const t = T0 + m * MIN + k * 1000;
      const c = t >= window.start ? 110 : 10;
      const trace = `t${m}-${k}`;
      spans.push({ traceId: trace, spanId: 'w', entity: ids.web, name: 'GET /', start: iso(t), durationMs: 20 + 5 + c, status: 'ok' });
      spans.push({
        traceId: trace,
        spanId: 'b',
        parentSpanId: 'w',
        entity: k % 2 ? ids.b1 : ids.b2,
        name: 'b',
        start: iso(t + 10),
        durationMs: 5,
        status: 'ok',
      });
      spans.push({
        traceId: trace,
        spanId: 'c',
        parentSpanId: 'w',
        entity: ids.c,
        name: 'c',
        start: iso(t + 15),
        durationMs: c,
        status: 'ok',
      });
    }
  }
  const entities = Object.values(ids).map((id) => ({ id, kind: 'Pod', name: id.split('/')[2], namespace: 'shop' }));
  return writeBundle(
    {
      manifest: {
        format: 'eog-snapshot',
        version: 1,
        name: 'sibling gap',
        incidentTime: iso(window.start),
        window: { start: iso(window.start), end: iso(window.end) },
        baseline: { start: iso(T0), end: iso(T0 + 30 * MIN) },
      },
      topology: { entities, edges: [] },
      records: { spans },
    },
    dir,
  );
}

describe('the caller-side gap of an edge', () => {
  it('carries how much longer its caller waits on its other calls; the other pod of the same callee is no sibling', async () => {
    const store = join(root, 'store.sqlite');
    await importBundle(bundle(join(root, 'bundle')), store);
    const s = EvidenceStore.open(store);
    try {
      const page = s.evidenceFor(ids.b1, window, { limit: 50, kinds: ['span'] });
      const edge = page.items.find((i) => i.id === `edge:${ids.web}->${ids.b1}`)?.detail;
      // The gap grew by c's 100 ms; per call to b (either pod), web's calls to c add 100 ms more than before.
      expect(edge).toMatchObject({ type: 'trace_edge', windowGapP50Ms: 130, baselineGapP50Ms: 30, callerSiblingGrowthMs: 100 });
    } finally {
      s.close();
    }
  });
});
