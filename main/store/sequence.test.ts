import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN, T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle } from './import.js';
import { EvidenceStore } from './index.js';

const svc = 'shop/Service/travel';
const iso = (ms: number): string => new Date(ms).toISOString();
const window = { start: T0 + 40 * MIN, end: T0 + 60 * MIN };

/** Every request logs "start" then "done" in its span; in the window most stop before "done". */
function bundle(dir: string): string {
  const logs: unknown[] = [];
  for (let m = 0; m < 60; m++) {
    const inWindow = m >= 40;
    for (let k = 0; k < 3; k++) {
      const t = T0 + m * MIN + k * 1000;
      const ids = { traceId: `t${m}-${k}`, spanId: 's1' };
      logs.push({
        time: iso(t),
        entity: svc,
        severity: 'INFO',
        body: `Impl#451 [getTickets] calculate distance for trip ${m}${k}`,
        ...ids,
      });
      logs.push({ time: iso(t + 5), entity: svc, severity: 'INFO', body: `Impl#300 [getTickets] route loaded`, ...ids });
      if (!inWindow || k === 0)
        logs.push({ time: iso(t + 10), entity: svc, severity: 'INFO', body: `Impl#457 [getTickets] calculate time done`, ...ids });
    }
  }
  return writeBundle(
    {
      manifest: {
        format: 'eog-snapshot',
        version: 1,
        name: 'sequence',
        window: { start: iso(window.start), end: iso(window.end) },
        baseline: { start: iso(T0), end: iso(T0 + 30 * MIN) },
      },
      records: { logs },
    },
    dir,
  );
}

let root: string;
let store: EvidenceStore;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-sequence-'));
  await importBundle(bundle(join(root, 'bundle')), join(root, 'store.sqlite'));
  store = EvidenceStore.open(join(root, 'store.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('broken sequences', () => {
  it('mark the statement that stopped following its predecessor within the same span', () => {
    const items = store.evidenceFor(svc, store.window(), { limit: 50 }).items;
    const sequenced = items.flatMap((e) => (e.detail.type === 'log_template' && e.detail.sequence ? [e.detail] : []));
    expect(sequenced.length).toBeGreaterThan(0);
    const done = sequenced.find((d) => d.template.includes('#457'));
    expect(done?.sequence).toMatchObject({ baselineFollowed: expect.any(Number), windowSpans: 60, windowFollowed: 20 });
    expect(done?.sequence?.before).toMatch(/#451|#300/);
    expect(done?.sequence?.surprise).toBeGreaterThan(10);
    // The statements that kept running together carry no broken sequence.
    expect(sequenced.some((d) => d.template.includes('#300'))).toBe(false);
  });
});
