import { describe, expect, it } from 'vitest';
import { causalGraphView, compileKnowledge, parseKnowledge } from '../causal/index.js';
import { changeItem, errorLogItem, SMALL_KNOWLEDGE } from '../causal/test-support.js';
import { fold } from '../ledger/index.js';
import type { LedgerEvent } from '../ledger/index.js';
import type { PolicyOutput } from '../model/index.js';
import { createController } from './controller.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, servicesGraph, svc } from './test-support.js';

const knowledge = compileKnowledge([{ document: parseKnowledge(SMALL_KNOWLEDGE, 'small.yaml'), file: 'small.yaml' }]);
const settings = { causal: { knowledge: { name: knowledge.name, version: knowledge.version, sha256: knowledge.sha256 } } };

/** New error logs on api (`l:api`, with the alert `alert:1`) and on db (`l:db`). */
function apiAndDbErrors() {
  const alert = makeEvidence({
    id: 'alert:1',
    entity: svc('api'),
    detail: { type: 'alert', name: 'HighErrorRate', severity: 'critical', startsAt: 0, endsAt: null },
  });
  return new Map([
    [svc('api'), [errorLogItem('l:api', svc('api')), alert]],
    [svc('db'), [errorLogItem('l:db', svc('db'))]],
  ]);
}

/** api calls db; db logs errors and is an Origin; `api` answers for api. */
function apiAndDb(api: () => PolicyOutput, evidence = apiAndDbErrors()) {
  const graph = servicesGraph(['api', 'db'], [['api', 'db']]);
  return createController({
    graph,
    settings,
    knowledge,
    seeds: [
      { node: svc('db'), reason: 'test' },
      { node: svc('api'), reason: 'test' },
    ],
    packets: createMemoryPacketBuilder(graph, evidence),
    policy: scriptedPolicy((packet) => (packet.node === svc('api') ? api() : output({ label: 'Origin', evidence: ['l:db'] }))),
    snapshotHash: 'h',
  });
}

/** As apiAndDb; api is a Symptom whose reply also proposes operations on the graph itself. */
function setup(proposals: unknown[]) {
  return apiAndDb(() => output({ label: 'Symptom', evidence: ['l:api'], ...({ causal: proposals } as object) }));
}

const at = (type: string, name: string) => ({ type, entity: svc(name) });

