import { z } from 'zod';

/**
 * The operational knowledge (docs/causal-graph.md): anomaly types, what can indicate each, and
 * the direct causal relations between types. A YAML document validated by this schema; the
 * default for Kubernetes microservices is resources/knowledge/default.yaml.
 */

/** Where a signal comes from; each evidence item has exactly one source (core/causal/signature.ts). */
export const indicatorSources = ['alert', 'log', 'metric', 'event', 'change', 'trace'] as const;
export const IndicatorSource = z.enum(indicatorSources);
export type IndicatorSource = z.infer<typeof IndicatorSource>;

const TypeId = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a type id is lower_snake_case');

/** A regular expression, checked when the file is read (case-insensitive when matched). */
const Pattern = z.string().refine(
  (text) => {
    try {
      new RegExp(text, 'i');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

export const Indicator = z
  .object({
    source: IndicatorSource,
    /** Matched against the item's signature (alert name, log template, metric name, event reason, change kind and paths, trace facets). */
    pattern: Pattern.optional(),
    /** Metric anomalies only: the direction of the deviation. */
    direction: z.enum(['up', 'down']).optional(),
    /** Logs only: the template is an error (error level or an error word). */
    error: z.boolean().optional(),
  })
  .strict();
export type Indicator = z.infer<typeof Indicator>;

export const AnomalyTypeSpec = z
  .object({
    id: TypeId,
    description: z.string().default(''),
    indicators: z.array(Indicator).default([]),
  })
  .strict();
export type AnomalyTypeSpec = z.infer<typeof AnomalyTypeSpec>;

export const RelationSpec = z
  .object({
    from: TypeId,
    to: TypeId,
    /** One line an SRE would say: why `from` causes `to`. */
    why: z.string().min(1),
    /**
     * Where the effect lands: `same` (the entity itself), `dependents` (what depends on the cause:
     * its callers, the pods on a node, what a ConfigMap configures), `dependencies` (what the cause
     * depends on: its callees), `adjacent` (either way) or `any` (the entity itself or either way).
     */
    scope: z.enum(['same', 'dependents', 'dependencies', 'adjacent', 'any']).default('any'),
  })
  .strict();
export type RelationSpec = z.infer<typeof RelationSpec>;

export const KnowledgeDocument = z
  .object({
    /** The document format's version; this reader knows 1. */
    format: z.literal(1),
    name: z.string().min(1),
    /** The content's version, bumped by whoever edits it; recorded in every ledger that uses it. */
    version: z.string().min(1),
    /** `extend` (default) adds to the knowledge it is loaded over; `replace` stands alone. */
    mode: z.enum(['extend', 'replace']).default('extend'),
    types: z.array(AnomalyTypeSpec).default([]),
    relations: z.array(RelationSpec).default([]),
  })
  .strict();
export type KnowledgeDocument = z.infer<typeof KnowledgeDocument>;
