import type { CodeBlock, CodeEdge, CodePdg, CodeWarning } from './model.js';

/** Above this many users of one name, data edges for it are not drawn (`err`, `ctx`, `logger`). */
const maxDataFanout = 64;

/**
 * Lookups over one PDG: functions by name, each block's enclosing function and the
 * contiguous id range of its descendants (blocks are numbered in pre-order per file).
 */
export class PdgIndex {
  readonly functionsByName = new Map<string, number[]>();
  /** Last descendant's id of each block. */
  readonly lastDescendant: number[];
  /** The nearest function-level block at or above each block, or null at module/class level. */
  readonly enclosingFunction: (number | null)[];
  /** Blocks with a fact that uses each name. */
  readonly usersByName = new Map<string, number[]>();
  /** Module- and class-level blocks that define each name (named constants, module variables). */
  readonly outerDefinersByName = new Map<string, number[]>();

  constructor(readonly pdg: CodePdg) {
    const { blocks } = pdg;
    this.lastDescendant = blocks.map((b) => b.id);
    this.enclosingFunction = blocks.map(() => null);
    for (const b of blocks) {
      if (b.level === 'function' && b.name !== '') push(this.functionsByName, b.name, b.id);
      const parentFn = b.parent === null ? null : this.enclosingFunction[b.parent];
      this.enclosingFunction[b.id] = b.level === 'function' ? b.id : (parentFn ?? null);
      const names = new Set(b.facts.flatMap((f) => f.uses));
      for (const n of names) push(this.usersByName, n, b.id);
      if (this.enclosingFunction[b.id] === null)
        for (const n of new Set(b.facts.flatMap((f) => f.defines))) push(this.outerDefinersByName, n, b.id);
    }
    for (let i = blocks.length - 1; i >= 0; i--) {
      const b = blocks[i] as CodeBlock;
      if (b.parent !== null)
        this.lastDescendant[b.parent] = Math.max(this.lastDescendant[b.parent] as number, this.lastDescendant[i] as number);
    }
  }

  block(id: number): CodeBlock {
    return this.pdg.blocks[id] as CodeBlock;
  }

  /** Whether `inner` is `outer` or nested in it. */
  contains(outer: number, inner: number): boolean {
    return outer <= inner && inner <= (this.lastDescendant[outer] as number);
  }

  /** The name's scope when defined in `block`: its function, or the whole service at module and class level. */
  scopeOf(block: number): number | null {
    return this.enclosingFunction[block] ?? null;
  }

  /**
   * The definitions a name used in block `from` resolves to, among `candidates`: the nearest
   * ones — in the same file, else in the folder sharing the longest path with it. A name
   * resolves where its language looks first (the module, then its package); code elsewhere
   * that happens to define the same name (another service's accessor) is not what is called.
   */
  nearest(from: number, candidates: readonly number[]): number[] {
    if (candidates.length <= 1) return [...candidates];
    const file = this.block(from).file;
    let best = -1;
    let out: number[] = [];
    for (const c of candidates) {
      const p = proximity(file, this.block(c).file);
      if (p > best) {
        best = p;
        out = [c];
      } else if (p === best) out.push(c);
    }
    return out;
  }

  /** The functions a call of `name` from block `from` may reach. */
  calleesOf(from: number, name: string): number[] {
    return this.nearest(from, this.functionsByName.get(name) ?? []);
  }

  /** Whether a use of `name` in block `user` resolves to the definition in block `definer`. */
  resolvesTo(user: number, name: string, definer: number): boolean {
    const fn = this.enclosingFunction[definer] ?? null;
    const block = this.block(definer);
    const candidates =
      fn === definer && block.name === name ? (this.functionsByName.get(name) ?? []) : (this.outerDefinersByName.get(name) ?? [definer]);
    return this.nearest(user, candidates).includes(definer);
  }

  /** Blocks that use `name` inside `scope` (null: anywhere). */
  usersIn(name: string, scope: number | null): number[] {
    const users = this.usersByName.get(name) ?? [];
    return scope === null ? users : users.filter((u) => this.contains(scope, u));
  }
}

/** How close two files are: the same file above all, else the number of folders their paths share. */
function proximity(a: string, b: string): number {
  if (a === b) return Number.MAX_SAFE_INTEGER;
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The edges of a PDG over its blocks: control (nesting), call (by name, within the service) and data (def → use). */
export function buildEdges(blocks: readonly CodeBlock[]): CodeEdge[] {
  const index = new PdgIndex({ blocks: [...blocks], edges: [], files: 0, lines: 0, warnings: [] });
  const edges: CodeEdge[] = [];
  for (const b of blocks) {
    if (b.parent !== null) edges.push({ from: b.parent, to: b.id, kind: 'control' });
    const callees = new Set(b.facts.flatMap((f) => f.calls));
    for (const name of callees)
      for (const fn of index.calleesOf(b.id, name)) if (fn !== b.id) edges.push({ from: b.id, to: fn, kind: 'call', label: name });
    const defined = new Set(b.facts.flatMap((f) => f.defines));
    const scope = index.scopeOf(b.id);
    for (const name of defined) {
      const users = index.usersIn(name, scope);
      if (users.length > maxDataFanout) continue;
      for (const u of users)
        if (u !== b.id && (scope !== null || index.resolvesTo(u, name, b.id))) edges.push({ from: b.id, to: u, kind: 'data', label: name });
    }
  }
  return edges;
}

export function assemblePdg(blocks: CodeBlock[], files: number, lines: number, warnings: CodeWarning[]): CodePdg {
  return { blocks, edges: buildEdges(blocks), files, lines, warnings };
}
