import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { convertCapture } from './convert.js';

/** Two recorded lab incidents (testdata/README.md): real OTel SDK and Prometheus telemetry. */
const data = join(import.meta.dirname, 'testdata');
const root = mkdtempSync(join(tmpdir(), 'eog-lab-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const period = (text: string): { start: string; end: string } => {
  const [start = '', end = ''] = text.split('/');
  return { start, end };
};

async function diagnose(id: string, withTime: boolean): Promise<string[]> {
  const times = JSON.parse(readFileSync(join(data, id, 'times.json'), 'utf8')) as Record<'incidentTime' | 'window' | 'baseline', string>;
  const capture = join(data, id, 'capture');
  const out = join(root, `${id}-${withTime ? 'time' : 'window'}`);
  convertCapture({ otlp: [join(capture, 'otlp')], prometheus: [join(capture, 'prom')] }, out, {
    window: period(times.window),
    ...(withTime ? { incidentTime: times.incidentTime, baseline: period(times.baseline) } : {}),
  });
  const { diagnosis } = await investigateSnapshot(out, { policy: { kind: 'heuristic' } });
  return diagnosis.frontier;
}

describe('recorded lab incidents: standard telemetry of a system nobody tuned for', () => {
  for (const withTime of [true, false])
    describe(withTime ? 'incident time and baseline given' : 'only the capture window', () => {
      it('names Redis, seen only in client spans and as its exporter job, when it stops', async () => {
        const truth = JSON.parse(readFileSync(join(data, 'lab-02-redis-stop', 'truth.json'), 'utf8')) as { rootCause: { entity: string } };
        expect((await diagnose('lab-02-redis-stop', withTime))[0]).toBe(truth.rootCause.entity);
      }, 60_000);

      it("names payment, not its caller, when payment's link delays the tail of its calls", async () => {
        const truth = JSON.parse(readFileSync(join(data, 'lab-03-net-congestion', 'truth.json'), 'utf8')) as {
          rootCause: { entity: string };
        };
        expect((await diagnose('lab-03-net-congestion', withTime))[0]).toBe(truth.rootCause.entity);
      }, 60_000);
    });
});
