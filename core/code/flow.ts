import type { CodeFact } from './model.js';
import type { PdgIndex } from './pdg.js';

/** How far a value is followed from where it is read (assignment, return, argument each one step). */
export const maxFlowDistance = 4;
/** A callee name defined more often than this is too ambiguous to follow by name. */
const maxCalleeDefinitions = 3;
/** Users of one name followed at most (keeps `ctx`-like names from flooding the walk). */
const maxUsers = 200;

export interface FactRef {
  block: number;
  fact: number;
}

export interface Reached extends FactRef {
  distance: number;
  /** The name the value travelled through to get here (empty at the start). */
  via: string;
}

function factAt(index: PdgIndex, ref: FactRef): CodeFact {
  return index.block(ref.block).facts[ref.fact] as CodeFact;
}

/** Facts in `scope` (null: anywhere) that use `name`. */
function usesOf(index: PdgIndex, name: string, scope: number | null): FactRef[] {
  const refs: FactRef[] = [];
  for (const b of index.usersIn(name, scope).slice(0, maxUsers)) {
    index.block(b).facts.forEach((f, i) => {
      if (f.uses.includes(name)) refs.push({ block: b, fact: i });
    });
  }
  return refs;
}

/**
 * Follows a value from the facts that read it along data dependencies: to the uses of the
 * names it is assigned to (in the function, or service-wide for module- and class-level
 * constants), to the callers of a function that returns it (accessors), and to the
 * parameters of in-service functions it is passed to. Breadth-first, each fact once.
 */
export function followValue(index: PdgIndex, starts: readonly FactRef[]): Reached[] {
  const seen = new Set<string>();
  const key = (r: FactRef): string => `${r.block}:${r.fact}`;
  let frontier: Reached[] = starts.map((s) => ({ ...s, distance: 0, via: '' }));
  for (const s of frontier) seen.add(key(s));
  const reached: Reached[] = [...frontier];
  for (let d = 1; d <= maxFlowDistance && frontier.length > 0; d++) {
    const next: Reached[] = [];
    const visit = (refs: FactRef[], via: string): void => {
      for (const r of refs)
        if (!seen.has(key(r))) {
          seen.add(key(r));
          next.push({ ...r, distance: d, via });
        }
    };
    for (const at of frontier) {
      const fact = factAt(index, at);
      const scope = index.scopeOf(at.block);
      for (const name of fact.defines) visit(usesOf(index, name, scope), name);
      const fn = index.enclosingFunction[at.block] ?? null;
      if (fact.kind === 'return' && fn !== null) {
        const name = index.block(fn).name;
        if (name !== '')
          visit(
            usesOf(index, name, null).filter((r) => !index.contains(fn, r.block)),
            name,
          );
      }
      for (const callee of fact.calls) {
        const targets = (index.functionsByName.get(callee) ?? []).filter((t) => t !== fn);
        if (targets.length === 0 || targets.length > maxCalleeDefinitions) continue;
        for (const t of targets) for (const p of index.block(t).params) visit(usesOf(index, p, t), p);
      }
    }
    reached.push(...next);
    frontier = next;
  }
  return reached;
}
