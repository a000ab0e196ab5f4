import type { ContextPacket, EntityId, Label } from '../model/index.js';
import type { OperationalGraph } from '../graph/index.js';
import { UnknownEntityError } from '../graph/index.js';
import { ControllerSettings, budgetLeft, canonicalJson, fold, sha256Hex } from '../ledger/index.js';
import type {
  BootstrapRecord,
  ControllerSettingsInput,
  EventOf,
  InvestigationState,
  LedgerEvent,
  NewLedgerEvent,
  RunStopReason,
} from '../ledger/index.js';
import { createBeliefView } from './belief-view.js';
import {
  ControllerBusyError,
  HypothesesOffError,
  LedgerMismatchError,
  PolicyCallError,
  SeedNotInGraphError,
  UnknownHypothesisError,
} from './errors.js';
import { activate, applyPolicyResult, broadcast, visitLimit } from './evaluate.js';
import type { EvaluationContext } from './evaluate.js';
import { computeFrontier } from './frontier.js';
import { citableFaults, toEvidenceRef } from './grounding.js';
import { Tick } from './tick.js';
import { concludeHypotheses } from '../hypotheses/index.js';
import { causalContext, causalStop, followCausal, remindCausal } from './causal.js';
import type { CompiledKnowledge } from '../causal/index.js';
import { aliasesIn, followFocus } from './hypotheses.js';
import type { OriginGate, PacketBuilder, Policy, Seed, StepRecord } from './types.js';

/** Events of the phases around the walk (bootstrap, finalize) that a host may record: they decide nothing. */
export type PhaseRecord = Extract<
  NewLedgerEvent,
  { type: 'ModelCalled' | 'PolicyConfigured' | 'BootstrapChosen' | 'ProseWritten' | 'ScopesFormed' | 'CasePriorGiven' }
>;

/** Why a run should stop before its fixed point (token cap, deadline), asked before every tick. */
export type StopCheck = () => { reason: RunStopReason; detail: string } | null;

export interface ControllerOptions {
  graph: OperationalGraph;
  settings?: ControllerSettingsInput;
  seeds: readonly Seed[];
  packets: PacketBuilder;
  policy: Policy;
  snapshotHash: string;
  /** Events of an existing ledger: the controller folds them and continues from there. */
  history?: readonly LedgerEvent[];
  /** The bootstrap's decisions, recorded in InvestigationStarted. */
  bootstrap?: BootstrapRecord | null;
  /** Called once per tick with everything to persist in one transaction; throwing undoes the tick. */
  onStep?: (record: StepRecord) => void;
  /**
   * The verification gate's test (types.ts); by default the packet's citable faults that are not
   * suspicious text. The session passes the heuristic's standing causes.
   */
  originGate?: OriginGate;
  /**
   * Where to look when the walk reaches its fixed point without any Origin: entities whose own
   * signals departed furthest from their normal, furthest first (the session passes them when
   * no golden-signal alert fired). Each is queued once, as a `reminder`. Asked for only when a
   * walk ends that way, so finding them costs nothing to a walk that found its Origin.
   */
  fallbackSeeds?: () => ReadonlyArray<{ node: EntityId; note: string }>;
  /** Phase records written right after InvestigationStarted (the bootstrap phase's calls and choice). */
  preamble?: readonly PhaseRecord[];
  /** The compiled operational knowledge; required when `settings.causal` is on (and must be the one it names). */
  knowledge?: CompiledKnowledge;
  /**
   * A layer's reaction to each tick's judgements (the alert scopes' messages, docs/scopes.md),
   * emitted at the end of the same tick; Activated events among them steer the queue.
   */
  react?: (state: InvestigationState, tick: readonly LedgerEvent[]) => readonly NewLedgerEvent[];
}

export interface Controller {
  readonly events: readonly LedgerEvent[];
  /** The live state (the fold of `events`). Read it, never mutate it; use fold() for a copy. */
  readonly state: InvestigationState;
  readonly settings: ControllerSettings;
  /**
   * One tick: up to `concurrency` evaluations, or Finished. Null when already finished.
   * Stepping a paused investigation advances it without resuming it. A `signal` that aborts
   * while the policy is answering drops the tick: nothing is written (like a kill), null.
   */
  step(options?: { signal?: AbortSignal }): Promise<StepRecord | null>;
  /**
   * Steps until finished, paused or aborted; returns the Finished event when finished. An abort
   * is a kill: the tick in flight is dropped, nothing more is written.
   */
  run(options?: { signal?: AbortSignal; shouldStop?: StopCheck }): Promise<EventOf<'Finished'> | null>;
  pause(): void;
  /** A human-asserted label: pins the node and re-activates its neighbours. */
  applyOverride(node: EntityId, label: Label, note: string): StepRecord;
  /** An analyst rejects or pins a hypothesis (hypothesis layer only); the focus re-settles. */
  judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): StepRecord;
  /** Appends records of a phase around the walk (finalize's calls and prose); they change no belief. */
  record(events: readonly PhaseRecord[]): StepRecord;
  /**
   * Records what a layer beyond the walk found (the code layer's drill into an Origin's
   * source), in one transaction like a tick; beliefs are not touched. `visits` are entities
   * the layer sends the walk to (a dependency the code names, reason `code`): queued by the
   * controller's own rules (visit limit, damping, pins), so a finished walk goes on.
   */
  recordLayerEvents(events: readonly NewLedgerEvent[], visits?: readonly { node: EntityId; by: EntityId }[]): StepRecord;
}

