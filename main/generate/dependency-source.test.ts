import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { openLedger } from '../ledger/index.js';
import { investigateSnapshot } from '../session/investigate-snapshot.js';
import { generateIncident } from './generate.js';

describe('a generated incident whose cause is a dependency only the code reveals', () => {
  it('is blamed on its caller without the code, and revised to the dependency with it', { timeout: 120_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'eog-untraced-'));
    process.env['EOG_CODE_CACHE'] = join(root, 'cache');
    const dir = join(root, 'bundle');
    const incident = await generateIncident(dir, { fault: 'untraced_dependency', seed: 3, services: 8, withSource: true });
    const [caller, dependency] = incident.hiddenEdges[0] ?? ['', ''];
    expect(dependency).toBe(incident.rootCause);
    // Nothing in the telemetry names the dependency's service from its callers.
    const spans = readFileSync(join(dir, 'spans.jsonl'), 'utf8');
    const pods = JSON.parse(readFileSync(join(dir, 'topology.json'), 'utf8')) as {
      entities: { id: string; kind: string; attrs: { service?: string } }[];
    };
    const name = incident.rootCause.split('/').pop() as string;
    const depPods = pods.entities.filter((e) => e.kind === 'Pod' && e.attrs.service === name).map((e) => e.id);
    expect(depPods.some((p) => spans.includes(p))).toBe(false);

    rmSync(join(dir, 'code.json'));
    const without = await investigateSnapshot(dir, { policy: createHeuristicPolicy() });
    expect(without.diagnosis.frontier).not.toContain(incident.rootCause);

    const copy = join(root, 'with-code');
    await generateIncident(copy, { fault: 'untraced_dependency', seed: 3, services: 8, withSource: true });
    const ledgerFile = join(root, 'ledger.sqlite');
    const { diagnosis } = await investigateSnapshot(copy, { policy: createHeuristicPolicy(), ledgerFile });
    const ledger = openLedger(ledgerFile);
    const events = ledger.events();
    ledger.close();
    const found = events.filter((e) => e.type === 'CodeDependencyFound');
    const crossing = found.find((e) => e.type === 'CodeDependencyFound' && e.target === incident.rootCause);
    expect(crossing).toMatchObject({ node: caller, via: 'url', file: 'handler.go' });
    // The cited line is in the source and names the dependency's host.
    if (crossing?.type !== 'CodeDependencyFound') throw new Error('no crossing');
    const source = readFileSync(join(copy, 'code', caller.split('/').pop() as string, crossing.file), 'utf8').split('\n');
    expect(source[crossing.line - 1]).toContain(`http://${name}:8080`);
    // The controller visited the dependency through its queue, then it explains the caller.
    const visit = events.find((e) => e.type === 'Activated' && e.node === incident.rootCause);
    expect(visit).toMatchObject({ reason: 'code', by: caller });
    expect(events.some((e) => e.type === 'StepStarted' && e.node === incident.rootCause)).toBe(true);
    expect(diagnosis.frontier).toEqual([incident.rootCause]);
    expect(diagnosis.propagations).toContainEqual(expect.objectContaining({ source: incident.rootCause, target: caller }));
    expect(diagnosis.entities.find((e) => e.name === caller)?.contributing_factor).toBe(false);
    // With the hypothesis layer the crossing re-opens the accepted answer, which settles on the dependency.
    const layered = await investigateSnapshot(copy, { policy: createHeuristicPolicy(), settings: { hypotheses: {} } });
    expect(layered.diagnosis.frontier).toEqual([incident.rootCause]);
  });
});
