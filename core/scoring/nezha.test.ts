import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ScoringInputError } from './errors.js';
import { meanNezhaAcAtK, nezhaAcAtK, serviceOfEntity, serviceOfPod } from './nezha.js';

/** The real slice of the Nezha dataset kept with the converter's tests (main/convert/nezha/fixtures/README.md). */
const NEZHA = path.resolve(import.meta.dirname, '../../main/convert/nezha/fixtures/nezha-slice');

describe('serviceOfPod', () => {
  it('drops the last two dash segments', () => {
    expect(serviceOfPod('ts-contacts-service-866bd68c97-xcqfx')).toBe('ts-contacts-service');
    expect(serviceOfPod('a-b-c')).toBe('a');
  });

  it('keeps names that cannot be generated pod names and drops stateful-set ordinals', () => {
    expect(serviceOfPod('redis')).toBe('redis');
    expect(serviceOfPod('redis-0')).toBe('redis');
  });

  it('maps every injected pod of a real Nezha fault list to a TrainTicket service', () => {
    const file = path.join(NEZHA, 'rca_data/2023-01-30/2023-01-30-fault_list.json.gz');
    const faults = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Record<string, { inject_pod: string }[]>;
    const pods = Object.values(faults)
      .flat()
      .map((f) => f.inject_pod);
    const metricPods = readdirSync(path.join(NEZHA, 'rca_data/2023-01-30/metric'))
      .filter((f) => f.endsWith('_metric.csv.gz'))
      .map((f) => f.replace('_metric.csv.gz', ''));
    const services = new Set(metricPods.map(serviceOfPod));
    expect(pods.length).toBe(2);
    expect(services.size).toBeGreaterThanOrEqual(40);
    for (const pod of pods) {
      expect(serviceOfPod(pod)).toMatch(/^ts-[a-z0-9-]+-service$/);
      expect(services.has(serviceOfPod(pod))).toBe(true);
    }
  });
});

describe('serviceOfEntity', () => {
  it('maps pods to their service and services and deployments to themselves', () => {
    expect(serviceOfEntity('tt/Pod/ts-order-service-5d8f7c9b6-x2x4z')).toBe('ts-order-service');
    expect(serviceOfEntity('tt/Service/ts-order-service')).toBe('ts-order-service');
    expect(serviceOfEntity('tt/Deployment/ts-order-service')).toBe('ts-order-service');
    expect(serviceOfEntity('Node/worker-1')).toBeNull();
    expect(serviceOfEntity('not an id')).toBeNull();
  });
});

describe('AC@k', () => {
  const ranked = ['tt/Service/ts-travel-service', 'tt/Node/node-1', 'tt/Pod/ts-order-service-5d8f7c9b6-x2x4z'];

  it('is true when the injected service is among the first k entries', () => {
    expect(nezhaAcAtK('ts-order-service', ranked, 1)).toBe(false);
    expect(nezhaAcAtK('ts-order-service', ranked, 2)).toBe(false);
    expect(nezhaAcAtK('ts-order-service', ranked, 3)).toBe(true);
    expect(nezhaAcAtK('ts-travel-service', ranked, 1)).toBe(true);
    expect(nezhaAcAtK('ts-order-service', [], 5)).toBe(false);
    expect(() => nezhaAcAtK('x', ranked, 0)).toThrow(ScoringInputError);
  });

  it('averages over cases', () => {
    const cases = [
      { expectedService: 'ts-travel-service', ranked },
      { expectedService: 'ts-order-service', ranked },
      { expectedService: 'ts-route-service', ranked },
      { expectedService: 'ts-order-service', ranked: ['tt/Service/ts-order-service'] },
    ];
    expect(meanNezhaAcAtK(cases, 1)).toBe(0.5);
    expect(meanNezhaAcAtK(cases, 3)).toBe(0.75);
    expect(() => meanNezhaAcAtK([], 1)).toThrow(ScoringInputError);
  });
});
