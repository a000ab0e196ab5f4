export type EventCategory =
  | 'oom_killed'
  | 'crash_loop'
  | 'back_off'
  | 'image_pull'
  | 'failed_scheduling'
  | 'probe_failure'
  | 'evicted'
  | 'failed_mount'
  | 'node_not_ready'
  | 'node_pressure'
  | 'failed_create'
  | 'container_failed'
  | 'killing'
  | 'other_warning'
  | 'normal';

/**
 * A failure event whose cumulative count (Kubernetes' `count`) had reached this when it was
 * seen began long before the incident: a restart loop that has run for hours is chronic noise,
 * not the onset (the bootstrap does not seed it; the heuristic does not cite it as a cause).
 */
export const CHRONIC_FAILURE_COUNT = 10;

export interface EventClassification {
  /** A failure of the object itself, strong enough to seed an investigation. */
  isFailure: boolean;
  category: EventCategory;
}

interface Rule {
  category: EventCategory;
  reason?: RegExp;
  message?: RegExp;
}

/** First match wins: specific causes (OOM) before the generic symptoms they produce (BackOff). */
const FAILURE_RULES: readonly Rule[] = [
  { category: 'oom_killed', reason: /^(?:OOMKill(?:ed|ing)|SystemOOM)$/i },
  { category: 'oom_killed', message: /\bOOMKilled\b|out of memory|\boom[- ]?kill/i },
  { category: 'image_pull', reason: /^(?:ImagePullBackOff|ErrImagePull|ErrImageNeverPull|InvalidImageName|Failed(?:ToPull)?Image)$/i },
  { category: 'image_pull', message: /ImagePullBackOff|ErrImagePull|Failed to pull image|Back-off pulling image/i },
  { category: 'crash_loop', reason: /^CrashLoopBackOff$/i },
  { category: 'crash_loop', message: /CrashLoopBackOff|Back-off restarting failed container/i },
  { category: 'back_off', reason: /^BackOff$/i },
  { category: 'failed_scheduling', reason: /^(?:FailedScheduling|Unschedulable|NotTriggerScaleUp)$/i },
  { category: 'probe_failure', reason: /^(?:Unhealthy|ProbeWarning)$/i },
  { category: 'probe_failure', message: /(?:Liveness|Readiness|Startup) probe failed/i },
  { category: 'evicted', reason: /^(?:Evicted|Preempted|Evicting|TaintManagerEviction)$/i },
  { category: 'failed_mount', reason: /^(?:FailedMount|FailedAttachVolume|FailedMapVolume)$/i },
  { category: 'node_not_ready', reason: /^(?:NodeNotReady|NodeNotSchedulable|NetworkNotReady|Rebooted)$/i },
  {
    category: 'node_pressure',
    reason: /^(?:NodeHas(?:Insufficient|Disk|PID|Memory)\w*|EvictionThresholdMet|FreeDiskSpaceFailed|ImageGCFailed)$/i,
  },
  {
    category: 'failed_create',
    reason: /^(?:FailedCreate(?:PodSandBox|PodContainer)?|FailedKillPod|FailedPostStartHook|FailedPreStopHook)$/i,
  },
  {
    category: 'container_failed',
    reason: /^(?:Failed|Error|ContainerCannotRun|CreateContainerError|CreateContainerConfigError|RunContainerError)$/i,
  },
];

/**
 * Classifies a Kubernetes event. Reasons are matched exactly (case-insensitively) and
 * messages (of non-Normal events) only for patterns that are unambiguous, because
 * messages are free text from a hostile snapshot. `Killing` is a failure only when the message says OOM (otherwise
 * it is a normal rollout or scale-down); an unrecognised Warning is not a failure.
 */
export function classifyEvent(reason: string, message: string, type: string): EventClassification {
  const r = reason.trim();
  const m = message.length > 2048 ? message.slice(0, 2048) : message;
  if (/^Killing$/i.test(r)) {
    if (/\bOOM|out of memory/i.test(m)) return { isFailure: true, category: 'oom_killed' };
    if (/failed (?:liveness|startup) probe/i.test(m)) return { isFailure: true, category: 'probe_failure' };
    return { isFailure: false, category: 'killing' };
  }
  // Messages of Normal events name pods and images freely; only reasons count there.
  const isNormal = /^normal$/i.test(type.trim());
  for (const rule of FAILURE_RULES) {
    const matches = rule.reason ? rule.reason.test(r) : !isNormal && rule.message !== undefined && rule.message.test(m);
    if (matches) return { isFailure: true, category: rule.category };
  }
  if (/^warning$/i.test(type.trim())) return { isFailure: false, category: 'other_warning' };
  return { isFailure: false, category: 'normal' };
}
