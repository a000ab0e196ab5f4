import type { z } from 'zod';
import type { TokenCounter } from '../../../core/context/index.js';
import type { ModelCallRecord } from '../../../core/controller/index.js';
import type { ContextPacket, EvidenceItem, PolicyOutput } from '../../../core/model/index.js';
import { decideHeuristic } from '../../../core/policy/heuristic/index.js';
import { ask, type AskContext } from './ask.js';
import { readCausalOps } from './causal.js';
import { promptBudget, promptTokens } from './budget.js';
import { paginateEvidence } from './chunking.js';
import { ContextTooSmallError } from './errors.js';
import { fabricatedIds, clipOutput } from './grounding.js';
import { embedJson, renderPrompt, type PromptTemplate, type RenderedPrompt } from './prompts.js';
import { ChunkNotesReply, responseSchemaText } from './schemas.js';
import type { ExploreReplySchema } from './schemas.js';

export interface ExploreDeps {
  ctx: AskContext;
  explore: PromptTemplate;
  /** ExploreReply, or ExploreHypothesesReply when the hypothesis layer is on; with causal operations when that layer is on. */
  reply: ExploreReplySchema;
  /** The schema sent to the server (exploreReplyFor). */
  wire: z.ZodType;
  /** The anomaly types the causal operations may name (the knowledge's), or null: the causal layer is off. */
  anomalyTypes: string | null;
  chunk: PromptTemplate;
  count: TokenCounter;
}

export interface ExploreResult {
  output: PolicyOutput;
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  cached: boolean;
  calls: ModelCallRecord[];
  /** Why the heuristic judged the node instead (its output and rules are then the result's); null otherwise. */
  fallback: string | null;
  rules?: string[];
}

interface Note {
  chunk: number;
  text: string;
  evidence: string[];
}

/**
 * The explore phase for one packet: one ask when the prompt fits the model's context, else
 * map-reduce: notes per evidence chunk (each citing only its chunk), then a decision on the
 * packet without its evidence plus the notes.
 */
export async function explorePacket(deps: ExploreDeps, packet: ContextPacket): Promise<ExploreResult> {
  const budget = promptBudget(deps.ctx.options);
  const direct = renderExplore(deps, packet, '');
  if (promptTokens(direct, deps.count) <= budget)
    return withFallback(await decide(deps, packet, direct, new Set(packet.evidence.map((e) => e.id)), []), packet);
  try {
    const notes = await mapChunks(deps, packet, budget);
    return withFallback(await reduce(deps, packet, notes, budget), packet);
  } catch (error) {
    if (!(error instanceof ContextTooSmallError)) throw error;
    return withFallback({ output: null, error: error.message, tokensIn: 0, tokensOut: 0, cached: false, calls: [] }, packet);
  }
}

type Decided = Omit<ExploreResult, 'output' | 'fallback' | 'rules'> & { output: PolicyOutput | null };

/**
 * Degrade, don't stop: a node the model gave no usable judgement for is judged by the built-in
 * heuristic, and the result says so (the ledger records PolicyFellBack with the reason).
 */
function withFallback(decided: Decided, packet: ContextPacket): ExploreResult {
  if (decided.output !== null) return { ...decided, output: decided.output, fallback: null };
  const reason = decided.error ?? 'no usable answer';
  const verdict = decideHeuristic(packet);
  return {
    ...decided,
    output: {
      ...verdict.output,
      reasoning: [
        `the model gave no usable judgement (${reason.slice(0, 300)}); the built-in heuristic judged this node`,
        ...verdict.output.reasoning,
      ],
    },
    rules: verdict.rules,
    fallback: reason,
  };
}

function renderExplore(deps: ExploreDeps, packet: ContextPacket, notes: string): RenderedPrompt {
  return renderPrompt(deps.explore, {
    schema: responseSchemaText(deps.wire),
    node: packet.node,
    packet: embedJson(packet),
    notes,
    ...(deps.anomalyTypes === null ? {} : { anomalyTypes: deps.anomalyTypes }),
  });
}

