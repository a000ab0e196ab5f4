import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BundleFormatError } from '../snapshot/index.js';
import { writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle } from '../store/index.js';
import { createWorkbench } from './workbench.js';

const work = mkdtempSync(path.join(tmpdir(), 'eog-one-reader-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const good = { name: 'HighErrorRate', entity: 'shop/Service/frontend', severity: 'critical', startsAt: '2026-03-01T10:00:00Z' };

/** The error the app's snapshot.open gives, and the one `eog import` gives, for the same bundle. */
async function bothErrors(bundle: string): Promise<[unknown, unknown]> {
  const workbench = createWorkbench({ snapshot: null, host: 'web', version: 't', investigations: {}, roots: [work] });
  try {
    const opened = await workbench.handlers['snapshot.open']({ path: bundle }).then(
      () => null,
      (error: unknown) => error,
    );
    const imported = await importBundle(bundle, path.join(work, `${path.basename(bundle)}.sqlite`)).then(
      () => null,
      (error: unknown) => error,
    );
    return [opened, imported];
  } finally {
    workbench.close();
  }
}

describe('one snapshot reader: what the app opens is what the importer accepts', () => {
  const badTimes = {
    'a day February does not have': '2024-02-30T10:00:00Z',
    'hour 24': '2026-03-01T24:00:00Z',
    'an RFC-2822 date': 'Sun, 01 Mar 2026 10:00:00 +0000',
    'no zone': '2026-03-01T10:00:00',
  };

  for (const [what, time] of Object.entries(badTimes)) {
    it(`refuses ${what} in alerts.jsonl in both, naming file:line and field`, async () => {
      const bundle = writeBundle({ records: { alerts: [good, { ...good, startsAt: time }] } }, path.join(work, `alerts-${time}`));
      const [opened, imported] = await bothErrors(bundle);
      const message = 'alerts.jsonl:2: field "startsAt": expected ISO-8601 with zone or epoch ms';
      for (const error of [opened, imported]) expect(error).toEqual(expect.objectContaining({ name: 'BundleFormatError', message }));
      expect(opened).toBeInstanceOf(BundleFormatError);
      expect(imported).toBeInstanceOf(BundleFormatError);
    });

    it(`refuses ${what} as snapshot.json's incidentTime in both`, async () => {
      const manifest = { format: 'eog-snapshot', version: 1, name: 'x', incidentTime: time };
      const bundle = writeBundle({ manifest, records: { alerts: [good] } }, path.join(work, `manifest-${time}`));
      const [opened, imported] = await bothErrors(bundle);
      const message = 'snapshot.json: field "incidentTime": expected ISO-8601 with zone or epoch ms';
      for (const error of [opened, imported]) expect(error).toEqual(expect.objectContaining({ name: 'BundleFormatError', message }));
    });
  }

  it('refuses a numeric time in seconds in alerts.jsonl and in snapshot.json alike, naming the unit', async () => {
    const seconds = Date.parse(good.startsAt) / 1000;
    const inAlerts = writeBundle({ records: { alerts: [good, { ...good, startsAt: seconds }] } }, path.join(work, 'alerts-seconds'));
    const manifest = { format: 'eog-snapshot', version: 1, name: 'x', window: { start: seconds, end: seconds + 600 } };
    const inManifest = writeBundle({ manifest, records: { alerts: [good] } }, path.join(work, 'manifest-seconds'));
    for (const [bundle, where] of [
      [inAlerts, 'alerts.jsonl:2: field "startsAt"'],
      [inManifest, 'snapshot.json: field "window.start"'],
    ] as const) {
      const [opened, imported] = await bothErrors(bundle);
      const message = `${where}: looks like epoch seconds (~1e9), not epoch ms (~1e12): write it in milliseconds or as ISO-8601 with a zone`;
      for (const error of [opened, imported]) expect(error).toEqual(expect.objectContaining({ name: 'BundleFormatError', message }));
    }
  });

  it('refuses a bad manifest window and a malformed topology alike', async () => {
    const window = { start: '2026-03-01T10:10:00Z', end: '2026-03-01T10:00:00Z' };
    const reversed = writeBundle({ manifest: { format: 'eog-snapshot', version: 1, name: 'x', window } }, path.join(work, 'reversed'));
    const duplicate = writeBundle({}, path.join(work, 'duplicate'));
    const topology = JSON.parse(readFileSync(path.join(duplicate, 'topology.json'), 'utf8')) as { entities: unknown[] };
    topology.entities.push(topology.entities[0]);
    writeFileSync(path.join(duplicate, 'topology.json'), JSON.stringify(topology));
    for (const [bundle, message] of [
      [reversed, 'snapshot.json: field "window": end is before start'],
      [duplicate, 'topology.json: field "entities.3.id": duplicate entity id "shop/Service/frontend"'],
    ] as const) {
      const [opened, imported] = await bothErrors(bundle);
      for (const error of [opened, imported]) expect(error).toEqual(expect.objectContaining({ name: 'BundleFormatError', message }));
    }
  });

  it('accepts what the importer accepts: the same alerts, in epoch ms', async () => {
    const bundle = writeBundle({ records: { alerts: [good, { ...good, startsAt: '2026-03-01 10:01:00+01:00' }] } }, path.join(work, 'ok'));
    const workbench = createWorkbench({ snapshot: bundle, host: 'web', version: 't' });
    try {
      expect(workbench.current()?.alerts.map((a) => a.startsAt)).toEqual([Date.parse(good.startsAt), Date.parse('2026-03-01T09:01:00Z')]);
      expect((await importBundle(bundle, path.join(work, 'ok.sqlite'))).rows.alerts).toBe(2);
    } finally {
      workbench.close();
    }
  });
});
