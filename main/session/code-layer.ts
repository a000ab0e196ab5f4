import type { Controller } from '../../core/controller/index.js';
import type { OperationalGraph } from '../../core/graph/index.js';
import { codeRegionEvents } from '../../core/hypotheses/index.js';
import type { BundleCode } from '../code/index.js';
import type { EvidenceStore } from '../store/index.js';
import { changeTargetsWithCode, drillOneOrigin, undrilledOrigins } from './code-drill.js';
import { drillThroughOrigin } from './code-drill-through.js';
import type { CodeWalker } from './code-walk.js';

export interface CodeLayerEnv {
  store: EvidenceStore;
  code: BundleCode;
  graph: OperationalGraph;
  /** The LLM policy's step of the walk; null: the heuristic ranking drills alone. */
  walker: CodeWalker | null;
  /** Why the layer must end now (deadline, stop, token cap), or null. */
  shouldStop: () => string | null;
  /** The investigation was closed: a drill in flight writes nothing (its ledger is gone). */
  killed?: AbortSignal;
}

/**
 * The code layer's turn once the walk has finished (docs/code-layer.md): each Origin not
 * drilled yet, one transaction per Origin (CodeDrilled, the model's walk, crossings back to
 * the service graph with the visits they ask for, which re-open the walk); a drill cut short
 * records what it had and ends the turn (unless the investigation was closed). Then, with the hypothesis layer and the walk still
 * finished, accepted mechanisms are refined into their code regions (level 4).
 */
export async function runCodeLayer(controller: Pick<Controller, 'state' | 'recordLayerEvents'>, env: CodeLayerEnv): Promise<void> {
  if (controller.state.status !== 'finished') return;
  for (const node of undrilledOrigins(controller.state, env.code, env.graph)) {
    // An Origin without source of its own (a ConfigMap) is drilled through its change into the services it acts on.
    const through = changeTargetsWithCode(env.graph, env.code, node);
    const drillEnv = { ...env, state: controller.state };
    const drilled = through.length > 0 ? await drillThroughOrigin(drillEnv, node, through) : await drillOneOrigin(drillEnv, node);
    if (env.killed?.aborted) return;
    if (drilled.events.length > 0) controller.recordLayerEvents(drilled.events, drilled.visits);
    if (drilled.interrupted !== null) break;
  }
  if (controller.state.status !== 'finished') return;
  const regions = codeRegionEvents(controller.state);
  if (regions.length > 0) controller.recordLayerEvents(regions);
}