/** The smallest budget a system is given when none is asked for. */
export const MIN_DEFAULT_BUDGET = 50;
/**
 * The largest: a run on a fleet of hundreds of services stays bounded in time and in model
 * calls unless the analyst asks for more (`--budget`, the app's Budget field).
 */
export const MAX_DEFAULT_BUDGET = 150;
/** Evaluations per service when none is asked for: each looked at once, with room to revise its neighbours. */
export const BUDGET_PER_SERVICE = 3;

/** The evaluation budget of a run that names none: three per service of the graph, from 50 to 150. */
export function defaultBudget(graph: OperationalGraph): number {
  const services = graph.ids().filter((id) => graph.entity(id).kind === 'Service').length;
  return Math.min(MAX_DEFAULT_BUDGET, Math.max(MIN_DEFAULT_BUDGET, BUDGET_PER_SERVICE * services));
}

function resolveSettings(options: ControllerOptions): ControllerSettings {
  const requested = options.settings === undefined ? null : ControllerSettings.parse(options.settings);
  const history = options.history ?? [];
  if (history.length > 0) {
    const first = history[0];
    const started = first?.type === 'InvestigationStarted' ? first : null;
    if (!started) throw new LedgerMismatchError('it has no InvestigationStarted event');
    if (started.snapshotHash !== options.snapshotHash) throw new LedgerMismatchError(`snapshot ${started.snapshotHash}`);
    if (started.policy.name !== options.policy.name || started.policy.model !== options.policy.model) {
      throw new LedgerMismatchError(`policy ${started.policy.name}/${started.policy.model ?? 'no model'}`);
    }
    // A resume that names no budget goes on with the recorded one.
    const asked = requested && { ...requested, budget: requested.budget ?? started.settings.budget };
    if (asked && canonicalJson(asked) !== canonicalJson(started.settings)) {
      throw new LedgerMismatchError(`settings ${canonicalJson(started.settings)}`);
    }
    return started.settings;
  }
  const { budget, ...rest } = requested ?? ControllerSettings.parse({});
  // The budget stays the first key, where the schema puts it: the recorded settings read as before.
  return { budget: budget ?? defaultBudget(options.graph), ...rest };
}

