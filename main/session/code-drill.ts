import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeCrossings, drillOrigin, matchDependencies, dependencyRefs, type DependencyTarget } from '../../core/code/index.js';
import { changeTargets, type OperationalGraph } from '../../core/graph/index.js';
import type { CodeBlockRef, InvestigationState, NewLedgerEvent } from '../../core/ledger/index.js';
import type { EntityId } from '../../core/model/ids.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import { codeEntryFor, type CodeSourceEntry } from '../../core/snapshot/code.js';
import { buildServicePdg, type BundleCode } from '../code/index.js';
import type { EvidenceStore } from '../store/index.js';
import { walkOrigin, type CodeWalker } from './code-walk.js';

const maxSnippetLines = 40;

export function snippetOf(root: string, file: string, start: number, end: number): string {
  try {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    return lines.slice(start - 1, Math.min(end, start - 1 + maxSnippetLines)).join('\n');
  } catch {
    return '';
  }
}

/** A drilled block as the ledger records it, with its snippet read from `root`; `service` names the service a drill through a change found it in. */
export function blockRef(root: string, b: Omit<CodeBlockRef, 'snippet' | 'service'>, service?: string): CodeBlockRef {
  return {
    file: b.file,
    function: b.function,
    startLine: b.startLine,
    endLine: b.endLine,
    level: b.level,
    score: b.score,
    reason: b.reason,
    evidence: b.evidence,
    snippet: snippetOf(root, b.file, b.startLine, b.endLine),
    ...(service === undefined ? {} : { service }),
  };
}

/** The evidence an Origin was judged on: what its latest packet held and what its belief cites. */
export function evidenceOf(state: InvestigationState, store: EvidenceStore, node: string): EvidenceItem[] {
  const entry = state.nodes.get(node);
  const ids = new Set([...(entry?.packetEvidence.keys() ?? []), ...(entry?.belief?.evidence ?? [])]);
  return [...ids].flatMap((id) => store.evidenceById(id) ?? []);
}

/**
 * What the Origin is already linked to, so a crossing goes only where nothing else led: itself,
 * its aliases, their topology and E_S neighbours (with their aliases), and earlier crossings.
 */
function linkedTo(graph: OperationalGraph, state: InvestigationState, node: EntityId): Set<EntityId> {
  const out = new Set<EntityId>();
  const addGroup = (id: EntityId): void => {
    for (const a of graph.has(id) ? graph.aliases(id) : [id]) out.add(a);
  };
  for (const a of graph.has(node) ? graph.aliases(node) : [node]) {
    addGroup(a);
    if (graph.has(a)) for (const n of graph.neighbours(a)) addGroup(n.id);
    for (const n of state.edgeNeighbours.get(a) ?? []) addGroup(n);
  }
  for (const d of state.codeDependencies.get(node) ?? []) addGroup(d.target);
  return out;
}

export interface DrillEnv {
  state: InvestigationState;
  store: EvidenceStore;
  code: BundleCode;
  graph: OperationalGraph;
  /** The LLM policy's step of the walk; null: the heuristic ranking drills alone. */
  walker: CodeWalker | null;
  /** Why the drill must end now (deadline, stop, token cap), or null. */
  shouldStop: () => string | null;
}

export interface OriginDrill {
  node: EntityId;
  /** ModelCalled and CodeStep (the model's walk), CodeDrilled, then one CodeDependencyFound per crossing. */
  events: NewLedgerEvent[];
  /** The entities the crossings send the walk to (the controller queues them, reason `code`). */
  visits: Array<{ node: EntityId; by: EntityId }>;
  /** Why the drill stopped early, or null. */
  interrupted: string | null;
}

export interface ServiceWithSource {
  service: EntityId;
  entry: CodeSourceEntry;
}

/**
 * The services a change on `node` acts on (`changeTargets`: what it configures, what reads
 * it, each with its alias group) that have source in the bundle, one per source root: named by
 * the entity the bundle's entry names when it is in the graph, else by a Service of the group,
 * else by the first entity that matched. Empty when `node` has source of its own.
 */
export function changeTargetsWithCode(graph: OperationalGraph, code: BundleCode, node: EntityId): ServiceWithSource[] {
  if (codeEntryFor(code.map, node) !== null) return [];
  const own = new Set(graph.has(node) ? [node, ...graph.aliases(node)] : [node]);
  const byEntry = new Map<CodeSourceEntry, EntityId[]>();
  for (const target of changeTargets(graph, node)) {
    if (own.has(target)) continue;
    const entry = codeEntryFor(code.map, target);
    if (entry !== null) byEntry.set(entry, [...(byEntry.get(entry) ?? []), target]);
  }
  return [...byEntry.entries()].map(([entry, matched]) => ({
    entry,
    service:
      matched.find((m) => m === entry.entity) ??
      matched.find((m) => graph.has(m) && graph.entity(m).kind === 'Service') ??
      (matched[0] as EntityId),
  }));
}

