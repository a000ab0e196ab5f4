/**
 * Tuning aid: evaluates every Service of every bundle in a folder on its own (no walk, no
 * neighbour beliefs) and prints where the injected service ranks by the heuristic's own
 * verdict — how far local evidence alone goes. Stores are cached in /tmp/stores.
 *
 *   npx tsx scripts/analyze-signals.ts /tmp/bundles [case-filter]
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { OperationalGraph } from '../core/graph/index.js';
import { collectFindings, evaluateHeuristic } from '../core/policy/heuristic/index.js';
import { EvidenceStore, importBundle } from '../main/store/index.js';
import { StorePacketBuilder } from '../main/session/index.js';
import { expectedServices, loadGroundTruth } from '../main/bench/index.js';
import type { BeliefView } from '../core/controller/index.js';

const root = process.argv[2] ?? '/tmp/b';
const only = process.argv[3];
mkdirSync('/tmp/stores', { recursive: true });
const view: BeliefView = { belief: () => null, inbox: () => [], neighbours: () => [], visits: () => 0 };
for (const name of readdirSync(root).sort()) {
  if (only && !name.includes(only)) continue;
  const bundle = path.join(root, name);
  const storeFile = `/tmp/stores/${name}.sqlite`;
  if (!existsSync(storeFile)) await importBundle(bundle, storeFile);
  const store = EvidenceStore.open(storeFile);
  const graph = OperationalGraph.fromTopology(store.topology());
  const builder = new StorePacketBuilder({ store, graph, window: store.window(), incidentTime: store.windowInfo().incidentTime });
  const gt = loadGroundTruth(bundle);
  if (!gt) continue;
  const expected = expectedServices(gt);
  const rows: Array<{ s: string; label: string; conf: number; causes: string }> = [];
  for (const id of graph.ids()) {
    if (graph.entity(id).kind !== 'Service') continue;
    const packet = builder.build(id, {
      ...view,
      neighbours: (n) =>
        graph.neighbours(n).map((x) => ({
          id: x.id,
          kind: graph.entity(x.id).kind,
          relation: x.relation,
          direction: x.direction,
          isDiscovered: false,
          belief: null,
        })),
    });
    const out = evaluateHeuristic(packet);
    const f = collectFindings(packet)
      .filter((x) => x.role === 'cause')
      .map((x) => `${x.rule.id}:${x.strength}`);
    rows.push({ s: graph.entity(id).name, label: out.label, conf: out.label === 'Origin' ? out.confidence : 0, causes: f.join(' ') });
  }
  rows.sort((a, b) => b.conf - a.conf);
  const rank = rows.findIndex((r) => expected.includes(r.s)) + 1;
  const t = rows.find((r) => expected.includes(r.s));
  const short = (c: string) => c.replace(/:(\d\.\d\d)\d*/g, ':$1');
  console.log(
    `${name} rank=${rank} true=${t?.label}/${t?.conf.toFixed(2)}[${short(t?.causes ?? '')}] | ${rows
      .slice(0, 3)
      .map((r) => `${r.s.replace('ts-', '').replace('-service', '')} ${r.conf.toFixed(2)}[${short(r.causes)}]`)
      .join(' | ')}`,
  );
  store.close();
}
