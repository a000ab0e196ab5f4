import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { investigateSnapshot } from '../session/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';

export const samplePath = join(import.meta.dirname, '..', '..', 'resources', 'sample');

/** What the test bundle's feature-flag change says: markup, quotes, a pipe and a backtick. */
export const hostileLogText = 'flash_sale on <script>alert("x")</script> | `pipe` & "q"';

export interface SampleRun {
  dir: string;
  ledger: string;
  live: Diagnosis;
  cleanup(): void;
}

/**
 * The sample bundle with the change its root cause cites made hostile (the sample's own
 * `<script>` line is on the catalog, which the investigation never visits), investigated into
 * a ledger file in a temporary folder.
 */
export async function runHostileSample(): Promise<SampleRun> {
  const dir = mkdtempSync(join(tmpdir(), 'eog-report-'));
  const bundle = join(dir, 'bundle');
  cpSync(samplePath, bundle, { recursive: true });
  const changes = join(bundle, 'changes.jsonl');
  const text = readFileSync(changes, 'utf8');
  const hostileBody = JSON.stringify(hostileLogText).slice(1, -1);
  writeFileSync(changes, text.replaceAll('flash_sale flag switched on for all users', hostileBody));
  const ledger = join(dir, 'ledger.sqlite');
  const { diagnosis: live } = await investigateSnapshot(bundle, { policy: createHeuristicPolicy(), ledgerFile: ledger });
  return { dir, ledger, live, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
