import { dependencyRefs, matchDependencies, type DependencyEntity, type DependencyTarget } from './dependencies.js';
import type { CodeBlock, CodePdg } from './model.js';
import { PdgIndex } from './pdg.js';

/** At most this many entities one Origin's code sends the walk to. */
export const maxCrossings = 5;

interface BlockSpan {
  file: string;
  startLine: number;
  endLine: number;
  level: string;
}

function sameSpan(b: CodeBlock, r: BlockSpan): boolean {
  return b.file === r.file && b.startLine === r.startLine && b.endLine === r.endLine && b.level === r.level;
}

/**
 * The blocks to read for dependencies, nearest the evidence first: the functions of the ranked
 * blocks (with their nested blocks), the functions they call and the definitions they use
 * (a module-level URL constant), then the rest of the service.
 */
export function dependencyScope(pdg: CodePdg, ranked: readonly BlockSpan[]): number[] {
  const index = new PdgIndex(pdg);
  const order: number[] = [];
  const seen = new Set<number>();
  const addTree = (id: number): void => {
    for (let i = id; i <= (index.lastDescendant[id] as number); i++) {
      if (seen.has(i)) continue;
      seen.add(i);
      order.push(i);
    }
  };
  for (const r of ranked) {
    const block = pdg.blocks.find((b) => sameSpan(b, r));
    if (block === undefined) continue;
    const fn = index.enclosingFunction[block.id] ?? block.id;
    addTree(fn);
    const inside = (id: number): boolean => index.contains(fn, id);
    for (const e of pdg.edges) {
      if (e.kind === 'call' && inside(e.from)) addTree(e.to);
      else if (e.kind === 'data' && inside(e.to) && !inside(e.from)) addTree(e.from);
    }
  }
  for (const b of pdg.blocks) if (!seen.has(b.id)) order.push(b.id);
  return order;
}

/**
 * The entities an Origin's code depends on that the investigation has no link to
 * (docs/code-layer.md, "Crossing back"): each with the first reference to it, nearest the
 * drilled blocks first, at most `maxCrossings`.
 */
export function codeCrossings(
  pdg: CodePdg,
  ranked: readonly BlockSpan[],
  entities: readonly DependencyEntity[],
  exclude: ReadonlySet<string>,
): DependencyTarget[] {
  return matchDependencies(dependencyRefs(pdg, dependencyScope(pdg, ranked)), entities, exclude).slice(0, maxCrossings);
}
