import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFormats, renderExport, renderJson } from '../../core/report/index.js';
import { checkXmlWellFormed } from '../../core/report/test-support.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { openDatabase } from '../db/open.js';
import { openLedger } from '../ledger/index.js';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { createInvestigationService, openSnapshotSource } from '../session/index.js';
import { diagnosisFromLedger } from './diagnosis-from-ledger.js';
import { EmptyLedgerError, LedgerNotFoundError, NotALedgerError } from './errors.js';
import { hostileLogText, runHostileSample, samplePath, type SampleRun } from './sample-run.test-support.js';

let run: SampleRun;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-report-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  run = await runHostileSample();
});

afterAll(() => {
  run?.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('diagnosisFromLedger on a real investigation', () => {
  it('gives the same diagnosis as the live investigation, from the ledger alone', () => {
    const loaded = diagnosisFromLedger(run.ledger);
    expect(loaded.isFinished).toBe(true);
    expect(renderJson(loaded.diagnosis)).toBe(renderJson(run.live));
    expect(loaded.diagnosis.frontier).toEqual(['shop/Service/frontend']);
    expect(loaded.diagnosis.alerts_explained.length).toBeGreaterThan(0);
    expect(loaded.diagnosis.run.policyCalls).toBe(loaded.events.filter((e) => e.type === 'PolicyCalled').length);
    expect(loaded.diagnosis.evidence.every((e) => loaded.evidence.get(e.id)?.summary === e.summary)).toBe(true);
  });

  it('renders every format, escaping the hostile log line the diagnosis cites', () => {
    const loaded = diagnosisFromLedger(run.ledger);
    expect(loaded.diagnosis.evidence.some((e) => e.summary.includes('<script>alert("x")</script>'))).toBe(true);
    const out = Object.fromEntries(exportFormats.map((f) => [f, renderExport(f, loaded.diagnosis, { state: loaded.state })]));
    expect(out.json).toContain(JSON.stringify(hostileLogText).slice(1, -1));
    expect(out.html).not.toMatch(/<script/i);
    expect(out.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | `pipe` &amp; &quot;q&quot;');
    expect(out.md).not.toMatch(/<(?!br>)/);
    expect(out.md).toContain('&lt;script&gt;alert("x")&lt;/script&gt; \\| \\`pipe\\` &amp; "q"');
    for (const xml of [out.gexf ?? '', out.graphml ?? '']) {
      expect(() => checkXmlWellFormed(xml)).not.toThrow();
      expect(xml).toContain('shop/Service/frontend');
    }
  });

  it('exports an unfinished investigation as it stands and says so', async () => {
    const ledger = join(tempDir(), 'partial.sqlite');
    const service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(samplePath) });
    try {
      await service.start({ settings: InvestigationSettings.parse({}), policy: createHeuristicPolicy(), ledgerFile: ledger });
      await service.step();
      await service.step();
    } finally {
      service.close();
    }
    const loaded = diagnosisFromLedger(ledger);
    expect(loaded.isFinished).toBe(false);
    expect(loaded.state.evaluations).toBeGreaterThan(0);
    const md = renderExport('md', loaded.diagnosis, { state: loaded.state });
    expect(md).toContain(`Investigation in progress — ${loaded.state.evaluations} steps`);
    expect(renderExport('html', loaded.diagnosis, { state: loaded.state })).toContain('Investigation in progress');
  });
});

describe('diagnosisFromLedger refuses what is not a ledger', () => {
  it('names a missing file and does not create it', () => {
    const file = join(tempDir(), 'missing.sqlite');
    expect(() => diagnosisFromLedger(file)).toThrow(LedgerNotFoundError);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a text file, a folder and another SQLite database without touching them', () => {
    const dir = tempDir();
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello, not a database at all '.repeat(10));
    expect(() => diagnosisFromLedger(text)).toThrow(NotALedgerError);
    expect(() => diagnosisFromLedger(dir)).toThrow(NotALedgerError);
    const other = join(dir, 'other.sqlite');
    openDatabase(other, ['CREATE TABLE things (id INTEGER PRIMARY KEY) STRICT;']).close();
    expect(() => diagnosisFromLedger(other)).toThrow(/no events or packets table/);
    const store = join(dir, 'store.sqlite');
    openDatabase(store, ['CREATE TABLE a (id INTEGER) STRICT;', 'CREATE TABLE b (id INTEGER) STRICT;']).close();
    expect(() => diagnosisFromLedger(store)).toThrow(NotALedgerError);
    const db = openDatabase(other, ['CREATE TABLE things (id INTEGER PRIMARY KEY) STRICT;'], { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'events'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('says a ledger with no investigation has nothing to export', () => {
    const file = join(tempDir(), 'empty.sqlite');
    openLedger(file).close();
    expect(() => diagnosisFromLedger(file)).toThrow(EmptyLedgerError);
  });
});