async function decide(
  deps: ExploreDeps,
  packet: ContextPacket,
  prompt: RenderedPrompt,
  allowed: ReadonlySet<string>,
  earlierErrors: string[],
): Promise<Decided> {
  const outcome = await ask(deps.ctx, {
    template: deps.explore,
    prompt,
    schemaName: 'policy_output',
    schema: deps.reply,
    wire: deps.wire,
    phase: 'explore',
    node: packet.node,
    check: (value) => {
      const bad = fabricatedIds(value, allowed);
      return bad.length > 0
        ? `these evidence ids are not in the packet: ${bad.slice(0, 10).join(', ')}; cite only ids you were shown`
        : null;
    },
  });
  const errors = [...earlierErrors];
  if (outcome.error !== null) errors.unshift(outcome.error);
  // Invented ids are passed on as given: the controller's guard records them (ClaimRejected) and
  // sets the belief to Defer. Ids of the packet the model was not shown (map-reduce) are guesses:
  // removed here, said in the error, and a belief that cited one is not believed.
  let output: PolicyOutput | null = null;
  if (outcome.value !== null) {
    const { causal, ...judgement } = outcome.value;
    output = clipOutput(judgement);
    // Causal operations are read one by one: a malformed one is a warning, the judgement stands.
    if (deps.anomalyTypes !== null) {
      const reading = readCausalOps(causal);
      output = { ...output, causal: reading.proposals };
      errors.push(...reading.warnings);
    }
  }
  if (output !== null) {
    deps.ctx.stats.fabricatedIds += fabricatedIds(output, allowed).length;
    const unseen = unseenIds(output, packet, allowed);
    if (unseen.size > 0) {
      output = withoutIds(output, unseen);
      errors.push(`cited ${unseen.size} evidence id(s) it was not shown (${[...unseen].slice(0, 5).join(', ')}); removed`);
    }
  }
  return {
    output,
    error: errors.length > 0 ? errors.join('; ') : null,
    tokensIn: outcome.tokensIn,
    tokensOut: outcome.tokensOut,
    cached: outcome.cached,
    calls: outcome.calls,
  };
}

interface MapResult {
  notes: Note[];
  errors: string[];
  tokensIn: number;
  tokensOut: number;
  cached: boolean;
  calls: ModelCallRecord[];
}

async function mapChunks(deps: ExploreDeps, packet: ContextPacket, budget: number): Promise<MapResult> {
  const context = embedJson({ node: packet.node, entity: packet.entity, window: packet.window, incidentTime: packet.incidentTime });
  const render = (chunk: readonly EvidenceItem[], index: number, total: number): RenderedPrompt =>
    renderPrompt(deps.chunk, {
      schema: responseSchemaText(ChunkNotesReply),
      node: packet.node,
      index: String(index),
      total: String(total),
      context,
      chunk: embedJson(chunk),
    });
  const room = budget - promptTokens(render([], 999, 999), deps.count);
  if (room < 64) throw new ContextTooSmallError(budget - room + 64, budget);
  const { chunks, oversized } = paginateEvidence(packet.evidence, room, deps.count);
  const outcomes = await Promise.all(
    chunks.map((chunk, i) => {
      const allowed = new Set(chunk.map((e) => e.id));
      return ask(deps.ctx, {
        template: deps.chunk,
        prompt: render(chunk, i + 1, chunks.length),
        schemaName: 'chunk_notes',
        schema: ChunkNotesReply,
        phase: 'map',
        node: packet.node,
        check: (value) => {
          const bad = [...new Set(value.notes.flatMap((n) => n.evidence).filter((id) => !allowed.has(id)))];
          return bad.length > 0 ? `these ids are not in this chunk: ${bad.slice(0, 10).join(', ')}` : null;
        },
      }).then((outcome) => ({ outcome, allowed }));
    }),
  );
  const result: MapResult = { notes: [], errors: [], tokensIn: 0, tokensOut: 0, cached: outcomes.length > 0, calls: [] };
  outcomes.forEach(({ outcome, allowed }, i) => {
    result.calls.push(...outcome.calls);
    result.tokensIn += outcome.tokensIn;
    result.tokensOut += outcome.tokensOut;
    result.cached &&= outcome.cached;
    if (outcome.error !== null) result.errors.push(`chunk ${i + 1}: ${outcome.error}`);
    for (const note of outcome.value?.notes.slice(0, 6) ?? []) {
      result.notes.push({
        chunk: i + 1,
        text: note.text.slice(0, 400),
        evidence: [...new Set(note.evidence.filter((id) => allowed.has(id)))],
      });
    }
    if (outcome.value === null) result.notes.push({ chunk: i + 1, text: 'this chunk could not be assessed', evidence: [] });
  });
  if (oversized.length > 0)
    result.notes.push({
      chunk: 0,
      text: `${oversized.length} evidence item(s) too large for the model context were not read: ${oversized.map((e) => `${e.kind} ${e.id}`).join(', ')}`,
      evidence: [],
    });
  return result;
}

