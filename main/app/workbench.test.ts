import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type Transport } from '../../core/ipc/index.js';
import { findPackageRoot } from '../platform/index.js';
import { createWorkbench } from './workbench.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'e2e', 'fixtures', 'sample');

function clientFor(snapshot: string | null) {
  const workbench = createWorkbench({ snapshot, host: 'web', version: '0.0.0-test', roots: [fixture] });
  const transport: Transport = { invoke: (c, i) => dispatch(workbench.handlers, c, i), on: () => () => {} };
  return { workbench, client: createClient(transport) };
}

describe('workbench handlers', () => {
  it('serves the graph of the open snapshot with alert counts', async () => {
    const { client } = clientFor(fixture);
    const graph = await client.invoke('graph.get', {});
    expect(graph.nodes).toHaveLength(12);
    expect(graph.nodes.find((n) => n.id === 'shop/Service/frontend')?.alertCount).toBe(1);
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length);
  });

  it('reports capabilities and the snapshot in app.info', async () => {
    const { client } = clientFor(fixture);
    const info = await client.invoke('app.info', {});
    expect(info.capabilities.investigation).toBe(false);
    expect(info.snapshot?.name).toBe('e2e-shop-config-change');
  });

  it('inspects a node: alerts and both edge directions', async () => {
    const { client } = clientFor(fixture);
    const node = await client.invoke('node.inspect', { node: 'shop/Service/gateway' });
    expect(node.alerts.map((a) => a.name)).toEqual(['HighLatency']);
    expect(node.neighbours).toEqual(
      expect.arrayContaining([
        { id: 'shop/Service/frontend', relation: 'calls', direction: 'in' },
        { id: 'shop/Service/processor', relation: 'calls', direction: 'out' },
      ]),
    );
    await expect(client.invoke('node.inspect', { node: 'shop/Service/none' })).rejects.toThrow(/not an entity/);
  });

  it('opens a snapshot later and pushes snapshot.changed', async () => {
    const { client, workbench } = clientFor(null);
    await expect(client.invoke('graph.get', {})).rejects.toMatchObject({ name: 'NoSnapshotOpenError' });
    const seen: string[] = [];
    workbench.subscribe((event) => seen.push(event));
    const summary = await client.invoke('snapshot.open', { path: fixture });
    expect(summary.entityCount).toBe(12);
    expect(seen).toEqual(['snapshot.changed']);
  });

  it('answers NotAvailableError on investigation channels while no controller is wired in', async () => {
    const { client } = clientFor(fixture);
    await expect(client.invoke('investigation.step', {})).rejects.toMatchObject({ name: 'NotAvailableError' });
  });
});

describe('workbench with investigations', () => {
  it('runs an investigation, pushes progress and labels the graph', async () => {
    const workbench = createWorkbench({
      snapshot: fixture,
      host: 'web',
      version: 't',
      investigations: {},
    });
    const transport: Transport = { invoke: (c, i) => dispatch(workbench.handlers, c, i), on: () => () => {} };
    const client = createClient(transport);
    const pushed: string[] = [];
    const phases: string[] = [];
    workbench.subscribe((event, payload) => {
      if (event === 'investigation.changed') pushed.push((payload as { status: string }).status);
      if (event === 'import.progress') phases.push((payload as { phase: string }).phase);
    });
    try {
      expect((await client.invoke('app.info', {})).capabilities.investigation).toBe(true);
      await client.invoke('investigation.start', { settings: { budget: 15 } });
      expect((await client.invoke('investigation.run', {})).status).toBe('running');
      await workbench.settled();
      const state = await client.invoke('investigation.state', {});
      expect(state).toMatchObject({ status: 'finished', settings: { budget: 15 } });
      expect(pushed.at(-1)).toBe('finished');
      expect(phases.at(-1)).toBe('done');
      const graph = await client.invoke('graph.get', {});
      const labelled = graph.nodes.filter((n) => n.label !== null).map((n) => n.id);
      expect(labelled.sort()).toEqual(
        state.nodes
          .filter((n) => n.belief)
          .map((n) => n.node)
          .sort(),
      );
      expect((await client.invoke('diagnosis.get', {})).frontier).toEqual(state.frontier);
      const html = await client.invoke('export.render', { format: 'html' });
      expect(html.mimeType).toMatch(/^text\/html/);
      expect(html.filename).toMatch(/^diagnosis-[0-9a-f]{12}\.html$/);
      expect(html.content).toContain('HighErrorRate');
      const gexf = await client.invoke('export.render', { format: 'gexf' });
      expect(gexf.content).toContain('<gexf');
      await expect(client.invoke('export.render', { format: 'html', graphPng: 'javascript:alert(1)' })).rejects.toMatchObject({
        name: 'InvalidInputError',
      });
    } finally {
      workbench.close();
    }
  });
});
