import { changeAnchors, drillThroughChange, type CodePdg, type DrilledBlock, type ServiceDrill } from '../../core/code/index.js';
import type { CodeBlockRef, NewLedgerEvent } from '../../core/ledger/index.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import type { EntityId } from '../../core/model/ids.js';
import { buildServicePdg } from '../code/index.js';
import { walkOrigin } from './code-walk.js';
import { blockRef, evidenceOf, snippetOf, type DrillEnv, type OriginDrill, type ServiceWithSource } from './code-drill.js';

const refOf = (root: string, service: string, b: DrilledBlock): CodeBlockRef => blockRef(root, b, service);

const sameBlock = (a: CodeBlockRef, b: CodeBlockRef): boolean =>
  a.service === b.service && a.file === b.file && a.startLine === b.startLine && a.endLine === b.endLine && a.level === b.level;

/**
 * The drill of an Origin with no source of its own through its change (docs/code-layer.md,
 * "Through a change"): the changed keys of its change records, searched in the source of
 * each service the change acts on; only the services whose code reads a changed key get
 * blocks. With a walker, the model walks each reading service's code in turn (its `CodeStep`
 * events name the service), and a block it selects goes first. No crossing: the services'
 * dependencies are theirs, not the Origin's. Nothing is recorded when no change record of the
 * Origin names a key (there is nothing to follow).
 */
export async function drillThroughOrigin(env: DrillEnv, node: EntityId, targets: readonly ServiceWithSource[]): Promise<OriginDrill> {
  const { state, store, code } = env;
  const own = new Set(env.graph.has(node) ? [node, ...env.graph.aliases(node)] : [node]);
  const items = evidenceOf(state, store, node).filter((e) => e.detail.type !== 'change' || own.has(e.entity));
  if (changeAnchors(items).length === 0) return { node, events: [], visits: [], interrupted: null };
  const sources = await Promise.all(
    targets.map(async (t) => ({ ...t, root: code.resolve(t.entry.root), pdg: await buildServicePdg(code.resolve(t.entry.root)) })),
  );
  const drilled = drillThroughChange(
    sources.map((s) => ({ service: s.service, pdg: s.pdg })),
    items,
  );
  const rootOf = new Map(sources.map((s) => [s.service, s]));
  let refs = drilled.blocks.map((b) => refOf((rootOf.get(b.service) as { root: string }).root, b.service, b));
  const events: NewLedgerEvent[] = [];
  let chosenBy: 'model' | 'heuristic' | undefined;
  let interrupted: string | null = null;
  if (env.walker !== null) {
    chosenBy = 'heuristic';
    const selected: CodeBlockRef[] = [];
    for (const s of drilled.services) {
      const walked = await walkService(env, node, s, rootOf.get(s.service) as (typeof sources)[number], items);
      events.push(...walked.events);
      if (walked.chosenBy === 'model') {
        chosenBy = 'model';
        selected.push(walked.first);
      }
      interrupted = walked.interrupted;
      if (interrupted !== null) break;
    }
    refs = [...selected, ...refs.filter((r) => !selected.some((x) => sameBlock(x, r)))].slice(0, Math.max(refs.length, selected.length));
  }
  const read = drilled.services.flatMap((s) => s.anchors);
  events.push({
    type: 'CodeDrilled',
    node,
    status: refs.length === 0 ? 'no-match' : 'located',
    root: '',
    commit: null,
    anchors: read
      .filter((a, i) => read.findIndex((x) => x.text === a.text && x.evidence === a.evidence) === i)
      .map((a) => ({ kind: a.kind, text: a.text, evidence: a.evidence })),
    blocks: refs,
    warnings: sources.flatMap((s) => s.pdg.warnings.map((w) => `${s.service}: ${w.file}: ${w.message}`)),
    services: sources.map((s) => ({ service: s.service, root: s.entry.root, commit: s.entry.commit ?? null })),
    ...(chosenBy === undefined ? {} : { chosenBy }),
    ...(interrupted === null ? {} : { interrupted }),
  });
  return { node, events, visits: [], interrupted };
}

/** The model's walk over one reading service's code: its events (CodeStep naming the service) and the block it selected. */
async function walkService(
  env: DrillEnv,
  node: EntityId,
  s: ServiceDrill,
  source: { root: string; pdg: CodePdg },
  items: readonly EvidenceItem[],
): Promise<{ events: NewLedgerEvent[]; chosenBy: 'model' | 'heuristic'; first: CodeBlockRef; interrupted: string | null }> {
  const refs = s.blocks.map((b) => refOf(source.root, s.service, b));
  const walked = await walkOrigin(node, source.pdg, s, items, refs, {
    walker: env.walker as NonNullable<DrillEnv['walker']>,
    sourceOf: (b) => snippetOf(source.root, b.file, b.startLine, b.endLine).split('\n'),
    dependencies: () => [],
    shouldStop: env.shouldStop,
  });
  const events = walked.events.map((e) => (e.type === 'CodeStep' ? { ...e, service: s.service } : e));
  const first = walked.blocks[0] as CodeBlockRef;
  return { events, chosenBy: walked.chosenBy, first: { ...first, service: s.service }, interrupted: walked.interrupted };
}
