import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Diagnosis } from '../../core/diagnosis/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { renderExport } from '../../core/report/index.js';
import { diagnosisFromLedger } from '../report/index.js';
import { sampleBundle } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const root = mkdtempSync(path.join(tmpdir(), 'eog-frontier-order-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const flags = 'shop/ConfigMap/frontend-flags';
const catalog = 'shop/Service/catalog';
const catalogPod = 'shop/Pod/catalog-84b7d6c5f-h3n9w';

/**
 * The worked example with two roots (issue 32, item 2): the flash-sale flag switched in the
 * frontend's flags ConfigMap (behind the critical alerts), and a fresh image rollout of the
 * catalog two minutes before the onset that only triples its own CPU and fires one warning.
 */
function twoRootBundle(warnedEntity: string): string {
  const dir = path.join(root, `two-roots-${warnedEntity.split('/')[1] ?? ''}`);
  cpSync(sampleBundle, dir, { recursive: true });
  const changes = path.join(dir, 'changes.jsonl');
  const moved = readFileSync(changes, 'utf8').replace('"entity":"shop/Service/frontend"', `"entity":"${flags}"`);
  const rollout = {
    time: '2026-03-01T10:02:00Z',
    entity: catalog,
    kind: 'image',
    summary: 'catalog image catalog:2.3.1 → catalog:2.4.0',
    diff: [{ path: 'spec.template.spec.containers[0].image', from: 'catalog:2.3.1', to: 'catalog:2.4.0' }],
    actor: 'argocd',
  };
  writeFileSync(changes, `${moved}${JSON.stringify(rollout)}\n`);
  const metrics = path.join(dir, 'metrics.jsonl');
  const rows = readFileSync(metrics, 'utf8').trim().split('\n');
  const hotter = rows.map((line) => {
    const row = JSON.parse(line) as { time: string; entity: string; name: string; value: number };
    if (row.entity !== catalogPod || row.name !== 'cpu_usage' || row.time < '2026-03-01T10:02') return line;
    return JSON.stringify({ ...row, value: Number((row.value * 3).toFixed(3)) });
  });
  writeFileSync(metrics, `${hotter.join('\n')}\n`);
  const warning = {
    name: 'HighCPUUsage',
    entity: warnedEntity,
    severity: 'warning',
    startsAt: '2026-03-01T10:05:00Z',
    summary: 'catalog CPU high',
  };
  appendFileSync(path.join(dir, 'alerts.jsonl'), `${JSON.stringify(warning)}\n`);
  return dir;
}

describe('the frontier ordered by what each root explains (issue 32)', () => {
  // The warning on the catalog Service, or on its Pod (the walk judges it at the Service).
  it.each([catalog, catalogPod])(
    'names the change behind the critical alerts first, the fresh deploy that only raised its own CPU (warning on %s) after it as a concurrent finding',
    async (warned) => {
      const ledgerFile = path.join(root, `${warned.split('/')[1] ?? ''}.ledger`);
      const { diagnosis } = await investigateSnapshot(twoRootBundle(warned), { policy: createHeuristicPolicy(), ledgerFile });
      expect(diagnosis.outcome).toBe('confident');
      // Both are root causes; the deploy scores higher on its own evidence.
      expect(diagnosis.ranking[0]?.entity).toBe(catalog);
      expect(diagnosis.frontier).toEqual([flags, catalog]);

      const explains = new Map(diagnosis.entities.map((e) => [e.name, e.explains]));
      expect(explains.get(flags)?.concurrent).toBe(false);
      expect(explains.get(flags)?.entry).toContain('shop/Service/frontend');
      expect(explains.get(flags)?.severity.critical).toBeGreaterThan(0);
      expect(explains.get(catalog)).toEqual({
        alerts: [`HighCPUUsage on ${warned}`],
        severity: { critical: 0, warning: 1, info: 0 },
        entry: [],
        anomalous: 1,
        anomalous_total: explains.get(flags)?.anomalous_total,
        concurrent: true,
      });
      expect(diagnosis.alerts_explained).toContainEqual({
        alert: `HighCPUUsage on ${warned}`,
        explanation: `${catalog} is itself a root cause (Origin)`,
        explained: true,
      });
      expect(diagnosis.entities.filter((e) => !e.contributing_factor).every((e) => e.explains === undefined)).toBe(true);
      // One schema: the export of the ledger alone says the same; the reports show it.
      expect(Diagnosis.parse(diagnosis)).toEqual(diagnosis);
      expect(diagnosisFromLedger(ledgerFile).diagnosis).toEqual(diagnosis);
      expect(renderExport('md', diagnosis)).toContain('concurrent finding');
      expect(renderExport('html', diagnosis)).toContain('concurrent finding');
    },
    120_000,
  );
});