async function reduce(deps: ExploreDeps, packet: ContextPacket, mapped: MapResult, budget: number): Promise<Decided> {
  const stub: ContextPacket = { ...packet, evidence: [] };
  const notes = [...mapped.notes];
  const render = (kept: Note[], dropped: number): RenderedPrompt => {
    const left = dropped > 0 ? ` ${dropped} later note(s) were left out to fit the context.` : '';
    return renderExplore(
      deps,
      stub,
      `\nThe evidence was too large to show at once; it was read in chunks. Notes on it follow (cite only the ids they cite).${left}\n<notes>\n${embedJson(kept)}\n</notes>`,
    );
  };
  let prompt = render(notes, 0);
  while (promptTokens(prompt, deps.count) > budget) {
    if (notes.length === 0) throw new ContextTooSmallError(promptTokens(prompt, deps.count), budget);
    notes.pop();
    prompt = render(notes, mapped.notes.length - notes.length);
  }
  const decided = await decide(deps, packet, prompt, new Set(notes.flatMap((n) => n.evidence)), mapped.errors);
  return {
    ...decided,
    tokensIn: decided.tokensIn + mapped.tokensIn,
    tokensOut: decided.tokensOut + mapped.tokensOut,
    cached: decided.cached && mapped.cached,
    calls: [...mapped.calls, ...decided.calls],
  };
}

/** Ids of the packet that the model cited without having been shown them. */
function unseenIds(output: PolicyOutput, packet: ContextPacket, allowed: ReadonlySet<string>): Set<string> {
  const inPacket = new Set(packet.evidence.map((e) => e.id));
  return new Set(fabricatedIds(output, allowed).filter((id) => inPacket.has(id)));
}

function withoutIds(output: PolicyOutput, ids: ReadonlySet<string>): PolicyOutput {
  const isBeliefAffected = output.evidence.some((id) => ids.has(id));
  return {
    ...output,
    label: isBeliefAffected ? 'Defer' : output.label,
    evidence: output.evidence.filter((id) => !ids.has(id)),
    claims: output.claims.filter((c) => !c.evidence.some((id) => ids.has(id))),
    ...(output.hypotheses ? { hypotheses: output.hypotheses.filter((h) => ![...h.support, ...h.refute].some((id) => ids.has(id))) } : {}),
    ...(output.causal
      ? { causal: output.causal.filter((p) => !(p.op === 'link_alert' ? [p.alert] : p.evidence).some((id) => ids.has(id))) }
      : {}),
    reasoning: isBeliefAffected
      ? [...output.reasoning, `llm policy: label ${output.label} replaced by Defer (it cited evidence it was not shown)`]
      : output.reasoning,
  };
}
