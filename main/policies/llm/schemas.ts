import { z } from 'zod';
import { HypothesisProposal, PolicyOutputBase } from '../../../core/model/index.js';

/** The explore phase answers with exactly the policy output of core/model (without hypotheses: the layer is off). */
export const ExploreReply = PolicyOutputBase;

/** Most hypotheses read from one explore reply (the prompt asks for at most 3). */
export const MAX_REPLY_HYPOTHESES = 8;

/**
 * With the hypothesis layer on, the reply also proposes and scores hypotheses (docs/hypotheses.md,
 * "Model-proposed hypotheses"); the controller's guard judges every one of them.
 */
export const ExploreHypothesesReply = PolicyOutputBase.extend({ hypotheses: z.array(HypothesisProposal).default([]) });

/**
 * One operation on the causal graph as the model writes it (docs/causal-graph.md §6): flat and
 * small, unused fields empty. `type`/`entity` name the anomaly (for add_causality the cause),
 * `to_type`/`to_entity` the effect, `alert` the alert's evidence id. Read into the core
 * CausalProposal one by one (causal.ts), so a malformed operation is a warning, not a failed reply.
 */
export const CausalOpReply = z.object({
  op: z.enum(['create_anomaly', 'link_alert', 'add_causality']),
  type: z.string(),
  entity: z.string(),
  to_type: z.string(),
  to_entity: z.string(),
  alert: z.string(),
  evidence: z.array(z.string()),
  why: z.string(),
});
export type CausalOpReply = z.infer<typeof CausalOpReply>;

/** Most causal operations one reply may carry before the rest are ignored (with a warning). */
export const MAX_REPLY_CAUSAL = 16;

/**
 * The explore reply for the layers that are on: what is sent as the schema (`wire`) and what
 * the reply is parsed with (`parse`: causal operations are taken as they come and read one by one).
 */
export function exploreReplyFor(layers: { hypotheses: boolean; causal: boolean }): { wire: z.ZodType; parse: ExploreReplySchema } {
  const base = layers.hypotheses ? ExploreHypothesesReply : ExploreReply;
  if (!layers.causal) return { wire: base, parse: base };
  return {
    wire: base.extend({ causal: z.array(CausalOpReply) }),
    parse: base.extend({ causal: z.array(z.unknown()).max(1000).optional() }),
  };
}

export type ExploreReplySchema = z.ZodType<z.infer<typeof ExploreHypothesesReply | typeof ExploreReply> & { causal?: unknown[] }>;

/** Map step of map-reduce: notes on one chunk, each citing ids of that chunk only. */
export const ChunkNotesReply = z.object({
  notes: z.array(z.object({ text: z.string(), evidence: z.array(z.string()) })),
});
export type ChunkNotesReply = z.infer<typeof ChunkNotesReply>;

/** Bootstrap: an index into the candidate windows and a subset of candidate seeds, in order. */
export const BootstrapReply = z.object({
  window: z.number().int().min(0),
  seeds: z.array(z.string()),
  reasoning: z.string(),
});
export type BootstrapReply = z.infer<typeof BootstrapReply>;

/** Finalize: prose only; everything the controller decided stays as it is. */
export const FinalizeReply = z.object({
  entities: z.array(z.object({ name: z.string(), reasoning: z.string() })),
  alerts: z.array(z.object({ alert: z.string(), explanation: z.string() })),
});
export type FinalizeReply = z.infer<typeof FinalizeReply>;

/** A step of the code drill's walk (docs/code-layer.md): expand to a neighbour, select a block, stop, or cross to a dependency the code names. */
export const CodeStepReply = z.discriminatedUnion('action', [
  z.object({ action: z.literal('expand'), block: z.string() }),
  z.object({ action: z.literal('select'), block: z.string(), reason: z.string(), evidence: z.array(z.string()) }),
  z.object({ action: z.literal('stop'), reason: z.string() }),
  z.object({ action: z.literal('cross'), entity: z.string(), block: z.string(), reason: z.string(), evidence: z.array(z.string()) }),
]);
export type CodeStepReply = z.infer<typeof CodeStepReply>;

/**
 * The JSON Schema sent as `response_format.json_schema`: the output shape (defaults become
 * required fields, objects closed), as OpenAI's strict mode requires.
 */
export function responseSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output' });
  return forStrictMode(rest);
}

/**
 * Drops what strict servers refuse or do not need: `default` (every field is required anyway)
 * and the safe-integer bounds zod adds to every `.int()`.
 */
function forStrictMode(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue;
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = clean(value);
  }
  return out;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object' && value !== null) return forStrictMode(Object.fromEntries(Object.entries(value)));
  return value;
}

/** The same schema as compact text, embedded in the system prompt for servers without json_schema. */
export function responseSchemaText(schema: z.ZodType): string {
  return JSON.stringify(responseSchemaOf(schema));
}
