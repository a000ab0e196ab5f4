import { createController, type Controller, type Policy, type StepRecord } from '../../core/controller/index.js';
import { buildDiagnosis, type Diagnosis } from '../../core/diagnosis/index.js';
import { OperationalGraph } from '../../core/graph/index.js';
import type { ControllerSettingsInput, EventOf, LedgerEvent } from '../../core/ledger/index.js';
import type { Label } from '../../core/model/belief.js';
import type { BootstrapResult } from '../../core/bootstrap/index.js';
import { openLedger, type LedgerFile } from '../ledger/index.js';
import type { EvidenceStore, RawLine } from '../store/index.js';
import { StorePacketBuilder } from './packet-builder.js';
import { bootstrapFromStore } from './seeds.js';

export interface InvestigationOptions {
  store: EvidenceStore;
  policy: Policy;
  settings?: ControllerSettingsInput;
  /** Ledger file: created when absent, resumed when it holds an interrupted investigation. */
  ledgerFile?: string | null;
  tokenBudget?: number;
}

export class NoSeedsError extends Error {
  override name = 'NoSeedsError';
  constructor() {
    super('the snapshot has no alert to start from (after noise filtering); add alerts.jsonl or an alert on the affected service');
  }
}

/**
 * One investigation of one snapshot: the controller, its packet builder over the evidence
 * store, and (optionally) the ledger file every step is persisted to in one transaction.
 */
export class Investigation {
  readonly bootstrap: BootstrapResult;
  private readonly controller: Controller;
  private readonly ledger: LedgerFile | null;
  private policyCalls = 0;
  /** Packets built in this process, by hash: what the inspector shows as "what the policy saw". */
  private readonly packets = new Map<string, string>();

  constructor(private readonly options: InvestigationOptions) {
    const { store } = options;
    const graph = OperationalGraph.fromTopology(store.topology());
    this.bootstrap = bootstrapFromStore(store, graph);
    this.ledger = options.ledgerFile ? openLedger(options.ledgerFile) : null;
    const history = this.ledger?.events() ?? [];
    if (history.length === 0 && this.bootstrap.seeds.length === 0) {
      this.ledger?.close();
      throw new NoSeedsError();
    }
    this.controller = createController({
      graph,
      settings: history.length > 0 ? undefined : options.settings,
      seeds: this.bootstrap.seeds.map((s) => ({ node: s.node, reason: s.reason })),
      packets: new StorePacketBuilder({ store, graph, window: this.bootstrap.window, incidentTime: store.windowInfo().incidentTime, tokenBudget: options.tokenBudget }),
      policy: options.policy,
      snapshotHash: store.snapshotHash(),
      history,
      bootstrap: {
        window: this.bootstrap.window,
        incidentTime: store.windowInfo().incidentTime,
        alerts: alertInputs(store, this.bootstrap),
        ignoredAlerts: this.bootstrap.ignoredAlerts,
      },
      onStep: (record) => this.persist(record),
    });
    this.policyCalls = history.filter((e) => e.type === 'PolicyCalled').length;
  }

  get events(): readonly LedgerEvent[] {
    return this.controller.events;
  }

  get isFinished(): boolean {
    return this.controller.state.status === 'finished';
  }

  step(): Promise<StepRecord | null> {
    return this.controller.step();
  }

  run(signal?: AbortSignal): Promise<EventOf<'Finished'> | null> {
    return this.controller.run({ signal });
  }

  pause(): void {
    this.controller.pause();
  }

  override(node: string, label: Label, note: string): StepRecord {
    return this.controller.applyOverride(node, label, note);
  }

  diagnosis(): Diagnosis {
    const store = this.options.store;
    return buildDiagnosis({
      state: this.controller.state,
      evidenceById: (id) => store.evidenceById(id),
      alerts: this.controller.state.started?.bootstrap?.alerts ?? alertInputs(store, this.bootstrap),
      policyCalls: this.policyCalls,
    });
  }

  /** Canonical JSON of a packet built by this investigation, or null if it was built elsewhere. */
  packetJson(hash: string): string | null {
    return this.packets.get(hash) ?? null;
  }

  /** The snapshot lines an evidence item came from (main/store EvidenceStore.rawLines). */
  rawLines(evidenceId: string): Promise<RawLine[]> {
    return this.options.store.rawLines(evidenceId);
  }

  close(): void {
    this.ledger?.close();
  }

  private persist(record: StepRecord): void {
    this.policyCalls += record.events.filter((e) => e.type === 'PolicyCalled').length;
    for (const packet of record.packets) this.packets.set(packet.hash, packet.json);
    this.ledger?.appendStep(record);
  }
}

/** The alerts a diagnosis must account for: all but the noise the bootstrap set aside. */
function alertInputs(store: EvidenceStore, boot: BootstrapResult): Array<{ id: string; name: string; entity: string }> {
  const ignored = new Set(boot.ignoredAlerts.map((a) => a.id));
  return store.alerts().flatMap((a) => (a.detail.type === 'alert' && !ignored.has(a.id) ? [{ id: a.id, name: a.detail.name, entity: a.entity }] : []));
}
