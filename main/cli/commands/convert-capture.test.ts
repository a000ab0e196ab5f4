import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../program.js';
import { UsageError } from '../errors.js';

const convertDir = join(import.meta.dirname, '..', '..', 'convert');
const otlp = join(convertDir, 'otlp', 'testdata');
const prometheus = join(convertDir, 'prometheus', 'testdata');
const kubectl = join(convertDir, 'kubectl', 'testdata');
const root = mkdtempSync(join(tmpdir(), 'eog-cli-capture-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('eog convert otlp | prometheus | kubectl', () => {
  afterEach(() => vi.restoreAllMocks());

  it('combines the three formats into one bundle, printing warnings on stderr', async () => {
    const out = join(root, 'combined');
    const written: string[] = [];
    const errors: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => errors.push(String(chunk)) > 0);
    await buildProgram().parseAsync([
      'node',
      'eog',
      'convert',
      'otlp',
      otlp,
      '--prometheus',
      prometheus,
      '--kubectl',
      join(kubectl, 'before.json'),
      join(kubectl, 'after.json'),
      join(kubectl, 'events.json'),
      '--out',
      out,
      '--name',
      'checkout-incident',
      '--incident-time',
      '2026-03-01T09:43:00Z',
      '--window',
      '2026-03-01T09:00:00Z/2026-03-01T10:00:00Z',
    ]);
    // kubectl 8; OTLP adds the frontend pod, its replica set, deployment and service, Service/unknown; Prometheus Service/node-exporter.
    expect(written.join('')).toContain(`${out}: 14 entities, 3 spans, 2 logs, 7 metrics, 2 alerts, 2 events, 3 changes`);
    expect(errors.join('')).toContain('kind Rollout is not one the converter reads');
    expect(errors.join('')).toContain('entity shop/Service/frontend is not among the Kubernetes objects');
    const manifest = JSON.parse(readFileSync(join(out, 'snapshot.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'checkout-incident',
      incidentTime: '2026-03-01T09:43:00Z',
      window: { start: '2026-03-01T09:00:00Z', end: '2026-03-01T10:00:00Z' },
      source: { kind: 'capture' },
    });
    expect(manifest.warnings.length).toBe(errors.length);
  });

  it("capture: tells each file's format from its content, folders walked in name order", async () => {
    const out = join(root, 'sniffed');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // Every file of the kubectl folder is read: the two cart dumps, the policy-object dumps and the custom-resource dumps.
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'capture', kubectl, otlp, prometheus, '--out', out]);
    expect(written.join('')).toContain(`${out}: 36 entities, 3 spans, 2 logs, 7 metrics, 2 alerts, 2 events, 22 changes`);
  });

  it('rejects a malformed --window and several inputs for a dataset format as usage errors', async () => {
    const args = [
      'node',
      'eog',
      'convert',
      'kubectl',
      join(kubectl, 'after.json'),
      '--out',
      join(root, 'w'),
      '--window',
      '2026-03-01T09:00:00Z',
    ];
    await expect(buildProgram().exitOverride().parseAsync(args)).rejects.toThrow(UsageError);
    // A time without a zone would be read differently on two machines: refused, as in bundles.
    const zoneless = [
      'node',
      'eog',
      'convert',
      'kubectl',
      join(kubectl, 'after.json'),
      '--out',
      join(root, 'z'),
      '--incident-time',
      '2026-03-01 09:43',
    ];
    await expect(buildProgram().exitOverride().parseAsync(zoneless)).rejects.toThrow(
      /--incident-time must be an ISO-8601 time with a zone/,
    );
    await expect(buildProgram().exitOverride().parseAsync(['node', 'eog', 'convert', 'nezha', 'a', 'b', '--out', root])).rejects.toThrow(
      /give exactly one input folder/,
    );
  });
});
