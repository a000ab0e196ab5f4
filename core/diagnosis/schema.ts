import { z } from 'zod';
import { EvidenceKind, Extractor } from '../model/evidence.js';
import { DiagnosisHypothesis } from './hypotheses.js';
import { DiagnosisRedHerring } from './red-herrings.js';
import { modelRunFields } from './model-run.js';
import { DiagnosisCodeBlock } from './code.js';
import { DiagnosisCausalGraph } from './causal-graph.js';
import { votesFields } from './votes.js';
import { SimilarCase } from '../cases/similar.js';

const count = z.number().int().nonnegative();

/**
 * What a root cause accounts for (docs/algorithm.md, "Frontier"): the alerts on it or on what it
 * explains (as in alerts_explained), their count per severity tier, the entry points whose
 * symptoms it explains, and the degraded entities it explains (itself included) of all judged
 * degraded. `concurrent`: its whole effect is a minor alert on itself, beside a root that explains
 * more; it is listed after the others.
 */
export const DiagnosisExplains = z.object({
  alerts: z.array(z.string()),
  severity: z.object({ critical: count, warning: count, info: count }),
  entry: z.array(z.string()),
  anomalous: count,
  anomalous_total: count,
  concurrent: z.boolean(),
});
export type DiagnosisExplains = z.infer<typeof DiagnosisExplains>;

/** The diagnosis export (design.md §7): ITBench-compatible fields plus the workbench's own. */
export const DiagnosisEntity = z.object({
  name: z.string(),
  contributing_factor: z.boolean(),
  reasoning: z.string(),
  evidence: z.string(),
  /** The workbench's own: ids of the policy rules that fired for the entity's belief; absent when none were recorded. */
  rules: z.array(z.string()).optional(),
  /** The code layer's regions for an Origin whose service's source the snapshot carries; absent otherwise. */
  code: z.array(DiagnosisCodeBlock).optional(),
  /** The workbench's own: what a frontier entry explains (the frontier's order); absent for other entities. */
  explains: DiagnosisExplains.optional(),
});

export const DiagnosisPropagation = z.object({
  source: z.string(),
  target: z.string(),
  condition: z.string(),
  effect: z.string(),
});

export const DiagnosisAlert = z.object({
  alert: z.string(),
  explanation: z.string(),
  explained: z.boolean(),
});

export const DiagnosisEvidence = z.object({
  id: z.string(),
  entity: z.string(),
  kind: EvidenceKind,
  summary: z.string(),
  provenance: z.object({
    file: z.string(),
    line: z.number().int().positive().nullable(),
    sha256: z.string(),
    extractor: Extractor,
  }),
});

export const Diagnosis = z.object({
  entities: z.array(DiagnosisEntity),
  propagations: z.array(DiagnosisPropagation),
  alerts_explained: z.array(DiagnosisAlert),
  frontier: z.array(z.string()),
  ranking: z.array(z.object({ entity: z.string(), score: z.number() })),
  outcome: z.enum(['confident', 'no_confident_root_cause']),
  confidence: z.object({
    raw: z.number(),
    grounding: z.enum(['grounded', 'partial', 'ungrounded']),
    cap: z.number(),
    effective: z.number(),
    /** How often a stated `effective` was right on the real datasets (docs/scoring.md §8); absent from older ledgers. */
    calibrated: z.number().optional(),
  }),
  evidence: z.array(DiagnosisEvidence),
  run: z.object({
    policy: z.string(),
    model: z.string().nullable(),
    steps: z.number().int().nonnegative(),
    policyCalls: z.number().int().nonnegative(),
    tokensIn: z.number().int().nonnegative(),
    tokensOut: z.number().int().nonnegative(),
    snapshotHash: z.string(),
    settings: z.record(z.string(), z.unknown()),
  }),
  /** The hypothesis layer's causal graph; absent when the layer is off. */
  hypotheses: z.array(DiagnosisHypothesis).optional(),
  /** The causal-graph layer's validated graph and metrics (docs/causal-graph.md); absent when the layer is off. */
  causal_graph: DiagnosisCausalGraph.optional(),
  /** Changes that preceded nothing abnormal (refuted, red herrings); absent when there are none. */
  red_herrings: z.array(DiagnosisRedHerring).optional(),
  /** The most similar past cases of the case library, best first (docs/cases.md); absent without a library. */
  similar: z.array(SimilarCase).optional(),
  ...modelRunFields,
  ...votesFields,
});
export type Diagnosis = z.infer<typeof Diagnosis>;
