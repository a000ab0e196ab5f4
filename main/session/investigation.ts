import { existsSync } from 'node:fs';
import {
  createController,
  LedgerMismatchError,
  type Controller,
  type PhaseRecord,
  type Policy,
  type StepRecord,
  type StopCheck,
} from '../../core/controller/index.js';
import { buildDiagnosis, type Diagnosis } from '../../core/diagnosis/index.js';
import { discriminatingEvidence } from '../../core/policy/heuristic/index.js';
import { varyVisitOrder } from '../../core/voting/index.js';
import { entryServices, OperationalGraph } from '../../core/graph/index.js';
import {
  fold,
  type BootstrapRecord,
  type ControllerSettingsInput,
  type EventOf,
  type InvestigationState,
  type LedgerEvent,
  type RunStopReason,
  type ScopeRecord,
} from '../../core/ledger/index.js';
import type { Label } from '../../core/model/belief.js';
import type { BootstrapResult, Seed } from '../../core/bootstrap/index.js';
import type { CodeStepContext } from '../../core/code/index.js';
import type { TimeWindow } from '../../core/model/packet.js';
import { openLedger, type LedgerFile } from '../ledger/index.js';
import type { BootstrapAlertView, BootstrapChoice, CodeStepAnswer, FinalizeResult } from '../policies/llm/index.js';
import type { EvidenceStore, RawLine } from '../store/index.js';
import type { BundleCode } from '../code/index.js';
import { runCodeLayer } from './code-layer.js';
import { StorePacketBuilder, type PacketScopes } from './packet-builder.js';
import { scopeStore } from './scopes.js';
import { scopeReactions } from '../../core/scopes/index.js';
import type { CasePrior } from '../../core/cases/index.js';
import type { CompiledKnowledge } from '../../core/causal/index.js';
import { NoSeedsError } from './errors.js';
import type { InvestigationRun } from './run.js';
import { bootstrapFromStore, bootstrapWithScopes, fallbackSeeds } from './seeds.js';
import { storeAlerts } from '../store/store-alerts.js';

export interface InvestigationOptions {
  store: EvidenceStore;
  policy: Policy;
  settings?: ControllerSettingsInput;
  /** Ledger file: created when absent, resumed when it holds an interrupted investigation. */
  ledgerFile?: string | null;
  tokenBudget?: number;
  /** The analyst's window: replaces the derived one in the bootstrap (and so in packets and the ledger). */
  window?: TimeWindow | null;
  /** Called after every step or override is committed (and persisted). */
  onCommit?: (record: StepRecord) => void;
  /** Wall-clock time (epoch ms) after which the walk stops (RunStopped "deadline"); null: none. */
  deadline?: number | null;
  /** The bundle's source per service (code.json): once the walk finishes, each Origin is drilled into it. */
  code?: BundleCode | null;
  /** Which run of a vote this is (docs/voting.md): run r > 0 visits equal-priority seeds in an order seeded by r. */
  visitRun?: number;
  /** The scopes' sliding window in ms (docs/scopes.md; default 2 minutes, `--alert-window`). */
  alertWindowMs?: number;
  /** The compiled knowledge of the causal-graph layer (docs/causal-graph.md); required when the settings turn it on. */
  knowledge?: CompiledKnowledge;
  /** The case library's prior (docs/cases.md §4): recorded, carried by the packets, its root looked at first. */
  prior?: CasePrior | null;
}

/** What `Investigation.open` already computed, so the constructor does not compute it again. */
interface Prepared {
  graph: OperationalGraph;
  bootstrap: BootstrapResult;
  preamble?: PhaseRecord[];
}

/**
 * A policy with the optional phases around the walk (the LLM policy): choosing the window and
 * seeds among the bootstrap's candidates, and writing the report's prose at the end. Both are
 * recorded in the ledger (BootstrapChosen, ProseWritten, ModelCalled) and decide no label.
 */
