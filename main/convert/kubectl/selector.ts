import { isObject, type Json } from '../capture/values.js';

/**
 * Kubernetes label-selector semantics (apimachinery `LabelSelector`): every `matchLabels` pair
 * and every `matchExpressions` requirement (`In`, `NotIn`, `Exists`, `DoesNotExist`) must hold.
 * An empty selector (`{}`) selects everything; a missing one (null) nothing, as for a
 * PodDisruptionBudget or a NetworkPolicy's peers. A requirement with an unknown operator
 * selects nothing rather than everything.
 */
export function matchesSelector(labels: Readonly<Record<string, string>>, selector: unknown): boolean {
  if (!isObject(selector)) return false;
  const matchLabels = isObject(selector.matchLabels) ? selector.matchLabels : {};
  for (const [key, value] of Object.entries(matchLabels)) if (labels[key] !== value) return false;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.filter(isObject) : [];
  return expressions.every((e) => holds(labels, e));
}

function holds(labels: Readonly<Record<string, string>>, requirement: Json): boolean {
  const key = typeof requirement.key === 'string' ? requirement.key : null;
  if (key === null) return false;
  const values = Array.isArray(requirement.values) ? requirement.values.filter((v): v is string => typeof v === 'string') : [];
  const value = labels[key];
  switch (requirement.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    default:
      return false;
  }
}
