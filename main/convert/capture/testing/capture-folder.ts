import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const convertDir = join(import.meta.dirname, '..', '..');

/** The converters' own test exports, by the subfolder they go into. */
const EXPORTS: Record<string, readonly string[]> = {
  otlp: ['traces.jsonl', 'logs.jsonl', 'metrics.jsonl'],
  prometheus: ['container_cpu_usage_rate.json', 'alerts.json'],
  kubectl: ['before.json', 'after.json', 'events.json'],
};

/** Markup and a terminal escape in a Kubernetes kind: a warning quotes it, and every view must show it as text. */
export const HOSTILE_KIND = '<img src=x onerror="document.title=\'pwned\'">\u001b[31m';

/**
 * Test helper: a folder of exports as a user of the OpenTelemetry Collector, Prometheus and
 * kubectl would hand over, made of the converters' own test fixtures (OTLP JSON lines,
 * Prometheus API responses, `kubectl get -o json` lists) in subfolders. With `hostile`, one more
 * kubectl list holds an object of a kind the converter does not read, named with markup, so
 * the conversion warns about it (file and line) quoting hostile text.
 */
export function writeCaptureFolder(dir: string, options: { hostile?: boolean } = {}): string {
  for (const [format, files] of Object.entries(EXPORTS)) {
    mkdirSync(join(dir, format), { recursive: true });
    for (const file of files) copyFileSync(join(convertDir, format, 'testdata', file), join(dir, format, file));
  }
  if (options.hostile) {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [{ apiVersion: 'example.com/v1', kind: HOSTILE_KIND, metadata: { name: 'widget', namespace: 'shop' } }],
    };
    writeFileSync(join(dir, 'kubectl', 'custom.json'), `${JSON.stringify(list, null, 2)}\n`);
  }
  return dir;
}