export interface PhasedPolicy extends Policy {
  bootstrap(candidates: {
    windows: readonly TimeWindow[];
    seeds: readonly Seed[];
    alerts: readonly BootstrapAlertView[];
    scopes?: readonly ScopeRecord[];
  }): Promise<BootstrapChoice<Seed>>;
  finalize(diagnosis: Diagnosis): Promise<FinalizeResult>;
  /** One step of the code drill's walk (docs/code-layer.md); without it the heuristic ranking drills alone. */
  codeStep?(node: string, context: CodeStepContext): Promise<CodeStepAnswer>;
  /** The largest packet the policy reads in one request (its request cap minus its prompt). */
  readonly packetTokenBudget: number;
  /** The causal-graph layer is on: the policy may propose operations naming these anomaly types (docs/causal-graph.md §6). */
  proposeCausal?(types: readonly string[]): void;
  /** The run's deadline (epoch ms; null: none): the policy cuts a model request still in flight then. */
  setDeadline?(deadline: number | null): void;
  /** The run's stop while it runs (null: none): once it fires, the policy cuts a model request in flight and sends no more. */
  setStopSignal?(signal: AbortSignal | null): void;
  /** Why the run should stop (the run's token cap is spent); null while it may go on. */
  limitReached(): { reason: RunStopReason; detail: string } | null;
  /** The endpoint settings safe to record (no key). */
  describe(): Record<string, unknown>;
}

export function isPhasedPolicy(policy: Policy): policy is PhasedPolicy {
  return 'bootstrap' in policy && typeof policy.bootstrap === 'function' && 'finalize' in policy && typeof policy.finalize === 'function';
}

/** The bootstrap phase as ledger records: its exchanges with the model, then what was chosen. */
function bootstrapRecords(choice: BootstrapChoice<Seed>): PhaseRecord[] {
  return [
    ...choice.calls.map((call) => ({ type: 'ModelCalled' as const, ...call })),
    {
      type: 'BootstrapChosen',
      window: choice.window,
      seeds: choice.seeds.map((s) => s.node),
      byModel: choice.byModel,
      note: choice.error,
      modelText: choice.reasoning,
    },
  ];
}

/**
 * One investigation of one snapshot: the controller, its packet builder over the evidence
 * store, and (optionally) the ledger file every step is persisted to in one transaction.
 */
export class Investigation implements InvestigationRun {
  readonly bootstrap: BootstrapResult;
  readonly isReadOnly = false;
  private readonly controller: Controller;
  private readonly ledger: LedgerFile | null;
  private policyCalls = 0;
  /** Packets built in this process, by hash: what the inspector shows as "what the policy saw". */
  private readonly packets = new Map<string, string>();
  private folded: { length: number; state: InvestigationState } | null = null;
  /** Records of a phase run before the controller existed (the bootstrap), written after InvestigationStarted. */
  private readonly preamble: PhaseRecord[];
  private readonly graph: OperationalGraph;
  /** Fires at close(): a step or run in flight is dropped, its model request cut (like a kill). */
  private readonly halt = new AbortController();

  /**
   * Opens an investigation, letting a phased policy choose the window and the seed order
   * among the bootstrap's candidates first (a resumed ledger keeps what it recorded).
   */
  static async open(options: InvestigationOptions): Promise<Investigation> {
    const { store, policy } = options;
    if (!isPhasedPolicy(policy) || (options.ledgerFile && hasHistory(options.ledgerFile))) return new Investigation(options);
    // The bootstrap question is bounded by the deadline too.
    tellDeadline(options);
    const graph = OperationalGraph.fromTopology(store.topology());
    const { bootstrap: first, scoping } = bootstrapWithScopes(store, graph, options.window, options.alertWindowMs);
    const boot = varied(first, options.visitRun);
    if (boot.seeds.length === 0) return new Investigation(options, { graph, bootstrap: boot });
    const windows = [boot.window, store.window()].filter((w, i, all) => all.findIndex((o) => o.start === w.start && o.end === w.end) === i);
    // The alerts reach the model bounded: one line per scope and the earliest few alerts, however large the flood.
    const choice = await policy.bootstrap({ windows, seeds: boot.seeds, alerts: storeAlerts(store), scopes: scoping.scopes });
    return new Investigation(options, {
      graph,
      bootstrap: { ...boot, window: choice.window, seeds: choice.seeds },
      preamble: [{ type: 'PolicyConfigured', settings: policy.describe() }, ...bootstrapRecords(choice)],
    });
  }

