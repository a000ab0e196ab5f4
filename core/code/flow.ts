import type { CodeFact } from './model.js';
import type { PdgIndex } from './pdg.js';

/** How far a value is followed from where it is read (assignment, return, argument each one step). */
export const maxFlowDistance = 4;
/** A callee name defined more often than this (after resolution) is too ambiguous to follow by name. */
const maxCalleeDefinitions = 3;
/** Users of one name followed at most (keeps `ctx`-like names from flooding the walk). */
const maxUsers = 200;

export interface FactRef {
  block: number;
  fact: number;
}

/**
 * What travels: the flag's **key** (its name, on its way to the call that evaluates it) or its
 * **value** (what that call returns). Only the value decides branches.
 */
export type Carried = 'key' | 'value';

export interface FlowStart extends FactRef {
  carries: Carried;
}

export interface Reached extends FlowStart {
  distance: number;
  /** The name the key or value travelled through to get here (empty at the start). */
  via: string;
  /**
   * It came into this fact's function through a parameter: the function's return goes back to
   * the call that passed it, which already holds the value, and not to every caller of that name.
   */
  entered: boolean;
  /** For a value: the calls that evaluated the key at this fact (it came here as the key). */
  evaluators?: string[];
}

function factAt(index: PdgIndex, ref: FactRef): CodeFact {
  return index.block(ref.block).facts[ref.fact] as CodeFact;
}

/** Facts in `scope` (null: anywhere) that use `name`, and resolve it to `definer` when it is defined outside functions. */
function usesOf(index: PdgIndex, name: string, scope: number | null, definer: number | null): FactRef[] {
  const refs: FactRef[] = [];
  for (const b of index.usersIn(name, scope).slice(0, maxUsers)) {
    if (scope === null && definer !== null && !index.resolvesTo(b, name, definer)) continue;
    index.block(b).facts.forEach((f, i) => {
      if (f.uses.includes(name)) refs.push({ block: b, fact: i });
    });
  }
  return refs;
}

/** The callees a fact passes `held` to as a direct argument. */
export function calleesPassed(fact: CodeFact, held: string): string[] {
  return fact.passes.filter((p) => p.args.includes(held)).map((p) => p.callee);
}

/** Whether a fact only binds what it holds to its targets: an assignment of that one literal or name, with no call. */
export function isBinding(fact: CodeFact, held: string | null): boolean {
  if (fact.kind !== 'assign' || fact.calls.length > 0 || fact.defines.length === 0) return false;
  if (held === null) return fact.strings.length === 1;
  return fact.strings.length === 0 && fact.uses.filter((u) => !fact.defines.includes(u)).every((u) => u === held);
}

/**
 * Follows a flag from where the code names it. Its **key** travels through bindings
 * (`AD_FAILURE = "adFailure"`) and into the parameters of in-service functions it is passed to;
 * a call it is passed to directly evaluates it: from there its **value** travels to the uses
 * of the names it is assigned to (in the function, or service-wide for module- and class-level
 * names, resolved to their nearest definition), to the callers of a function that returns it
 * (accessors; not when it came in through that function's parameter — the call that passed the
 * key holds the value already), and to the parameters of in-service functions it is passed to.
 * Breadth-first, each fact once per kind of thing carried.
 */
export function followFlag(index: PdgIndex, starts: readonly FlowStart[], key: string): Reached[] {
  const seen = new Set<string>();
  const id = (r: FactRef & { carries: Carried }): string => `${r.carries}:${r.block}:${r.fact}`;
  const reached: Reached[] = [];
  let frontier: Reached[] = [];
  const visit = (list: Reached[], r: Reached): void => {
    if (seen.has(id(r))) return;
    seen.add(id(r));
    list.push(r);
    reached.push(r);
  };
  for (const s of starts) visit(frontier, { ...s, distance: 0, via: '', entered: false });
  for (let d = 0; d <= maxFlowDistance && frontier.length > 0; d++) {
    const next: Reached[] = [];
    // A key evaluated where it arrives gives a value at the same fact and distance.
    for (let i = 0; i < frontier.length; i++) {
      const at = frontier[i] as Reached;
      const fact = factAt(index, at);
      const held = at.via === '' ? key : at.via;
      // The calls the key is passed to evaluate it: their result is the value, at this fact.
      const evaluators = at.carries === 'key' ? calleesPassed(fact, held) : [];
      if (evaluators.length > 0) visit(frontier, { ...at, carries: 'value', evaluators });
      if (d === maxFlowDistance) continue;
      const step = (refs: FactRef[], carries: Carried, via: string, entered: boolean): void => {
        for (const r of refs) visit(next, { block: r.block, fact: r.fact, carries, distance: d + 1, via, entered });
      };
      const scope = index.scopeOf(at.block);
      const fn = index.enclosingFunction[at.block] ?? null;
      const intoCallees = (callees: readonly string[], carries: Carried): void => {
        for (const callee of new Set(callees)) {
          const targets = index.calleesOf(at.block, callee).filter((t) => t !== fn);
          if (targets.length === 0 || targets.length > maxCalleeDefinitions) continue;
          for (const t of targets) for (const p of index.block(t).params) step(usesOf(index, p, t, null), carries, p, true);
        }
      };
      if (at.carries === 'key') {
        if (isBinding(fact, at.via === '' ? null : at.via))
          for (const name of fact.defines) step(usesOf(index, name, scope, scope === null ? at.block : null), 'key', name, at.entered);
        intoCallees(evaluators, 'key');
        continue;
      }
      for (const name of fact.defines) step(usesOf(index, name, scope, scope === null ? at.block : null), 'value', name, at.entered);
      if (fact.kind === 'return' && fn !== null && !at.entered) {
        const name = index.block(fn).name;
        if (name !== '')
          step(
            usesOf(index, name, null, null).filter((r) => !index.contains(fn, r.block) && index.resolvesTo(r.block, name, fn)),
            'value',
            name,
            false,
          );
      }
      // Where the key is evaluated, the value goes on to the other calls of the statement
      // (`cpuload.execute(client.getBooleanValue(KEY))`), not back into the evaluating one.
      const evaluating = new Set(at.evaluators ?? []);
      intoCallees(
        fact.calls.filter((c) => !evaluating.has(c)),
        'value',
      );
    }
    frontier = next;
  }
  return reached;
}
