import type { DiffEntry } from './diff.js';

export type ChangeKind = 'config' | 'deploy' | 'scale' | 'image' | 'feature_flag' | 'other';

const WORKLOAD_KINDS = new Set(['deployment', 'statefulset', 'daemonset', 'replicaset', 'job', 'cronjob', 'pod']);
const CONFIG_KINDS = new Set(['configmap', 'secret']);
const FLAG_KINDS = new Set(['featureflag', 'featureflagsource', 'featureflagconfiguration']);

const IMAGE_PATH = /(?:^|\.)(?:containers|initContainers|ephemeralContainers)\[[^\]]*\]\.image$/;
const SCALE_PATH = /^spec\.(?:replicas|minReplicas|maxReplicas|parallelism)$/;
/** flagd and similar providers keep flags in a ConfigMap key or env var that says so. */
const FLAG_WORD = /flag|feature|toggle/i;
const CONFIG_PATH = /\.(?:env|envFrom|args|command|resources|volumes|volumeMounts|livenessProbe|readinessProbe|startupProbe)(?:\[|\.|$)/;
const POD_TEMPLATE = /^spec\.template\./;

/**
 * What kind of change a diff of one object is, for the change evidence kinds of
 * design.md §5. The most specific kind wins: image, then feature flag, then scale (only
 * when nothing else changed), then config, then deploy (a pod template change that
 * rolls pods, e.g. a restart annotation), then other.
 */
export function classifyChange(kind: string, diff: readonly DiffEntry[]): ChangeKind {
  const k = kind.toLowerCase();
  const paths = diff.map((d) => d.path);
  if (paths.length === 0) return 'other';
  if (paths.some((p) => IMAGE_PATH.test(p))) return 'image';
  if (FLAG_KINDS.has(k) || paths.some((p) => isFlagPath(k, p))) return 'feature_flag';
  const nonScale = paths.filter((p) => !SCALE_PATH.test(p));
  if (nonScale.length === 0) return 'scale';
  if (CONFIG_KINDS.has(k) && nonScale.some((p) => /^(?:data|binaryData|stringData)(?:\.|\[|$)/.test(p))) return 'config';
  if (nonScale.some((p) => CONFIG_PATH.test(p))) return 'config';
  if (WORKLOAD_KINDS.has(k) && nonScale.some((p) => POD_TEMPLATE.test(p) || p.startsWith('spec.containers'))) return 'deploy';
  if (k === 'service' && nonScale.some((p) => p.startsWith('spec.'))) return 'config';
  return 'other';
}

function isFlagPath(kind: string, path: string): boolean {
  if (CONFIG_KINDS.has(kind)) return /^(?:data|binaryData|stringData)/.test(path) && FLAG_WORD.test(path);
  // An env var whose name says it is a flag.
  return /\.env\[[^\]]*\]/.test(path) && FLAG_WORD.test(path.slice(path.indexOf('.env[')));
}