/**
 * The Origins of a finished walk not drilled yet whose service has source, or which have none
 * of their own but act through a change on services that do, in frontier order.
 */
export function undrilledOrigins(state: InvestigationState, code: BundleCode, graph: OperationalGraph): EntityId[] {
  return (state.finished?.frontier ?? []).filter(
    (node) => !state.code.has(node) && (codeEntryFor(code.map, node) !== null || changeTargetsWithCode(graph, code, node).length > 0),
  );
}

function crossingEvent(node: EntityId, t: DependencyTarget, by: 'heuristic' | 'model', evidence: string[], reason: string): NewLedgerEvent {
  return {
    type: 'CodeDependencyFound',
    node,
    target: t.entity,
    by,
    via: t.via,
    text: t.text,
    file: t.file,
    line: t.line,
    function: t.function,
    evidence,
    reason,
  };
}

/**
 * The code layer's drill of one Origin (docs/code-layer.md): its evidence anchored in its
 * service's source and ranked; with a walker, the model's walk from the best block; then the
 * crossings back to the service graph — entities the code names that nothing links the
 * Origin to, checked against the topology and cited by file:line.
 */
export async function drillOneOrigin(env: DrillEnv, node: EntityId): Promise<OriginDrill> {
  const { state, store, code, graph, walker } = env;
  const entry = codeEntryFor(code.map, node);
  if (entry === null) return { node, events: [], visits: [], interrupted: null };
  const root = code.resolve(entry.root);
  const pdg = await buildServicePdg(root);
  const items = evidenceOf(state, store, node);
  const drilled = drillOrigin(pdg, items);
  const { anchors, blocks } = drilled;
  const events: NewLedgerEvent[] = [];
  let refs: CodeBlockRef[] = blocks.map((b) => blockRef(root, b));
  const exclude = linkedTo(graph, state, node);
  const entities = graph.ids().map((id) => graph.entity(id));
  let extra: { chosenBy?: 'model' | 'heuristic'; interrupted?: string } = {};
  const modelCrossings: OriginDrill['events'] = [];
  let interrupted: string | null = null;
  if (walker !== null && blocks.length > 0) {
    const sourceOf = (b: { file: string; startLine: number; endLine: number }): string[] =>
      snippetOf(root, b.file, b.startLine, b.endLine).split('\n');
    const walked = await walkOrigin(node, pdg, drilled, items, refs, {
      walker,
      sourceOf,
      dependencies: (bs) =>
        matchDependencies(
          dependencyRefs(
            pdg,
            bs.map((b) => b.id),
          ),
          entities,
          exclude,
        ),
      shouldStop: env.shouldStop,
    });
    events.push(...walked.events);
    refs = walked.blocks;
    interrupted = walked.interrupted;
    extra = { chosenBy: walked.chosenBy, ...(interrupted === null ? {} : { interrupted }) };
    for (const c of walked.crossings) {
      modelCrossings.push(crossingEvent(node, c.target, 'model', c.evidence, `crossed by the model: ${c.reason}`));
      exclude.add(c.target.entity);
    }
  }
  events.push({
    type: 'CodeDrilled',
    node,
    status: anchors.length === 0 ? 'no-anchor' : refs.length === 0 ? 'no-match' : 'located',
    root: entry.root,
    commit: entry.commit ?? null,
    anchors: anchors.map((a) => ({ kind: a.kind, text: a.text, evidence: a.evidence })),
    blocks: refs,
    warnings: pdg.warnings.map((w) => `${w.file}: ${w.message}`),
    ...extra,
  });
  // An interrupted drill records what it had and sends the walk nowhere: the run is ending.
  if (interrupted !== null) return { node, events, visits: [], interrupted };
  if (env.shouldStop() !== null) return { node, events, visits: [], interrupted: null };
  events.push(...modelCrossings);
  const cited = [...new Set(blocks.flatMap((b) => b.evidence))].slice(0, 5);
  for (const t of codeCrossings(pdg, blocks, entities, exclude)) {
    const reason = `${t.file}:${t.line} in ${t.function || '(module)'} names ${t.entity} (${t.via}); no topology or claimed edge links them`;
    events.push(crossingEvent(node, t, 'heuristic', cited, reason));
  }
  const visits = events.flatMap((e) => (e.type === 'CodeDependencyFound' ? [{ node: e.target, by: node }] : []));
  return { node, events, visits, interrupted: null };
}