  constructor(
    private readonly options: InvestigationOptions,
    prepared?: Prepared,
  ) {
    const { store } = options;
    this.preamble = prepared?.preamble ?? [];
    const graph = prepared?.graph ?? OperationalGraph.fromTopology(store.topology());
    this.graph = graph;
    this.bootstrap =
      prepared?.bootstrap ?? varied(bootstrapFromStore(store, graph, options.window, options.alertWindowMs), options.visitRun);
    this.ledger = options.ledgerFile ? openLedger(options.ledgerFile) : null;
    const history = this.ledger?.events() ?? [];
    // A resumed investigation keeps the window it started with.
    const started = history[0]?.type === 'InvestigationStarted' ? history[0].bootstrap : undefined;
    if (started?.window) this.bootstrap = { ...this.bootstrap, window: started.window };
    if (history.length === 0 && this.bootstrap.seeds.length === 0) {
      this.ledger?.close();
      throw new NoSeedsError();
    }
    let resumedBudget: number | undefined;
    try {
      resumedBudget = this.resumedTokenBudget(history);
    } catch (error) {
      this.ledger?.close();
      throw error;
    }
    tellDeadline(options);
    const scopes = this.formScopes(graph, history);
    const prior = this.priorOf(graph, history);
    // With the causal layer on, a phased policy (the LLM) also proposes operations, which the guard checks.
    if (options.knowledge && isPhasedPolicy(options.policy)) options.policy.proposeCausal?.([...options.knowledge.types.keys()]);
    this.controller = createController({
      graph,
      settings: history.length > 0 ? undefined : options.settings,
      seeds: priorFirst(
        this.bootstrap.seeds.map((s) => ({ node: s.node, reason: s.reason })),
        prior,
      ),
      fallbackSeeds: () => fallbackSeeds(store, graph, this.bootstrap),
      packets: new StorePacketBuilder({
        store,
        graph,
        window: this.bootstrap.window,
        incidentTime: store.windowInfo().incidentTime,
        // A phased policy reads a packet in one request when it fits its request cap.
        tokenBudget:
          resumedBudget ?? options.tokenBudget ?? (isPhasedPolicy(options.policy) ? options.policy.packetTokenBudget : undefined),
        scopes: { ...scopes.packets, messages: () => this.controller.state.scopes.messages },
        prior: prior?.line ?? null,
      }),
      policy: options.policy,
      ...(options.knowledge ? { knowledge: options.knowledge } : {}),
      // The gate applies the heuristic's own test of a cause to every policy's Origins.
      originGate: discriminatingEvidence,
      snapshotHash: store.snapshotHash(),
      history,
      bootstrap: {
        window: this.bootstrap.window,
        incidentTime: store.windowInfo().incidentTime,
        alerts: alertInputs(store, this.bootstrap, graph),
        ignoredAlerts: this.bootstrap.ignoredAlerts,
        entryPoints: entryServices(graph),
      },
      onStep: (record) => this.commit(record),
      preamble: [...this.preamble, ...(scopes.record ? [scopes.record] : []), ...(prior && history.length === 0 ? [prior] : [])],
      react: (state, tick) =>
        scopeReactions(
          { scopes: scopes.packets.records, representative: scopes.packets.representative, has: (n) => graph.has(n) },
          state,
          tick,
        ),
    });
    this.policyCalls = history.filter((e) => e.type === 'PolicyCalled').length;
  }

  /**
   * The prior the walk goes with: the one a resumed ledger recorded, else the one given. Its
   * root is kept only when this graph has it (a case of another system names other entities).
   */
  private priorOf(graph: OperationalGraph, history: readonly LedgerEvent[]): PriorRecord | null {
    const recorded = history.find((e): e is EventOf<'CasePriorGiven'> => e.type === 'CasePriorGiven');
    if (recorded) return { type: 'CasePriorGiven', line: recorded.line, root: recorded.root, cases: recorded.cases };
    if (history.length > 0 || !this.options.prior) return null;
    const { line, root, cases } = this.options.prior;
    return { type: 'CasePriorGiven', line, root: graph.has(root) ? root : null, cases };
  }

  /**
   * The packet budget a resumed ledger's packets were built with, so the packets it goes on
   * with are the ones an uninterrupted run builds; another `--token-budget` is refused, as
   * other settings are. Undefined for a new ledger (or one with no packet yet).
   */
  private resumedTokenBudget(history: readonly LedgerEvent[]): number | undefined {
    const built = history.find((e): e is EventOf<'PacketBuilt'> => e.type === 'PacketBuilt');
    const recorded = built ? this.ledger?.packet(built.packetHash)?.tokenBudget : undefined;
    const asked = this.options.tokenBudget;
    if (recorded !== undefined && asked !== undefined && asked !== recorded)
      throw new LedgerMismatchError(
        `packets built with a token budget of ${recorded} (resume without --token-budget, or with ${recorded})`,
      );
    return recorded;
  }

