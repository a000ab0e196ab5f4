import { ControllerSettings, applyEvent, createState } from '../ledger/index.js';
import type { EvidenceRef, InvestigationState, LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
import type { HypothesisEmitter } from './engine.js';

/**
 * A ledger written by hand for the engine's tests: events are applied as a controller tick
 * applies them, so the engine sees exactly what it would see live.
 */
export class ScriptedLedger implements HypothesisEmitter {
  readonly state: InvestigationState = createState();
  readonly events: LedgerEvent[] = [];

  constructor(hypotheses: { delta?: number; eta?: number } = {}, alerting: readonly string[] = ['ns/Service/front']) {
    this.emit({
      type: 'InvestigationStarted',
      snapshotHash: 'h',
      settings: ControllerSettings.parse({ hypotheses }),
      policy: { name: 'scripted', model: null },
      bootstrap: {
        window: { start: 0, end: 100_000 },
        incidentTime: null,
        alerts: alerting.map((entity, i) => ({ id: `alert:${i}`, name: 'HighLatency', entity })),
        ignoredAlerts: [],
      },
    });
  }

  emit(event: NewLedgerEvent): number {
    const seq = this.state.seq + 1;
    const full = { ...event, seq } as LedgerEvent;
    applyEvent(this.state, full);
    this.events.push(full);
    return seq;
  }

  /** One evaluation: the packet's evidence index, then the belief citing `cited`. */
  label(
    node: string,
    label: 'Origin' | 'Symptom' | 'Healthy' | 'Defer',
    confidence: number,
    cited: readonly EvidenceRef[],
    rules: string[] = [],
  ): void {
    this.emit({
      type: 'PacketBuilt',
      node,
      packetHash: `p${this.state.seq}`,
      tokenCount: 1,
      window: { start: 0, end: 100_000 },
      evidence: [...cited],
    });
    const previous = this.state.nodes.get(node)?.belief ?? null;
    const belief = { label, evidence: cited.map((r) => r.id), summary: `${label} ${node}`, confidence };
    this.emit({ type: 'BeliefSet', node, belief, previous, source: 'policy', reasoning: [], ...(rules.length > 0 ? { rules } : {}) });
  }

  claim(from: string, to: string, evidence: string[]): void {
    this.emit({ type: 'EdgeClaimed', from, to, by: to, evidence, condition: '', effect: '', isDiscovered: false });
  }

  ofType<T extends LedgerEvent['type']>(type: T): Array<Extract<LedgerEvent, { type: T }>> {
    return this.events.filter((e): e is Extract<LedgerEvent, { type: T }> => e.type === type);
  }
}

export function ref(
  id: string,
  kind: EvidenceRef['kind'] = 'metric',
  extractor: EvidenceRef['extractor'] = 'metric_anomaly',
  isFault = true,
): EvidenceRef {
  return { id, kind, extractor, time: 50_000, isFault };
}