describe('the causal layer in the controller (docs/causal-graph.md)', () => {
  it('derives anomalies from labels and links alerts; guarded model proposals add causality or are recorded as violations', async () => {
    const controller = setup([
      {
        op: 'add_causality',
        from: at('error_rate', 'db'),
        to: at('error_rate', 'api'),
        rationale: 'db errors reach api',
        evidence: ['l:api'],
      },
      { op: 'add_causality', from: at('error_rate', 'api'), to: at('config_change', 'db'), rationale: 'nonsense', evidence: [] },
      { op: 'create_anomaly', anomaly: at('latency', 'api'), evidence: ['invented:1'] },
      { op: 'link_alert', alert: 'alert:1', anomaly: at('cpu', 'api') },
    ]);
    await controller.run();
    const view = causalGraphView(fold(controller.events));
    expect(view?.nodes.map((n) => n.id).sort()).toEqual([`error_rate@${svc('api')}`, `error_rate@${svc('db')}`]);
    expect(view?.nodes.find((n) => n.entity === svc('api'))?.alerts).toEqual([{ id: 'alert:1', name: 'HighErrorRate' }]);
    expect(view?.edges).toEqual([
      expect.objectContaining({
        from: `error_rate@${svc('db')}`,
        to: `error_rate@${svc('api')}`,
        source: 'model',
        rationale: expect.stringContaining('db errors reach api'),
      }),
    ]);
    const reasons = view?.violations.map((v) => `${v.source} ${v.operation}: ${v.reason}`) ?? [];
    expect(reasons).toContainEqual(expect.stringMatching(/^model add_causality: both anomalies must be in the graph/));
    expect(reasons).toContainEqual('model create_anomaly: fabricated evidence: invented:1');
    expect(reasons).toContainEqual(expect.stringMatching(/^model link_alert: no anomaly cpu@/));
    // Two causality proposals, one refused: KC = 1 − 1/2.
    expect(view?.metrics.KC).toBe(0.5);
  });

  it('withdraws from the view what revised beliefs no longer hold: an anomaly on an entity judged Healthy, an edge whose E_S claim was retracted', async () => {
    let apiVisits = 0;
    // api claims db explains it on its first evaluation only.
    const controller = apiAndDb(() => {
      const claims = ++apiVisits === 1 ? [{ from: svc('db'), to: svc('api'), evidence: ['l:api'], condition: '', effect: '' }] : [];
      return output({ label: 'Symptom', evidence: ['l:api'], claims });
    });
    await controller.run();
    const edge = { from: `error_rate@${svc('db')}`, to: `error_rate@${svc('api')}`, source: 'derived' };
    const first = causalGraphView(fold(controller.events));
    expect(first?.edges).toEqual([expect.objectContaining(edge)]);
    expect(first?.withdrawn).toEqual({ nodes: 0, edges: 0 });

    // api is evaluated again (the override re-activates db's neighbours) and no longer claims the edge.
    controller.applyOverride(svc('db'), 'Origin', 'confirmed by the analyst');
    await controller.run();
    expect(apiVisits).toBeGreaterThan(1);
    const retracted = causalGraphView(fold(controller.events));
    expect(retracted?.edges).toEqual([]);
    // db's anomaly still stands, but joined to nothing and with no alert it is pruned as an orphan.
    expect(retracted?.withdrawn).toEqual({ nodes: 0, edges: 1 });
    expect(retracted?.pruned.nodes).toBe(1);

    // db judged Healthy: its anomaly goes too. The ledger keeps both operations.
    controller.applyOverride(svc('db'), 'Healthy', 'ruled out');
    await controller.run();
    const healthy = causalGraphView(fold(controller.events));
    expect(healthy?.nodes.map((n) => n.id)).not.toContain(`error_rate@${svc('db')}`);
    expect(healthy?.withdrawn).toEqual({ nodes: 1, edges: 1 });
    expect(controller.events.filter((e) => e.type === 'CausalityAdded')).toHaveLength(1);
    expect(controller.events.filter((e) => e.type === 'AnomalyCreated' && e.entity === svc('db'))).toHaveLength(1);
  });

  it('checks a refused pair again once an end gains an anomaly: a chain the first types lacked is found', async () => {
    let apiVisits = 0;
    const controller = apiAndDb(
      () => {
        // First api cites only its config change, which no relation lets db's errors explain; later also its errors.
        const evidence = ++apiVisits === 1 ? ['c:api'] : ['c:api', 'l:api'];
        return output({ label: 'Symptom', evidence, claims: [{ from: svc('db'), to: svc('api'), evidence, condition: '', effect: '' }] });
      },
      new Map([
        [svc('api'), [changeItem('c:api', svc('api'), 'config'), errorLogItem('l:api', svc('api'))]],
        [svc('db'), [errorLogItem('l:db', svc('db'))]],
      ]),
    );
    await controller.run();
    const refused = causalGraphView(fold(controller.events));
    expect(refused?.edges).toEqual([]);
    expect(refused?.violations.map((v) => v.operation)).toEqual(['add_causality']);

    controller.applyOverride(svc('db'), 'Origin', 'confirmed by the analyst');
    await controller.run();
    expect(apiVisits).toBeGreaterThan(1);
    const rechecked = causalGraphView(fold(controller.events));
    expect(rechecked?.edges).toEqual([
      expect.objectContaining({ from: `error_rate@${svc('db')}`, to: `error_rate@${svc('api')}`, source: 'derived', violation: null }),
    ]);
    // Checked once more, not on every later tick: one refusal, one edge.
    expect(controller.events.filter((e) => e.type === 'CausalViolation')).toHaveLength(1);
    expect(controller.events.filter((e) => e.type === 'CausalityAdded')).toHaveLength(1);
  });

  it('refuses to run with a knowledge other than the one the settings record', () => {
    expect(() =>
      createController({
        graph: servicesGraph(['a']),
        settings: { causal: { knowledge: { ...settings.causal.knowledge, sha256: 'other' } } },
        knowledge,
        seeds: [{ node: svc('a'), reason: 'test' }],
        packets: createMemoryPacketBuilder(servicesGraph(['a']), new Map()),
        policy: scriptedPolicy(() => output({ label: 'Healthy' })),
        snapshotHash: 'h',
      }),
    ).toThrow(/resume with the same --knowledge/);
  });

  it('stops early once the seeds are evaluated, the alert is attached and the graph has one root (docs/causal-graph.md §7)', async () => {
    const run = async (earlyStop: boolean) => {
      const graph = servicesGraph(
        ['api', 'db', 'cache'],
        [
          ['api', 'db'],
          ['db', 'cache'],
        ],
      );
      const evidence = apiAndDbErrors();
      const causal = [
        { op: 'add_causality', from: at('error_rate', 'db'), to: at('error_rate', 'api'), rationale: 'r', evidence: ['l:api'] },
      ];
      const controller = createController({
        graph,
        settings: { concurrency: 1, causal: { ...settings.causal, earlyStop } },
        knowledge,
        seeds: [
          { node: svc('db'), reason: 'test' },
          { node: svc('api'), reason: 'test' },
        ],
        bootstrap: {
          window: { start: 0, end: 1 },
          incidentTime: null,
          alerts: [{ id: 'alert:1', name: 'HighErrorRate', entity: svc('api') }],
          ignoredAlerts: [],
        },
        packets: createMemoryPacketBuilder(graph, evidence),
        // db proposes its callee: without the early stop the walk would go on to the cache.
        policy: scriptedPolicy((packet) =>
          packet.node === svc('api')
            ? output({ label: 'Symptom', evidence: ['l:api'], ...({ causal } as object) })
            : packet.node === svc('db')
              ? output({ label: 'Origin', evidence: ['l:db'], proposals: [svc('cache')] })
              : output({ label: 'Healthy' }),
        ),
        snapshotHash: 'h',
      });
      await controller.run();
      return controller.events;
    };
    const stepped = (events: readonly LedgerEvent[]) => events.flatMap((e) => (e.type === 'StepStarted' ? [e.node] : []));
    expect(stepped(await run(false))).toContain(svc('cache'));
    const stopped = await run(true);
    expect(stepped(stopped)).toEqual([svc('db'), svc('api')]);
    expect(stopped.at(-2)).toMatchObject({ type: 'RunStopped', reason: 'causal_explained' });
    expect(stopped.at(-1)).toMatchObject({ type: 'Finished', frontier: [svc('db')] });
  });

  it('reminds an orphan alert once the queue is empty: its entity is visited (reason reminder), not with steering off', async () => {
    const run = async (steer: boolean) => {
      const graph = servicesGraph(['api', 'batch'], []);
      const controller = createController({
        graph,
        settings: { causal: { ...settings.causal, steer } },
        knowledge,
        seeds: [{ node: svc('api'), reason: 'test' }],
        bootstrap: {
          window: { start: 0, end: 1 },
          incidentTime: null,
          alerts: [{ id: 'alert:9', name: 'HighErrorRate', entity: svc('batch') }],
          ignoredAlerts: [],
        },
        packets: createMemoryPacketBuilder(graph, new Map()),
        policy: scriptedPolicy(() => output({ label: 'Healthy' })),
        snapshotHash: 'h',
      });
      await controller.run();
      return controller.events;
    };
    const reminders = (events: readonly LedgerEvent[]) => events.filter((e) => e.type === 'Activated' && e.reason === 'reminder');
    const steered = await run(true);
    expect(reminders(steered)).toEqual([expect.objectContaining({ node: svc('batch'), note: 'orphan alert alert:9' })]);
    expect(steered.some((e) => e.type === 'StepStarted' && e.node === svc('batch'))).toBe(true);
    expect(reminders(await run(false))).toEqual([]);
  });
});