  /**
   * The alert scopes (docs/scopes.md), formed once at bootstrap over the investigation window
   * and recorded as ScopesFormed; a resumed ledger keeps the scopes it recorded.
   */
  private formScopes(
    graph: OperationalGraph,
    history: readonly LedgerEvent[],
  ): { packets: Omit<PacketScopes, 'messages'>; record: PhaseRecord | null } {
    const scoping = scopeStore(this.options.store, graph, this.bootstrap.window, this.options.alertWindowMs);
    const recorded = history.find((e): e is EventOf<'ScopesFormed'> => e.type === 'ScopesFormed');
    const records = recorded?.scopes ?? scoping.scopes;
    const noise = new Set((recorded?.dismissed ?? scoping.dismissed).map((d) => d.signature));
    const packets = { records, dismissed: noise, signatureOf: scoping.signatureOf, representative: scoping.representative };
    if (history.length > 0 || scoping.alerts === 0) return { packets, record: null };
    const { windowMs, alerts, scopes, dismissed } = scoping;
    return { packets, record: { type: 'ScopesFormed', windowMs, alerts, scopes, dismissed } };
  }

  get events(): readonly LedgerEvent[] {
    return this.controller.events;
  }

  /** The fold of `events`, computed once per new event. */
  get state(): InvestigationState {
    const { events } = this.controller;
    if (this.folded?.length !== events.length) this.folded = { length: events.length, state: fold(events) };
    return this.folded.state;
  }

  get isFinished(): boolean {
    return this.controller.state.status === 'finished';
  }

  async step(): Promise<StepRecord | null> {
    return this.whileRunning(undefined, async (signal) => {
      const record = await this.controller.step({ signal });
      await this.drillCode(signal);
      return record;
    });
  }

  /**
   * Runs to the end. The code layer may send a finished walk on (a dependency an Origin's code
   * names): the controller then visits it and finishes again, and the new Origins are drilled.
   * Each Origin is drilled once, so this ends.
   */
  async run(signal?: AbortSignal): Promise<EventOf<'Finished'> | null> {
    return this.whileRunning(signal, async (stop) => {
      for (;;) {
        const finished = await this.controller.run({ signal: stop, shouldStop: this.stopCheck() });
        if (finished === null) return null;
        await this.drillCode(stop);
        if (this.isFinished) return this.controller.state.finished;
      }
    });
  }

  /**
   * Runs `body` with the run's stop (`signal`, or close()) told to a phased policy, so a model
   * request in flight when it fires is cut rather than waited for; the controller then drops the
   * tick, so nothing from it is written.
   */
  private async whileRunning<T>(signal: AbortSignal | undefined, body: (stop: AbortSignal) => Promise<T>): Promise<T> {
    const stop = signal ? AbortSignal.any([this.halt.signal, signal]) : this.halt.signal;
    const { policy } = this.options;
    const phased = isPhasedPolicy(policy) ? policy : null;
    phased?.setStopSignal?.(stop);
    try {
      return await body(stop);
    } finally {
      phased?.setStopSignal?.(null);
    }
  }

  /** The limits beyond the evaluation budget: the deadline, then the policy's own (token cap, unreachable endpoint). */
  private stopCheck(): StopCheck {
    const { deadline, policy } = this.options;
    return () => {
      if (deadline != null && Date.now() >= deadline)
        return { reason: 'deadline', detail: `the --deadline passed at ${new Date(deadline).toISOString()}` };
      return isPhasedPolicy(policy) ? policy.limitReached() : null;
    };
  }

  /** The code layer (main/session/code-layer.ts); without source in the bundle nothing is recorded. */
  private async drillCode(signal: AbortSignal): Promise<void> {
    const { code, store, policy } = this.options;
    if (!code) return;
    const walker = isPhasedPolicy(policy) && policy.codeStep ? policy.codeStep.bind(policy) : null;
    const limit = this.stopCheck();
    const shouldStop = (): string | null => {
      if (signal.aborted) return 'stopped: the run was interrupted';
      const hit = limit();
      return hit === null ? null : `${hit.reason}: ${hit.detail}`;
    };
    await runCodeLayer(this.controller, { store, code, graph: this.graph, walker, shouldStop, killed: this.halt.signal });
  }

  pause(): void {
    this.controller.pause();
  }

  /** Records the vote over the runs of this investigation (docs/voting.md), once, after it finished. */
  recordVote(event: Omit<EventOf<'VoteCast'>, 'seq'>): void {
    this.controller.recordLayerEvents([event]);
  }

