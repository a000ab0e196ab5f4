import { describe, expect, it } from 'vitest';
import { classifyChange } from './classify-change.js';
import { classifyEvent } from './classify-event.js';
import type { DiffEntry } from './diff.js';

const d = (...paths: string[]): DiffEntry[] => paths.map((path) => ({ path, from: 1, to: 2 }));

describe('classifyChange', () => {
  it.each([
    ['Deployment', d('spec.template.spec.containers[app].image', 'spec.replicas'), 'image'],
    ['Pod', d('spec.initContainers[init].image'), 'image'],
    ['ConfigMap', d('data["demo.flagd.json"]'), 'feature_flag'],
    ['Deployment', d('spec.template.spec.containers[app].env[FEATURE_NEW_CHECKOUT]'), 'feature_flag'],
    ['FeatureFlag', d('spec.flagSpec.flags.cartFailure.defaultVariant'), 'feature_flag'],
    ['Deployment', d('spec.replicas'), 'scale'],
    ['HorizontalPodAutoscaler', d('spec.maxReplicas', 'spec.minReplicas'), 'scale'],
    ['ConfigMap', d('data.DB_POOL_SIZE'), 'config'],
    ['Secret', d('data.password'), 'config'],
    ['Deployment', d('spec.template.spec.containers[app].resources.limits.memory'), 'config'],
    ['StatefulSet', d('spec.replicas', 'spec.template.spec.containers[db].env[MAX_CONN]'), 'config'],
    ['Service', d('spec.ports[0].targetPort'), 'config'],
    ['Deployment', d('spec.template.metadata.annotations["kubectl.kubernetes.io/restartedAt"]'), 'deploy'],
    ['Node', d('metadata.labels.zone'), 'other'],
    ['Deployment', [], 'other'],
  ] as const)('%s %j → %s', (kind, diff, expected) => {
    expect(classifyChange(kind, diff)).toBe(expected);
  });
});

describe('classifyEvent', () => {
  it.each([
    ['OOMKilling', 'Memory cgroup out of memory: Killed process 123', 'Warning', 'oom_killed'],
    ['Killing', 'Container app was OOMKilled', 'Normal', 'oom_killed'],
    ['Killing', 'Container app failed liveness probe, will be restarted', 'Normal', 'probe_failure'],
    ['BackOff', 'Back-off restarting failed container app in pod cart-1', 'Warning', 'crash_loop'],
    ['BackOff', 'Back-off pulling image "cart:9"', 'Warning', 'image_pull'],
    ['Failed', 'Error: ErrImagePull', 'Warning', 'image_pull'],
    ['Failed', 'Error: container create failed', 'Warning', 'container_failed'],
    ['FailedScheduling', '0/3 nodes are available: 3 Insufficient memory.', 'Warning', 'failed_scheduling'],
    ['Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', 'Warning', 'probe_failure'],
    ['Evicted', 'The node was low on resource: memory.', 'Warning', 'evicted'],
    ['FailedMount', 'MountVolume.SetUp failed for volume "config"', 'Warning', 'failed_mount'],
    ['NodeNotReady', 'Node worker-2 status is now: NodeNotReady', 'Normal', 'node_not_ready'],
    ['CrashLoopBackOff', '', 'Warning', 'crash_loop'],
  ] as const)('%s "%s" (%s) is a %s failure', (reason, message, type, category) => {
    expect(classifyEvent(reason, message, type)).toEqual({ isFailure: true, category });
  });

  it.each([
    ['Killing', 'Stopping container app', 'Normal', 'killing'],
    ['Pulled', 'Successfully pulled image "oom-kill-demo:1"', 'Normal', 'normal'],
    ['Scheduled', 'Successfully assigned shop/cart-1 to worker-1', 'Normal', 'normal'],
    ['SomethingOdd', 'whatever', 'Warning', 'other_warning'],
  ] as const)('%s "%s" (%s) is not a failure (%s)', (reason, message, type, category) => {
    expect(classifyEvent(reason, message, type)).toEqual({ isFailure: false, category });
  });

  it('does not scan unbounded hostile messages', () => {
    const message = 'x'.repeat(5_000_000) + ' OOMKilled';
    expect(classifyEvent('Weird', message, 'Warning')).toEqual({ isFailure: false, category: 'other_warning' });
  });
});
