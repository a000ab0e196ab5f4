import { describe, expect, it } from 'vitest';
import { bootstrap, ONSET_LEAD_MS, type BootstrapAlert, type BootstrapInput } from './bootstrap.js';
import { classifyAlert } from './golden.js';

const min = 60_000;
const alert = (id: string, entity: string, name: string, startsAt: number, severity = 'warning'): BootstrapAlert => ({
  id,
  entity,
  name,
  severity,
  startsAt,
  endsAt: null,
});

function input(over: Partial<BootstrapInput>): BootstrapInput {
  return {
    alerts: [],
    changes: [],
    failureEvents: [],
    window: null,
    incidentTime: null,
    dependenciesOf: () => [],
    aliasesOf: () => [],
    ...over,
  };
}

describe('classifyAlert', () => {
  it('recognises golden signals and noise', () => {
    expect(classifyAlert('HighErrorRate')).toBe('errors');
    expect(classifyAlert('HighRequestLatency')).toBe('latency');
    expect(classifyAlert('Watchdog')).toBe('noise');
    expect(classifyAlert('InfoInhibitor')).toBe('noise');
    expect(classifyAlert('KubePodCrashLooping', '', 'info')).toBe('noise');
    expect(classifyAlert('NoDatabaseOperations')).toBe('traffic');
    expect(classifyAlert('CPUThrottlingHigh')).toBe('saturation');
  });
});

describe('bootstrap', () => {
  it('derives the window from golden alerts and ignores watchdog noise', () => {
    const result = bootstrap(
      input({ alerts: [alert('a1', 'ns/Service/gw', 'HighErrorRate', 100 * min), alert('a2', 'ns/Service/x', 'Watchdog', 0)] }),
    );
    expect(result.window).toEqual({ start: 100 * min - ONSET_LEAD_MS, end: 105 * min });
    expect(result.seeds.map((s) => s.node)).toEqual(['ns/Service/gw']);
    expect(result.ignoredAlerts).toEqual([expect.objectContaining({ id: 'a2' })]);
  });

  it('orders seeds by causal evidence strength', () => {
    const t = 100 * min;
    const result = bootstrap(
      input({
        alerts: [
          alert('a1', 'ns/Service/plain', 'HighErrorRate', t, 'critical'),
          alert('a2', 'ns/Service/dep', 'HighErrorRate', t),
          alert('a3', 'ns/Service/oom', 'HighErrorRate', t),
          alert('a4', 'ns/Service/changed', 'HighErrorRate', t),
        ],
        changes: [
          { id: 'c1', entity: 'ns/Deployment/changed', time: t - 2 * min },
          { id: 'c2', entity: 'ns/ConfigMap/cfg', time: t - 3 * min },
          { id: 'c-old', entity: 'ns/Service/plain', time: t - 3 * 24 * 60 * min },
        ],
        failureEvents: [{ id: 'e1', entity: 'ns/Pod/oom-1', time: t - min, reason: 'OOMKilled', count: 1 }],
        aliasesOf: (e) => ({ 'ns/Service/changed': ['ns/Deployment/changed'], 'ns/Service/oom': ['ns/Pod/oom-1'] })[e] ?? [],
        dependenciesOf: (e) => (e === 'ns/Service/dep' ? ['ns/ConfigMap/cfg'] : []),
      }),
    );
    expect(result.seeds.map((s) => [s.node, s.strength])).toEqual([
      ['ns/Service/changed', 'change_before_alert'],
      ['ns/Service/oom', 'failure_event'],
      ['ns/Service/dep', 'dependency_change'],
      ['ns/Service/plain', 'alerting'],
      // Changed in the window and not an alias of a seed: visited too, so it is tested, not ignored.
      ['ns/ConfigMap/cfg', 'change_candidate'],
    ]);
  });

  it('falls back to the entry points when no alert fired', () => {
    const result = bootstrap(
      input({ alerts: [alert('a', 'ns/Service/x', 'Watchdog', 0)], entryPoints: () => ['ns/Service/ui', 'ns/Service/api'] }),
    );
    expect(result.seeds.map((s) => [s.node, s.strength])).toEqual([
      ['ns/Service/api', 'entry_point'],
      ['ns/Service/ui', 'entry_point'],
    ]);
  });

  it('seeds a pod that crashed in the window without an alert, after the alerting ones; a chronic crash loop is not one', () => {
    const t = 100 * min;
    const result = bootstrap(
      input({
        window: { start: t - 15 * min, end: t + 15 * min },
        alerts: [alert('a1', 'ns/Service/api', 'HighErrorRate', t)],
        failureEvents: [
          { id: 'e-late', entity: 'ns/Pod/b-1', time: t + 5 * min, reason: 'OOMKilled', count: 1 },
          { id: 'e-early', entity: 'ns/Pod/a-1', time: t - 2 * min, reason: 'OOMKilled', count: 1 },
          { id: 'e-again', entity: 'ns/Pod/a-1', time: t + 3 * min, reason: 'OOMKilled', count: 2 },
          // Restarting for days: its first event in the window already counts dozens.
          { id: 'e-chronic', entity: 'ns/Pod/c-1', time: t - 10 * min, reason: 'BackOff', count: 44 },
          { id: 'e-chronic-2', entity: 'ns/Pod/c-1', time: t + 1 * min, reason: 'BackOff', count: 45 },
          // Long before the window and its lead time.
          { id: 'e-old', entity: 'ns/Pod/d-1', time: t - 120 * min, reason: 'OOMKilled', count: 1 },
          // On a seed's pod: its packet holds the event already.
          { id: 'e-seed', entity: 'ns/Pod/api-1', time: t, reason: 'OOMKilled', count: 1 },
        ],
        aliasesOf: (e) => ({ 'ns/Service/api': ['ns/Pod/api-1'] })[e] ?? [],
      }),
    );
    expect(result.seeds.map((s) => [s.node, s.strength])).toEqual([
      ['ns/Service/api', 'failure_event'],
      ['ns/Pod/a-1', 'failure_candidate'],
      ['ns/Pod/b-1', 'failure_candidate'],
    ]);
  });

  it('starts from the entry points too when only alerts that are not golden signals fired', () => {
    const result = bootstrap(
      input({
        window: { start: 0, end: 30 * min },
        alerts: [alert('a', 'ns/Service/billing', 'TLSCertificateExpiringSoon', 5 * min, 'warning')],
        entryPoints: () => ['ns/Service/ui', 'ns/Service/billing'],
      }),
    );
    expect(result.seeds.map((s) => [s.node, s.strength])).toEqual([
      ['ns/Service/billing', 'alerting'],
      ['ns/Service/ui', 'entry_point'],
    ]);
    expect(result.seeds[1]?.reason).toMatch(/no golden-signal alert/);
  });

  it('keeps the snapshot window when given and falls back to the incident time', () => {
    expect(bootstrap(input({ window: { start: 1, end: 2 } })).window).toEqual({ start: 1, end: 2 });
    expect(bootstrap(input({ incidentTime: 50 * min })).window).toEqual({ start: 35 * min, end: 65 * min });
  });
});