  override(node: string, label: Label, note: string): StepRecord {
    return this.controller.applyOverride(node, label, note);
  }

  judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): StepRecord {
    return this.controller.judgeHypothesis(id, action, note);
  }

  /**
   * The diagnosis of the ledger so far. Once finished, a phased policy (the LLM) writes prose
   * for the report, once: it is recorded in the ledger (ProseWritten) and shown beside the
   * diagnosis as model text (`model_prose`); every decision and computed text stays as it was,
   * so `eog export` of the ledger gives the same diagnosis.
   */
  async diagnosis(): Promise<Diagnosis> {
    const { policy } = this.options;
    if (this.isFinished && isPhasedPolicy(policy) && this.controller.state.llm.prose === null) {
      const result = await policy.finalize(this.computedDiagnosis());
      const records: PhaseRecord[] = result.calls.map((call) => ({ type: 'ModelCalled' as const, ...call }));
      records.push({
        type: 'ProseWritten',
        model: policy.model ?? policy.name,
        entities: result.prose?.entities ?? [],
        alerts: result.prose?.alerts ?? [],
        note: result.error,
      });
      this.controller.record(records);
    }
    return this.computedDiagnosis();
  }

  /** The diagnosis of the ledger as it stands (with the model's prose once recorded). */
  computedDiagnosis(): Diagnosis {
    const store = this.options.store;
    return buildDiagnosis({
      state: this.controller.state,
      evidenceById: (id) => store.evidenceById(id),
      alerts: this.controller.state.started?.bootstrap?.alerts ?? alertInputs(store, this.bootstrap, this.graph),
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
    this.halt.abort();
    this.ledger?.close();
  }

  /** Every step and override passes here: persisted in one transaction, then announced. */
  protected commit(record: StepRecord): void {
    this.policyCalls += record.events.filter((e) => e.type === 'PolicyCalled').length;
    for (const packet of record.packets) this.packets.set(packet.hash, packet.json);
    this.ledger?.appendStep(record);
    this.options.onCommit?.(record);
  }
}

/**
 * The deadline reaches the policy as well as the limits check: the check stops the walk between
 * steps, the policy cuts the request in flight (the step then ends at once, and the check stops the walk).
 */
function tellDeadline({ policy, deadline }: InvestigationOptions): void {
  if (isPhasedPolicy(policy)) policy.setDeadline?.(deadline ?? null);
}

/** The alerts a diagnosis must account for: all but the noise the bootstrap set aside. */
function alertInputs(store: EvidenceStore, boot: BootstrapResult, graph: OperationalGraph): BootstrapRecord['alerts'] {
  const ignored = new Set(boot.ignoredAlerts.map((a) => a.id));
  return store.alerts().flatMap((a) => {
    if (a.detail.type !== 'alert' || ignored.has(a.id)) return [];
    // The walk judges a Pod's or a Deployment's alert at its Service (the seeds' representative).
    const node = graph.has(a.entity) ? graph.aliasService(a.entity) : null;
    return [
      { id: a.id, name: a.detail.name, entity: a.entity, severity: a.detail.severity, ...(node && node !== a.entity ? { node } : {}) },
    ];
  });
}

/** The bootstrap with run r's visit order among equal priorities; run 0 (and a single run) unchanged. */
function varied(boot: BootstrapResult, run: number | undefined): BootstrapResult {
  return run ? { ...boot, seeds: varyVisitOrder(boot.seeds, run) } : boot;
}

function hasHistory(ledgerFile: string): boolean {
  if (!existsSync(ledgerFile)) return false;
  const ledger = openLedger(ledgerFile);
  try {
    return ledger.events().length > 0;
  } finally {
    ledger.close();
  }
}

type PriorRecord = Omit<EventOf<'CasePriorGiven'>, 'seq'>;

/**
 * The seeds with the prior's root first (docs/cases.md §4): where similar past cases found the
 * cause is looked at first, as an analyst would; what it is labelled still rests on its own
 * evidence. Without a prior, or with a root this graph lacks, the seeds are as they were.
 */
function priorFirst(
  seeds: ReadonlyArray<{ node: string; reason: string }>,
  prior: PriorRecord | null,
): Array<{ node: string; reason: string }> {
  const root = prior?.root;
  if (!root) return [...seeds];
  return [{ node: root, reason: `prior: ${prior.line}` }, ...seeds.filter((s) => s.node !== root)];
}