export function createController(options: ControllerOptions): Controller {
  const { graph, policy } = options;
  const settings = resolveSettings(options);
  const ctx: EvaluationContext = { graph, settings, policy, originGate: options.originGate ?? citableFaults };
  const causal = causalContext(graph, settings.causal, options.knowledge);
  const events: LedgerEvent[] = [...(options.history ?? [])];
  let state = fold(events);
  let isBusy = false;
  let isRunLoopActive = false;
  let isPauseRequested = false;

  function commit(tick: Tick): StepRecord {
    const record: StepRecord = { events: tick.events, packets: tick.packets, metrics: tick.metrics };
    try {
      options.onStep?.(record);
    } catch (error) {
      state = fold(events);
      throw error;
    }
    for (const event of tick.events) events.push(event);
    return record;
  }

  function start(): void {
    for (const seed of options.seeds) if (!graph.has(seed.node)) throw new SeedNotInGraphError(seed.node);
    const tick = new Tick(state);
    tick.emit({
      type: 'InvestigationStarted',
      snapshotHash: options.snapshotHash,
      settings,
      policy: { name: policy.name, model: policy.model },
      bootstrap: options.bootstrap ?? null,
    });
    for (const event of options.preamble ?? []) tick.emit(event);
    for (const seed of options.seeds) {
      if (!state.active.has(seed.node)) tick.emit({ type: 'Activated', node: seed.node, reason: 'seed', by: null, note: seed.reason });
    }
    commit(tick);
  }

  /** Rule 1: pop nodes, dropping finished ones and moving cooling ones behind the others. */
  function pickNodes(tick: Tick): EntityId[] {
    const picks: EntityId[] = [];
    const cooled = new Set<EntityId>();
    const limit = Math.min(settings.concurrency, budgetLeft(state));
    while (picks.length < limit) {
      const node = state.active.peek();
      if (node === null) break;
      const entry = state.nodes.get(node);
      const visits = entry?.visits ?? 0;
      if (entry?.isDamped) tick.emit({ type: 'Skipped', node, reason: 'damped' });
      else if (entry?.isPinned) tick.emit({ type: 'Skipped', node, reason: 'pinned' });
      else if (visits >= visitLimit(settings)) tick.emit({ type: 'Skipped', node, reason: 'max_visits' });
      else {
        const evaluation = state.evaluations + 1;
        const last = entry?.lastEvaluation ?? null;
        // A node that every other waiting node has already been moved behind is evaluated anyway.
        if (last !== null && evaluation - last < settings.cooldown && state.active.size > 1 && !cooled.has(node)) {
          cooled.add(node);
          tick.emit({ type: 'Requeued', node });
          continue;
        }
        tick.emit({ type: 'StepStarted', node, evaluation });
        picks.push(node);
      }
    }
    return picks;
  }

  function buildPacket(tick: Tick, node: EntityId): ContextPacket {
    const packet = options.packets.build(node, createBeliefView(graph, state));
    const json = canonicalJson(packet);
    const hash = sha256Hex(json);
    tick.packets.push({ hash, json });
    tick.emit({
      type: 'PacketBuilt',
      node,
      packetHash: hash,
      tokenCount: packet.tokenCount,
      window: packet.window,
      evidence: packet.evidence.map(toEvidenceRef),
    });
    return packet;
  }

  async function step(stepOptions: { signal?: AbortSignal } = {}): Promise<StepRecord | null> {
    const record = await stepOnce(stepOptions.signal);
    // A pause requested during a manual step takes effect now, not at the next run().
    if (isPauseRequested && !isRunLoopActive) emitPaused();
    return record;
  }

  async function stepOnce(signal?: AbortSignal): Promise<StepRecord | null> {
    if (isBusy) throw new ControllerBusyError('start another step');
    if (state.status === 'finished') return null;
    const explained = causal ? causalStop(state, causal, seedNodes()) : null;
    if (explained !== null) {
      return stop('causal_explained', explained);
    }
    isBusy = true;
    const tick = new Tick(state);
    try {
      let picks = pickNodes(tick);
      if (picks.length === 0 && remindFallback(tick)) picks = pickNodes(tick);
      if (picks.length === 0) {
        const reason = budgetLeft(state) === 0 && state.active.size > 0 ? 'budget' : 'fixed_point';
        if (settings.hypotheses) concludeHypotheses(tick, settings.hypotheses, aliasesIn(ctx));
        tick.emit({ type: 'Finished', reason, ...computeFrontier(state) });
        return commit(tick);
      }
      const packets = picks.map((node) => buildPacket(tick, node));
      const results = await Promise.all(
        picks.map((node, i) =>
          policy.evaluate(packets[i] as ContextPacket).catch((error: unknown) => {
            throw new PolicyCallError(node, policy.name, error);
          }),
        ),
      );
      // Aborted while the policy answered (its request may have been cut): the tick is dropped.
      if (signal?.aborted) {
        state = fold(events);
        return null;
      }
      // Results are applied in pop order whatever order they arrived in: byte-identical ledgers.
      picks.forEach((node, i) => applyPolicyResult(tick, ctx, node, packets[i] as ContextPacket, results[i] as (typeof results)[number]));
      if (causal) {
        followCausal(
          tick,
          causal,
          picks,
          packets,
          results.map((r) => r.output),
        );
        remindCausal(tick, causal, ctx);
      }
      if (settings.hypotheses) followFocus(tick, ctx, settings.hypotheses);
      for (const event of options.react?.(state, tick.events) ?? []) tick.emit(event);
      return commit(tick);
    } catch (error) {
      state = fold(events);
      throw error;
    } finally {
      isBusy = false;
    }
  }

  /**
   * A walk that found no Origin has not explained the incident; before it concludes, it looks
   * where the signals departed furthest from normal, as an analyst would before giving up.
   * Only entities never visited, so a concluded walk concludes.
   */
  let fallback: ReadonlyArray<{ node: EntityId; note: string }> | null = null;
  function remindFallback(tick: Tick): boolean {
    if (budgetLeft(state) === 0) return false;
    if ([...state.nodes.values()].some((n) => n.belief?.label === 'Origin')) return false;
    let queued = false;
    fallback ??= options.fallbackSeeds?.() ?? [];
    for (const seed of fallback) {
      if (!ctx.graph.has(seed.node) || (state.nodes.get(seed.node)?.visits ?? 0) > 0 || state.active.has(seed.node)) continue;
      tick.emit({ type: 'Activated', node: seed.node, reason: 'reminder', by: null, note: seed.note });
      queued = true;
    }
    return queued;
  }

  function emitPaused(): void {
    isPauseRequested = false;
    if (state.status === 'paused' || state.status === 'finished') return;
    const tick = new Tick(state);
    tick.emit({ type: 'Paused' });
    commit(tick);
  }

  let seeds: string[] | null = null;
  /** The seeds the ledger recorded (InvestigationStarted's tick), read once. */
  function seedNodes(): readonly string[] {
    seeds ??= events.filter((e) => e.type === 'Activated' && e.reason === 'seed').map((e) => (e as EventOf<'Activated'>).node);
    return seeds;
  }

  /** Ends the walk early for a limit other than the evaluation budget: RunStopped, then Finished. */
  function stop(reason: RunStopReason, detail: string): StepRecord {
    const tick = new Tick(state);
    tick.emit({ type: 'RunStopped', reason, detail });
    if (settings.hypotheses) concludeHypotheses(tick, settings.hypotheses, aliasesIn(ctx));
    tick.emit({ type: 'Finished', reason: 'budget', ...computeFrontier(state) });
    return commit(tick);
  }

  async function run(runOptions: { signal?: AbortSignal; shouldStop?: StopCheck } = {}): Promise<EventOf<'Finished'> | null> {
    if (isRunLoopActive) throw new ControllerBusyError('start a second run');
    isRunLoopActive = true;
    try {
      if (state.status === 'paused') {
        const tick = new Tick(state);
        tick.emit({ type: 'Resumed' });
        commit(tick);
      }
      while (state.status !== 'finished') {
        // An abort is like a kill: nothing is written, the ledger resumes where it stopped.
        if (runOptions.signal?.aborted) return null;
        if (isPauseRequested) {
          emitPaused();
          return null;
        }
        const limit = runOptions.shouldStop?.() ?? null;
        if (limit !== null) {
          stop(limit.reason, limit.detail);
          break;
        }
        await stepOnce(runOptions.signal);
      }
      return state.finished;
    } finally {
      isRunLoopActive = false;
    }
  }

  function applyOverride(node: EntityId, label: Label, note: string): StepRecord {
    if (isBusy) throw new ControllerBusyError('apply an override');
    if (!graph.has(node)) throw new UnknownEntityError(node);
    const tick = new Tick(state);
    try {
      tick.emit({ type: 'AnalystOverride', node, label, note, provenance: 'analyst' });
      const previous = state.nodes.get(node)?.belief ?? null;
      const belief = { label, evidence: previous?.evidence ?? [], summary: `Analyst: ${note}`, confidence: 1 };
      tick.emit({ type: 'BeliefSet', node, belief, previous, source: 'analyst', reasoning: [`analyst override: ${note}`] });
      broadcast(tick, ctx, node, 'override');
      if (settings.hypotheses) followFocus(tick, ctx, settings.hypotheses);
      return commit(tick);
    } catch (error) {
      state = fold(events);
      throw error;
    }
  }

  function judgeHypothesis(id: string, action: 'reject' | 'pin', note: string): StepRecord {
    if (isBusy) throw new ControllerBusyError('judge a hypothesis');
    if (!settings.hypotheses) throw new HypothesesOffError();
    if (!state.hypotheses.hypotheses.has(id)) throw new UnknownHypothesisError(id);
    const tick = new Tick(state);
    try {
      tick.emit({ type: 'AnalystHypothesis', id, action, note, provenance: 'analyst' });
      followFocus(tick, ctx, settings.hypotheses);
      return commit(tick);
    } catch (error) {
      state = fold(events);
      throw error;
    }
  }

  function record(phaseEvents: readonly PhaseRecord[]): StepRecord {
    return recordOutsideWalk(phaseEvents, 'record a phase');
  }

  function recordLayerEvents(layerEvents: readonly NewLedgerEvent[], visits: readonly { node: EntityId; by: EntityId }[] = []): StepRecord {
    for (const v of visits) if (!graph.has(v.node)) throw new UnknownEntityError(v.node);
    return recordOutsideWalk(layerEvents, 'record layer events', visits);
  }

  /** One transaction of events that change no belief (a phase's records, a layer's findings, the visits it asks for). */
  function recordOutsideWalk(
    extra: readonly NewLedgerEvent[],
    what: string,
    visits: readonly { node: EntityId; by: EntityId }[] = [],
  ): StepRecord {
    if (isBusy) throw new ControllerBusyError(what);
    const tick = new Tick(state);
    try {
      for (const event of extra) tick.emit(event);
      for (const v of visits) activate(tick, ctx, v.node, 'code', v.by);
      return commit(tick);
    } catch (error) {
      state = fold(events);
      throw error;
    }
  }

  if (events.length === 0) start();

  return {
    get events() {
      return events;
    },
    get state() {
      return state;
    },
    settings,
    step,
    run,
    pause() {
      if (isBusy || isRunLoopActive) isPauseRequested = true;
      else emitPaused();
    },
    applyOverride,
    judgeHypothesis,
    record,
    recordLayerEvents,
  };
}
