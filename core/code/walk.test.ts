import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../model/evidence.js';
import type { DrilledBlock } from './drill.js';
import type { CodeBlock } from './model.js';
import { assemblePdg } from './pdg.js';
import type { DependencyTarget } from './dependencies.js';
import { maxWalkSteps, walkCode, type CodeAction, type CodeStepContext, type WalkInput } from './walk.js';

const fact = (line: number, calls: string[] = []) => ({
  kind: 'call' as const,
  line,
  endLine: line,
  defines: [],
  uses: [],
  calls,
  strings: [],
  passes: [],
});
const block = (
  id: number,
  name: string,
  level: CodeBlock['level'],
  start: number,
  end: number,
  parent: number | null,
  calls: string[] = [],
): CodeBlock => ({
  id,
  file: 'a.py',
  language: 'python',
  level,
  kind: level === 'module' ? 'module' : 'function_definition',
  name,
  startLine: start,
  endLine: end,
  parent,
  params: [],
  facts: calls.length > 0 ? [fact(start + 1, calls)] : [],
});

/** A module with `f` (ranked first by the heuristic) calling `g` (not ranked). */
const pdg = assemblePdg(
  [block(0, '', 'module', 1, 20, null), block(1, 'f', 'function', 2, 5, 0, ['g']), block(2, 'g', 'function', 7, 10, 0)],
  1,
  20,
  [],
);
const ranked: DrilledBlock[] = [
  {
    file: 'a.py',
    function: 'f',
    startLine: 2,
    endLine: 5,
    level: 'function',
    kind: 'function_definition',
    score: 0.9,
    reason: 'log text',
    evidence: ['e1'],
  },
];
const items = [{ id: 'e1', score: 1, summary: 'boom', detail: { type: 'log' } }] as unknown as EvidenceItem[];

/** `g` names a dependency: `http://db:5432` at its first line. */
const dependencies = (blocks: readonly CodeBlock[]): DependencyTarget[] =>
  blocks
    .filter((b) => b.name === 'g')
    .map((b) => ({
      entity: 'ns/Service/db',
      name: 'db',
      text: 'http://db:5432',
      via: 'url',
      block: b.id,
      file: b.file,
      line: 8,
      function: 'g',
    }));

function walk(answer: (c: CodeStepContext, i: number) => CodeAction | null, extra: Partial<WalkInput> = {}) {
  let i = 0;
  return walkCode({
    ...extra,
    pdg,
    anchors: [{ kind: 'log', text: 'boom', evidence: 'e1' }],
    ranked,
    items,
    sourceOf: () => ['line'],
    choose: async (c) => {
      const choice = answer(c, i++);
      return { choice, error: choice === null ? 'unusable' : null };
    },
  });
}

describe('the code walk (core/code/walk.ts)', () => {
  it('starts on the best-ranked block and shows its anchors, neighbours and evidence', async () => {
    const seen: CodeStepContext[] = [];
    await walk((c) => (seen.push(c), { action: 'stop', reason: 'nothing here' }));
    expect(seen[0]?.block).toMatchObject({ id: 'B1', name: 'f' });
    expect(seen[0]?.anchors).toEqual([{ kind: 'log', text: 'boom', evidence: 'e1' }]);
    expect(seen[0]?.neighbours.map((n) => [n.id, n.relation])).toEqual([
      ['B0', 'parent'],
      ['B2', 'callee'],
    ]);
    expect(seen[0]?.evidence.map((e) => e.id)).toEqual(['e1']);
  });

  it('takes an admissible selection by the model', async () => {
    const r = await walk(() => ({ action: 'select', block: 'B2', reason: 'g fails', evidence: ['e1'] }));
    expect(r.selected).toMatchObject({ by: 'model', reason: 'g fails', block: { name: 'g' } });
  });

  it('is bounded: a model that bounces between blocks ends at the step cap with the ranking standing', async () => {
    const r = await walk((c) => ({ action: 'expand', block: c.block.id === 'B1' ? 'B2' : 'B1' }));
    expect(r.steps).toHaveLength(maxWalkSteps);
    expect(r.selected).toBeNull();
  });

  it('lets the heuristic decide a step without a usable answer: back to the nearest ranked block, then select it', async () => {
    const r = await walk((_c, i) => (i === 0 ? { action: 'expand', block: 'B2' } : null));
    expect(r.steps.map((s) => [s.by, s.action, s.target?.name])).toEqual([
      ['model', 'expand', 'g'],
      ['heuristic', 'expand', 'f'],
      ['heuristic', 'select', 'f'],
    ]);
    expect(r.selected).toMatchObject({ by: 'heuristic', evidence: ['e1'] });
  });

  it('rejects an id outside the context and a selection citing unknown evidence', async () => {
    const far = await walk(() => ({ action: 'expand', block: 'B7' }));
    expect(far.steps[0]).toMatchObject({ by: 'heuristic', action: 'select', rejected: 'block "B7" is not an admissible neighbour' });
    const invented = await walk(() => ({ action: 'select', block: 'B1', reason: 'x', evidence: ['e9'] }));
    expect(invented.steps[0]?.rejected).toBe('evidence "e9" not in the context');
  });

  it('crosses to a dependency the context lists, citing the block that names it; the walk ends there', async () => {
    const seen: CodeStepContext[] = [];
    const r = await walk(
      (c) => (seen.push(c), { action: 'cross', entity: 'ns/Service/db', block: 'B2', reason: 'g calls db', evidence: ['e1'] }),
      { dependencies },
    );
    expect(seen[0]?.dependencies).toEqual([{ entity: 'ns/Service/db', block: 'B2', line: 8, via: 'url', text: 'http://db:5432' }]);
    expect(r.steps).toEqual([expect.objectContaining({ by: 'model', action: 'cross', entity: 'ns/Service/db', rejected: null })]);
    expect(r.crossings).toEqual([
      { target: expect.objectContaining({ entity: 'ns/Service/db', line: 8 }), reason: 'g calls db', evidence: ['e1'] },
    ]);
    expect(r.selected).toBeNull();
  });

  it('rejects a cross to an entity the cited block does not name, or citing unknown evidence', async () => {
    const other = await walk(() => ({ action: 'cross', entity: 'ns/Service/cache', block: 'B2', reason: 'x', evidence: [] }), {
      dependencies,
    });
    expect(other.steps[0]).toMatchObject({
      by: 'heuristic',
      rejected: 'block "B2" names no dependency "ns/Service/cache" the investigation lacks',
    });
    expect(other.crossings).toEqual([]);
    const wrongBlock = await walk(() => ({ action: 'cross', entity: 'ns/Service/db', block: 'B1', reason: 'x', evidence: [] }), {
      dependencies,
    });
    expect(wrongBlock.steps[0]?.rejected).toContain('names no dependency');
    const invented = await walk(() => ({ action: 'cross', entity: 'ns/Service/db', block: 'B2', reason: 'x', evidence: ['e9'] }), {
      dependencies,
    });
    expect(invented.steps[0]?.rejected).toBe('evidence "e9" not in the context');
  });

  it('stops when told to (deadline, stop) and says why, keeping the steps taken', async () => {
    // Told to stop while the third answer is in flight: that answer is not taken.
    let answers = 0;
    const r = await walk((c) => (answers++, { action: 'expand', block: c.block.id === 'B1' ? 'B2' : 'B1' }), {
      shouldStop: () => (answers > 2 ? 'deadline: passed' : null),
    });
    expect(answers).toBe(3);
    expect(r.steps).toHaveLength(2);
    expect(r.interrupted).toBe('deadline: passed');
  });
});
