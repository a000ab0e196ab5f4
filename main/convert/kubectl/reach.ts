import { isObject, type Json } from '../capture/values.js';
import { describePick, readPodSelector, type PodPick, type SpecProblem } from './selector.js';

/** An object named by reference: `{kind, name}` (the kind may be left to the controller's default workload). */
export interface ObjectRef {
  kind: string | null;
  name: string;
  namespace: string | null;
}

/**
 * What an object of a kind the converter does not know acts on, read from the structure of its
 * spec alone (never from its kind or group): the pods its selector picks, the objects it names
 * by reference, the hosts it routes. Which of them the dumps hold is decided later.
 */
export interface Reach {
  pods: PodPick | null;
  refs: ObjectRef[];
  hosts: string[];
}

/** Fields that name the one object a controller acts on; under them a name alone is enough. */
const TARGET_REF_FIELDS = new Set(['scaleTargetRef', 'targetRef', 'workloadRef']);

/**
 * Reads an object's reach from its `spec` (at `path` in the file): `spec.selector` (any shape
 * `readPodSelector` reads); `spec.scaleTargetRef`, `spec.targetRef`, `spec.workloadRef` and any
 * other `{kind, name}` object (or list of them) directly under spec; `spec.hosts` and
 * `spec.host`. Null when the spec states none of them; what is malformed is a problem and is
 * left out.
 */
export function readReach(spec: unknown, path: SpecProblem['path'], problems: SpecProblem[]): Reach | null {
  if (!isObject(spec)) return null;
  const pods = readPodSelector(spec.selector, [...path, 'selector'], problems);
  const refs = Object.entries(spec).flatMap(([field, value]) => refsAt(field, value, [...path, field], problems));
  const hosts = [
    ...hostList(spec.hosts, [...path, 'hosts'], problems),
    ...hostList(spec.host === undefined ? undefined : [spec.host], [...path, 'host'], problems),
  ];
  return pods === null && refs.length === 0 && hosts.length === 0 ? null : { pods, refs, hosts };
}

function refsAt(field: string, value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): ObjectRef[] {
  if (TARGET_REF_FIELDS.has(field)) {
    const ref = refOf(value);
    if (ref === null && value !== undefined && value !== null)
      problems.push({ path, message: 'expected a reference {kind, name} with a name' });
    return ref ? [ref] : [];
  }
  const candidates = Array.isArray(value) && value.length > 0 && value.every(isKindAndName) ? value : [value];
  return candidates.filter(isKindAndName).flatMap((v) => refOf(v) ?? []);
}

const isKindAndName = (value: unknown): value is Json =>
  isObject(value) && typeof value.kind === 'string' && typeof value.name === 'string';

/** A reference's target; null without a name, or with a kind or namespace that is not a string. */
export function refOf(value: unknown): ObjectRef | null {
  if (!isObject(value)) return null;
  const { kind, name, namespace } = value;
  if (typeof name !== 'string' || name === '') return null;
  if (kind !== undefined && typeof kind !== 'string') return null;
  if (namespace !== undefined && typeof namespace !== 'string') return null;
  return { kind: kind || null, name, namespace: namespace || null };
}

function hostList(value: unknown, path: SpecProblem['path'], problems: SpecProblem[]): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((h) => typeof h === 'string')) return value.filter((h): h is string => typeof h === 'string');
  problems.push({ path, message: Array.isArray(value) ? 'expected host names (strings)' : 'expected a list of host names' });
  return [];
}

/**
 * The Service a host names, as cluster DNS resolves it from `namespace`: `svc`, `svc.ns`,
 * `svc.ns.svc` and `svc.ns.svc.<cluster domain>`. Null for other names (external hosts,
 * wildcards).
 */
export function serviceOfHost(host: string, namespace: string | null): { name: string; namespace: string | null } | null {
  const parts = host.replace(/\.$/, '').split('.');
  const [name, ns] = parts;
  if (name === undefined || parts.some((p) => p === '' || p.includes('*'))) return null;
  if (ns === undefined) return { name, namespace };
  return parts.length === 2 || parts[2] === 'svc' ? { name, namespace: ns } : null;
}

/** What a reach names, in a few words (`for Deployment web; for hosts cart`), or null. */
export function describeReach(reach: Reach): string | null {
  const parts = [
    reach.pods ? `for pods ${describePick(reach.pods)}` : null,
    ...reach.refs.map((r) => `for ${r.kind === null ? '' : `${r.kind} `}${r.name}`),
    reach.hosts.length > 0 ? `for hosts ${reach.hosts.join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}
