import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseRecord } from '../../core/cases/index.js';
import { caseRecord } from '../../core/cases/testing/records.js';
import { CaseFileError, CaseLibrary } from './library.js';

const dirs: string[] = [];
const temp = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'eog-cases-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const record = (name: string, at: string, frontier: string[] = ['ns/Service/a']): CaseRecord =>
  caseRecord({
    case: name,
    recordedAt: at,
    frontier,
    cause: 'code',
    outcome: 'confident',
    confidence: 0.9,
    notes: ['<script>alert(1)</script>'],
    fingerprint: { signatures: ['Latency'], roles: [], evidence: ['calls fail'], changes: [] },
  });

describe('CaseLibrary', () => {
  it('keeps one case per name: recording it again replaces it', () => {
    const lib = CaseLibrary.open(path.join(temp(), 'sub', 'cases.sqlite'));
    lib.record(record('inc-1', '2026-01-01T00:00:00.000Z'), null);
    lib.record(record('inc-1', '2026-01-02T00:00:00.000Z', ['ns/Service/b']), { events: [], packets: [] });
    expect(lib.list()).toHaveLength(1);
    expect(lib.get('inc-1')?.frontier).toEqual(['ns/Service/b']);
    expect(lib.recording('inc-1')).toEqual({ events: [], packets: [] });
    lib.close();
  });

  it('never gives an incident itself as its similar case', () => {
    const lib = CaseLibrary.open(path.join(temp(), 'cases.sqlite'));
    lib.record(record('inc-1', '2026-01-01T00:00:00.000Z'), null);
    lib.record(record('inc-2', '2026-01-01T00:00:00.000Z'), null);
    const fp = record('x', '').fingerprint;
    expect(lib.similar(fp, { exclude: 'inc-1' }).map((s) => s.case)).toEqual(['inc-2']);
    lib.close();
  });

  it('shares a library as one file: newer recordings win, hostile text stays data', () => {
    const dir = temp();
    const a = CaseLibrary.open(path.join(dir, 'a.sqlite'));
    a.record(record('inc-1', '2026-01-03T00:00:00.000Z', ['new']), null);
    a.record(record('inc-2', '2026-01-01T00:00:00.000Z'), null);
    const file = path.join(dir, 'team.cases');
    expect(a.exportTo(file)).toBe(2);
    const b = CaseLibrary.open(path.join(dir, 'b.sqlite'));
    b.record(record('inc-1', '2026-01-02T00:00:00.000Z', ['old']), null);
    b.record(record('inc-2', '2026-01-05T00:00:00.000Z', ['kept']), null);
    expect(b.importFrom(file)).toEqual({ added: 0, updated: 1, kept: 1 });
    expect(b.get('inc-1')?.frontier).toEqual(['new']);
    expect(b.get('inc-2')?.frontier).toEqual(['kept']);
    expect(b.get('inc-1')?.notes).toEqual(['<script>alert(1)</script>']);
    a.close();
    b.close();
  });

  it('names the file and the cause of a bad export, and changes nothing', () => {
    const dir = temp();
    const lib = CaseLibrary.open(path.join(dir, 'cases.sqlite'));
    lib.record(record('inc-1', '2026-01-01T00:00:00.000Z'), null);
    const bad = path.join(dir, 'bad.cases');
    writeFileSync(bad, 'not gzip');
    expect(() => lib.importFrom(bad)).toThrow(CaseFileError);
    expect(() => lib.importFrom(bad)).toThrow(bad);
    expect(lib.list().map((c) => c.case)).toEqual(['inc-1']);
    lib.close();
  });
});
