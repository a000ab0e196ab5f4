import type { EntityHints } from '../capture/entity-map.js';

/**
 * Prometheus labels that name where a series comes from (kube-state-metrics, cAdvisor and
 * the Kubernetes service-discovery relabelling use these names). `job` names a service
 * only when nothing more specific is there.
 */
const HINT_LABELS: readonly [keyof EntityHints, string][] = [
  ['namespace', 'namespace'],
  ['pod', 'pod'],
  ['deployment', 'deployment'],
  ['service', 'service'],
  ['node', 'node'],
];

/** The entity hints of a label set and the labels left for the record itself. */
export function splitLabels(labels: Record<string, string>): { hints: EntityHints; rest: Record<string, string> } {
  const hints: EntityHints = {};
  const used = new Set<string>(['__name__']);
  for (const [hint, label] of HINT_LABELS) {
    const value = labels[label];
    if (value) {
      hints[hint] = value;
      used.add(label);
    }
  }
  if (!hints.pod && !hints.deployment && !hints.service && !hints.node && labels.job) {
    hints.service = labels.job;
    used.add('job');
  }
  const rest = Object.fromEntries(Object.entries(labels).filter(([k]) => !used.has(k)));
  return { hints, rest };
}
