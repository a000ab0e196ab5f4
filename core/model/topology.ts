import { z } from 'zod';

export const relations = ['calls', 'depends_on', 'contains', 'runs_on', 'configures'] as const;
export const Relation = z.enum(relations);
export type Relation = z.infer<typeof Relation>;

export const Entity = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  name: z.string().min(1),
  namespace: z.string().nullable().default(null),
  labels: z.record(z.string(), z.string()).default({}),
  attrs: z.record(z.string(), z.unknown()).default({}),
});
export type Entity = z.infer<typeof Entity>;

export const TopologyEdge = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  relation: Relation,
});
export type TopologyEdge = z.infer<typeof TopologyEdge>;

export const Topology = z.object({
  entities: z.array(Entity),
  edges: z.array(TopologyEdge),
});
export type Topology = z.infer<typeof Topology>;
