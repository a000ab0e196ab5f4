import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readBundleStrict } from '../test-helpers.js';
import { convertNezha } from './convert.js';
import { readMarkers, systemOfDay } from './system.js';
import { copySlice, NEZHA_HIPSTER_SLICE, NEZHA_SLICE, removeSliceCopies, scratchDir } from './test-fixtures.js';

afterAll(removeSliceCopies);

describe('the system of a Nezha capture', () => {
  it('comes from the marker file: root_cause_ts.json is TrainTicket, root_cause_hipster.json OnlineBoutique', () => {
    expect(systemOfDay(readMarkers(NEZHA_SLICE), '2023-01-30', []).system).toEqual({ name: 'TrainTicket', namespace: 'train-ticket' });
    expect(systemOfDay(readMarkers(NEZHA_HIPSTER_SLICE), '2023-01-30', []).system).toEqual({
      name: 'OnlineBoutique',
      namespace: 'online-boutique',
    });
  });

  it('with both markers in one root, is the one that describes the services of the day’s incidents', () => {
    const root = copySlice();
    copyFileSync(
      join(NEZHA_HIPSTER_SLICE, 'construct_data', 'root_cause_hipster.json'),
      join(root, 'construct_data', 'root_cause_hipster.json'),
    );
    const markers = readMarkers(root);
    expect(markers.map((m) => m.file)).toEqual(['construct_data/root_cause_hipster.json', 'construct_data/root_cause_ts.json']);
    expect(systemOfDay(markers, 'd', ['ts-basic-service-5dc8d4f9fd-llznp']).system.namespace).toBe('train-ticket');
    expect(systemOfDay(markers, 'd', ['checkoutservice-5dc8d4f9fd-llznp']).system.namespace).toBe('online-boutique');
    const tie = systemOfDay(markers, 'd', ['nobody-5dc8d4f9fd-llznp']);
    expect(tie.warnings).toEqual([{ file: 'rca_data/d', message: expect.stringMatching(/describe this day's services equally well/) }]);
  });

  it('takes the namespace from an unknown marker’s own key', () => {
    const root = copySlice();
    renameSync(join(root, 'construct_data', 'root_cause_ts.json'), join(root, 'construct_data', 'root_cause_Sock_Shop.json'));
    expect(systemOfDay(readMarkers(root), 'd', []).system).toEqual({ name: 'Sock_Shop', namespace: 'sock-shop' });
  });

  it('refuses a marker that is not a JSON object, naming the file', () => {
    const root = copySlice();
    writeFileSync(join(root, 'construct_data', 'root_cause_ts.json'), '[1, 2');
    expect(() => readMarkers(root)).toThrow(/root_cause_ts\.json: not valid JSON/);
  });
});

describe('converting an OnlineBoutique capture (synthetic slice)', async () => {
  const out = scratchDir();
  const { bundles, warnings } = await convertNezha(NEZHA_HIPSTER_SLICE, out);
  const [dir] = bundles;
  if (dir === undefined) throw new Error('no bundle written');
  const { manifest, topology, records } = readBundleStrict(dir);

  it('writes its bundle in the online-boutique namespace, with nothing named train-ticket', () => {
    expect(bundles).toHaveLength(1);
    expect(warnings).toEqual([]);
    expect(manifest.source).toMatchObject({
      system: 'OnlineBoutique',
      namespace: 'online-boutique',
      dataset: 'Nezha (ESEC/FSE 2023), OnlineBoutique',
    });
    expect(manifest.description).toMatch(/^OnlineBoutique incident 1 of 2023-01-30/);
    const namespaced = topology.entities.filter((e) => e.kind !== 'Node');
    expect(namespaced.length).toBeGreaterThan(40);
    expect(new Set(namespaced.map((e) => e.namespace))).toEqual(new Set(['online-boutique']));
    for (const r of [...records.spans, ...records.logs, ...records.metrics, ...records.alerts])
      expect(String(r.entity)).toMatch(/^online-boutique\//);
    expect(readFileSync(join(dir, 'topology.json'), 'utf8')).not.toMatch(/train-ticket|ts-/);
  });

  it('names OnlineBoutique services and its frontend as the entry', () => {
    const services = topology.entities.filter((e) => e.kind === 'Service').map((e) => e.name);
    expect(services).toEqual(expect.arrayContaining(['frontend', 'cartservice', 'checkoutservice']));
    expect(topology.edges.filter((e) => e.relation === 'calls' && e.source === 'online-boutique/Service/frontend').length).toBeGreaterThan(
      3,
    );
  });

  it('scores against a ground truth in the same namespace, with the cpu_consumed fault as resource saturation', () => {
    const truth = parse(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8'));
    expect(truth.groups[0]).toMatchObject({ kind: 'Pod', namespace: 'online-boutique', name: 'checkoutservice-5dc8d4f9fd-llznp' });
    expect(truth.groups[1]).toMatchObject({ kind: 'Service', namespace: 'online-boutique', name: 'checkoutservice' });
    expect(truth.fault[0]).toMatchObject({ fault_mechanism: 'cpu_consumed', category: 'Resource Saturation' });
  });
});
