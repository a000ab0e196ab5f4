import { canonicalJson, sha256Hex } from '../ledger/index.js';
import type { AnomalyTypeSpec, Indicator, KnowledgeDocument, RelationSpec } from './knowledge-schema.js';
import { KnowledgeError } from './knowledge-parse.js';

/** A chain may bridge at most this many unobserved intermediate anomalies (XiHE's multi-generation schema). */
export const MAX_BRIDGES = 2;

/** One way the knowledge lets type `from` cause type `to`: a path of direct relations. */
export interface Chain {
  /** Direct relations on the path (1 = direct, 3 = two bridged intermediates). */
  hops: number;
  /** The unobserved intermediate types, in order. */
  via: readonly string[];
  /** How many hops may cross to another entity (scope not `same`): the topology distance allowed. */
  reach: number;
  /** The relations' reasons, joined: the edge's rationale. */
  why: string;
  /**
   * Which way the crossing hops go: `dependents` (the effect's entity depends on the cause's),
   * `dependencies` (the cause's depends on the effect's), or `either` (mixed or unscoped).
   */
  direction: 'dependents' | 'dependencies' | 'either';
}

export interface CompiledIndicator extends Indicator {
  regex: RegExp | null;
}

export interface CompiledType {
  id: string;
  description: string;
  indicators: readonly CompiledIndicator[];
}

export interface CompiledKnowledge {
  name: string;
  version: string;
  /** sha256 of the merged document's canonical JSON: what the ledger records. */
  sha256: string;
  document: KnowledgeDocument;
  types: ReadonlyMap<string, CompiledType>;
  /** chains.get(from)?.get(to): every chain of ≤ MAX_BRIDGES + 1 hops, shortest first. */
  chains: ReadonlyMap<string, ReadonlyMap<string, readonly Chain[]>>;
}

/** One source of knowledge: a parsed document and the file it came from (for error messages). */
export interface KnowledgeSource {
  document: KnowledgeDocument;
  file: string;
}

/** Lays `ext` over `base`: `replace` stands alone; `extend` adds types, indicators and relations (a relation named again takes the extension's reason). */
export function mergeKnowledge(base: KnowledgeDocument, ext: KnowledgeDocument): KnowledgeDocument {
  if (ext.mode === 'replace') return ext;
  const types = new Map<string, AnomalyTypeSpec>(base.types.map((t) => [t.id, { ...t, indicators: [...t.indicators] }]));
  for (const t of ext.types) {
    const known = types.get(t.id);
    if (!known) types.set(t.id, t);
    else types.set(t.id, { id: t.id, description: t.description || known.description, indicators: [...known.indicators, ...t.indicators] });
  }
  const relations = new Map<string, RelationSpec>(base.relations.map((r) => [`${r.from}>${r.to}`, r]));
  for (const r of ext.relations) relations.set(`${r.from}>${r.to}`, r);
  return {
    format: 1,
    name: `${base.name}+${ext.name}`,
    version: `${base.version}+${ext.version}`,
    mode: 'replace',
    types: [...types.values()],
    relations: [...relations.values()],
  };
}

/** Merges the sources in order (the first is the base) and compiles the multi-generation schema. */
export function compileKnowledge(sources: readonly KnowledgeSource[]): CompiledKnowledge {
  const [first, ...rest] = sources;
  if (!first) throw new KnowledgeError('knowledge', null, 'no knowledge file given');
  let document: KnowledgeDocument = { ...first.document, mode: 'replace' };
  for (const source of rest) {
    document = mergeKnowledge(document, source.document);
    checkRelations(document, source.file);
  }
  checkRelations(document, first.file);
  const types = new Map<string, CompiledType>(
    document.types.map((t) => [
      t.id,
      {
        id: t.id,
        description: t.description,
        indicators: t.indicators.map((i) => ({ ...i, regex: i.pattern ? new RegExp(i.pattern, 'i') : null })),
      },
    ]),
  );
  return {
    name: document.name,
    version: document.version,
    sha256: sha256Hex(canonicalJson(document)),
    document,
    types,
    chains: closeRelations(document.relations),
  };
}

function checkRelations(document: KnowledgeDocument, file: string): void {
  const known = new Set(document.types.map((t) => t.id));
  for (const r of document.relations) {
    for (const end of [r.from, r.to])
      if (!known.has(end)) throw new KnowledgeError(file, null, `relation ${r.from} → ${r.to} names unknown type "${end}"`);
  }
}

/**
 * The relation closure up to MAX_BRIDGES + 1 hops: every simple path of direct relations,
 * remembering the bridged types and how far across the topology the path may reach.
 */
export function closeRelations(relations: readonly RelationSpec[]): Map<string, Map<string, Chain[]>> {
  const out = new Map<string, Map<string, Chain[]>>();
  const from = new Map<string, RelationSpec[]>();
  for (const r of relations) {
    const list = from.get(r.from) ?? [];
    list.push(r);
    from.set(r.from, list);
  }
  const add = (start: string, end: string, chain: Chain): void => {
    let row = out.get(start);
    if (!row) out.set(start, (row = new Map()));
    const list = row.get(end) ?? [];
    // Two relation paths through the same types are one chain.
    if (!list.some((c) => c.via.join('>') === chain.via.join('>'))) list.push(chain);
    row.set(end, list);
  };
  // Walks of at most MAX_BRIDGES + 1 relations; a type may recur (error rate → error rate → error
  // rate crosses two dependencies), the bound keeps the walk finite.
  const walk = (start: string, at: string, path: readonly RelationSpec[]): void => {
    for (const r of from.get(at) ?? []) {
      const next = [...path, r];
      add(start, r.to, {
        hops: next.length,
        via: next.slice(0, -1).map((p) => p.to),
        reach: next.filter((p) => p.scope !== 'same').length,
        why: joinReasons(next.map((p) => p.why)),
        direction: directionOf(next),
      });
      if (next.length <= MAX_BRIDGES) walk(start, r.to, next);
    }
  };
  for (const start of [...from.keys()].sort()) walk(start, start, []);
  for (const row of out.values()) for (const list of row.values()) list.sort((a, b) => a.hops - b.hops || b.reach - a.reach);
  return out;
}

function directionOf(path: readonly RelationSpec[]): Chain['direction'] {
  const crossing = new Set(path.map((p) => p.scope).filter((scope) => scope !== 'same'));
  if (crossing.size === 1 && crossing.has('dependents')) return 'dependents';
  if (crossing.size === 1 && crossing.has('dependencies')) return 'dependencies';
  return 'either';
}

/** The reasons along a chain; a relation repeated in a row is said once with its count. */
function joinReasons(reasons: readonly string[]): string {
  const parts: string[] = [];
  let count = 0;
  reasons.forEach((why, i) => {
    count += 1;
    if (reasons[i + 1] === why) return;
    parts.push(count > 1 ? `${why} (×${count})` : why);
    count = 0;
  });
  return parts.join('; then ');
}

/** The chains from `a` to `b`, shortest first (empty when the knowledge relates them in no way). */
export function chainsBetween(knowledge: CompiledKnowledge, a: string, b: string): readonly Chain[] {
  return knowledge.chains.get(a)?.get(b) ?? [];
}
