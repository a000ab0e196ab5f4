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

/** What is wrong with one field of an object's spec, at its path in the file (warned with its line). */
export interface SpecProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The pods an object picks: those its label selector (`matchLabels`, `matchExpressions`)
 * matches in the listed namespaces (its own when none are listed), or the pods named.
 */
export type PodPick =
  | { selector: { matchLabels: Record<string, string>; matchExpressions: Json[] }; namespaces: string[] | null }
  | { pods: { namespace: string; name: string }[] };

const OPERATORS = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);
/** The keys of the shape that lists namespaces and pods beside the labels (fault-injection tools use it). */
const LISTING_KEYS = ['labelSelectors', 'expressionSelectors', 'namespaces', 'pods'];

/**
 * Reads a `spec.selector` of any of the shapes controllers use: a LabelSelector
 * (`matchLabels`, `matchExpressions`); `labelSelectors` (+ `expressionSelectors`) with optional
 * `namespaces`, or `pods: {namespace: [names]}` (which then alone decides); a plain map of label
 * values. A selector that states nothing picks nothing (a controller may read `{}` as "every
 * pod", but linking every pod would say nothing). A malformed one is a problem and picks
 * nothing: ignoring only its bad part could widen it.
 */
export function readPodSelector(selector: unknown, path: SpecProblem['path'], problems: SpecProblem[]): PodPick | null {
  if (selector === undefined || selector === null) return null;
  if (!isObject(selector)) {
    problems.push({ path, message: 'expected a label selector (an object)' });
    return null;
  }
  const before = problems.length;
  const pick = pickOf(selector, path, problems);
  return problems.length > before ? null : pick;
}

function pickOf(selector: Json, path: SpecProblem['path'], problems: SpecProblem[]): PodPick | null {
  if ('matchLabels' in selector || 'matchExpressions' in selector) {
    const matchLabels = labelValues(selector.matchLabels, [...path, 'matchLabels'], problems);
    const matchExpressions = requirements(selector.matchExpressions, [...path, 'matchExpressions'], problems);
    return labelPick(matchLabels, matchExpressions, null);
  }
  if (LISTING_KEYS.some((key) => key in selector)) {
    const pods = podNames(selector.pods, [...path, 'pods'], problems);
    if (pods.length > 0) return { pods };
    const matchLabels = labelValues(selector.labelSelectors, [...path, 'labelSelectors'], problems);
    const matchExpressions = requirements(selector.expressionSelectors, [...path, 'expressionSelectors'], problems);
    const namespaces = strings(selector.namespaces, [...path, 'namespaces'], problems);
    return labelPick(matchLabels, matchExpressions, namespaces.length > 0 ? namespaces : null);
  }
  const bad = Object.entries(selector).find(([, v]) => typeof v !== 'string');
  if (bad) {
    problems.push({
      path: [...path, bad[0]],
      message: 'expected matchLabels/matchExpressions, labelSelectors/namespaces/pods, or label values',
    });
    return null;
  }
  return labelPick(onlyStrings(selector), [], null);
}

function labelPick(matchLabels: Record<string, string>, matchExpressions: Json[], namespaces: string[] | null): PodPick | null {
  if (Object.keys(matchLabels).length === 0 && matchExpressions.length === 0 && namespaces === null) return null;
  return { selector: { matchLabels, matchExpressions }, namespaces };
}

function labelValues(value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (isObject(value) && Object.values(value).every((v) => typeof v === 'string')) return onlyStrings(value);
  problems.push({ path, message: 'expected an object of label values' });
  return {};
}

function requirements(value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'expected a list of requirements' });
    return [];
  }
  value.forEach((r, i) => {
    const isValid =
      isObject(r) &&
      typeof r.key === 'string' &&
      typeof r.operator === 'string' &&
      OPERATORS.has(r.operator) &&
      (r.values === undefined || (Array.isArray(r.values) && r.values.every((v) => typeof v === 'string')));
    if (!isValid) problems.push({ path: [...path, i], message: `expected {key, operator (${[...OPERATORS].join(', ')}), values}` });
  });
  return value.filter(isObject);
}

function strings(value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.filter((v): v is string => typeof v === 'string');
  problems.push({ path, message: 'expected a list of strings' });
  return [];
}

function podNames(value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): { namespace: string; name: string }[] {
  if (value === undefined || value === null) return [];
  if (!isObject(value)) {
    problems.push({ path, message: 'expected an object of namespace: [pod names]' });
    return [];
  }
  return Object.entries(value).flatMap(([namespace, names]) =>
    strings(names, [...path, namespace], problems).map((name) => ({ namespace, name })),
  );
}

const onlyStrings = (object: Json): Record<string, string> =>
  Object.fromEntries(Object.entries(object).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** A pick in a few words: `app=cart, tier In (web, api) in shop`, or the pods named. */
export function describePick(pick: PodPick): string {
  if ('pods' in pick) return pick.pods.map((p) => `${p.namespace}/${p.name}`).join(', ');
  const { matchLabels, matchExpressions } = pick.selector;
  const requirements = [
    ...Object.entries(matchLabels).map(([key, value]) => `${key}=${value}`),
    ...matchExpressions.map((e) => `${String(e.key)} ${String(e.operator)}${Array.isArray(e.values) ? ` (${e.values.join(', ')})` : ''}`),
  ];
  const selected = requirements.length > 0 ? requirements.join(', ') : 'all';
  return pick.namespaces ? `${selected} in ${pick.namespaces.join(', ')}` : selected;
}
