import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';
import { hostile, hostileDiagnosis, hostileState, rawControlChars } from './test-support.js';

/** Pipes that would split a table cell: not preceded by a backslash. */
function cellSeparators(line: string): number {
  return (line.match(/(?<!\\)\|/g) ?? []).length;
}

describe('renderMarkdown', () => {
  const text = renderMarkdown(hostileDiagnosis());

  it('lets no raw HTML through: the only tag is its own <br>', () => {
    expect(text).not.toMatch(/<(?!br>)/);
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('&amp;amp;');
  });

  it("keeps every table row to its header's columns whatever the cells contain", () => {
    const tables = text
      .split(/\n(?!\|)/)
      .map((block) => block.split('\n').filter((l) => l.startsWith('|')))
      .filter((t) => t.length > 0);
    expect(tables.length).toBe(4);
    for (const [header, ...rows] of tables) {
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(cellSeparators(row), row).toBe(cellSeparators(header ?? ''));
    }
    const evidenceRows = text.split('\n').filter((l) => l.startsWith('| log:'));
    expect(evidenceRows.map(cellSeparators)).toEqual([8, 8]);
  });

  it('never lets a value open code, emphasis, a link or a heading', () => {
    expect(text).not.toMatch(/(?<!\\)`/);
    expect(text).toContain('\\[link\\](javascript:alert(1))');
    const headings = text.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.every((h) => /^#{1,3} /.test(h))).toBe(true);
    expect(headings.some((h) => h.includes('heading?'))).toBe(false);
    expect(text).toContain('line one<br>\\# heading?<br>- list?<br>\\| a \\| b \\|');
  });

  it('shows control characters instead of emitting them, and shortens very long values', () => {
    expect(text).not.toMatch(rawControlChars);
    expect(text).toContain('bell\u2407 esc\u241b\\[31m');
    expect(text).toContain('x'.repeat(2000) + '… (3000 more characters)');
    expect(text).not.toContain('x'.repeat(2001));
    expect(text).toContain('ünïcödé ✓ 𝄞 日本語');
  });

  it('states the outcome, confidence, chain, provenance and run', () => {
    expect(text).toContain('**Confident.');
    expect(text).toContain('| 0.9 | grounded | 1 | 0.9 |');
    expect(text).toMatch(/^1\. shop\/Service\/&lt;script&gt;.* → shop\/Pod\/"quotes"&amp;amp;\\\|pipe\\\|\u2407: &lt;img/m);
    expect(text).toContain(`logs\\|&lt;script&gt;alert(1)&lt;/script&gt;.jsonl:12 | ${'ab'.repeat(6)} | raw |`);
    expect(text).toContain('- **Policy calls:** 3');
    expect(text).not.toContain('in progress');
  });

  it('says which rules fired for a root cause, with what each means, escaping an id a ledger could forge', () => {
    const section = text.slice(text.indexOf('**Rules fired:**'), text.indexOf('**Evidence:**'));
    expect(section).toContain('- change (cause): Something was changed on the node, or on what it reads, just before the incident');
    expect(section).toContain('- &lt;img src=x onerror=alert(1)&gt; (unknown): not a rule');
    expect(renderMarkdown({ ...hostileDiagnosis(), entities: [] })).not.toContain('Rules fired');
  });

  it('lists the propagation chain from the root cause outwards whatever the ledger order', () => {
    const d = hostileDiagnosis();
    const reversed = renderMarkdown({ ...d, propagations: [...d.propagations].reverse() });
    const chain = (md: string) => md.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(chain(reversed)).toEqual(chain(text));
    expect(chain(text)[0]).toMatch(/^1\. shop\/Service\/&lt;script&gt;/);
  });

  it('says plainly when there is no confident root cause', () => {
    const unconfirmed = { ...hostileDiagnosis(), outcome: 'no_confident_root_cause' as const, frontier: [] };
    const out = renderMarkdown(unconfirmed);
    expect(out.startsWith('# No confident root cause\n')).toBe(true);
    expect(out).toContain('**Unconfirmed.** No confident root cause.');
    expect(out).toContain('## Candidates (unconfirmed)');
  });

  it('shows an analyst override as human-asserted', () => {
    const state = hostileState();
    const d = hostileDiagnosis();
    const node = state.nodes.get(d.entities[1]?.name ?? '');
    if (node) node.beliefSource = 'analyst';
    const out = renderMarkdown(d, { state });
    expect(out.match(/asserted by an analyst/g)?.length).toBe(1);
    expect(out).toMatch(/^### shop\/Pod\/.* — asserted by an analyst, not tool evidence$/m);
    expect(text).not.toContain('asserted by an analyst');
  });

  it('marks an unfinished investigation with its step count', () => {
    const out = renderMarkdown(hostileDiagnosis(), { state: hostileState('running', 7) });
    expect(out).toContain('> **Investigation in progress — 7 steps** (running).');
    expect(renderMarkdown(hostileDiagnosis(), { state: hostileState('finished', 7) })).not.toContain('in progress');
  });

  it('mentions the hostile payload only in escaped form', () => {
    expect(text.split(hostile.script).length).toBe(1);
  });
});

describe('times in the report', () => {
  it('writes the run window in 24-hour UTC with the zone, not as epoch milliseconds', () => {
    const diagnosis = hostileDiagnosis();
    const window = { start: Date.parse('2026-03-01T13:00:00Z'), end: Date.parse('2026-03-01T13:30:00Z') };
    const text = renderMarkdown({ ...diagnosis, run: { ...diagnosis.run, settings: { ...diagnosis.run.settings, window } } });
    expect(text).toContain('window=2026-03-01 13:00:00–13:30:00 UTC');
    expect(text).not.toContain(String(window.start));
  });
});
