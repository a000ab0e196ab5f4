import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBundleStrict } from '../../test-helpers.js';
import { kubectlDumps, kubectlEvents } from './export-kubectl.js';
import { otlpLines, prometheusAlerts, prometheusRanges, toMs, type Row } from './export-telemetry.js';

export interface ExportedCapture {
  otlp: string[];
  prometheus: string[];
  kubectl: string[];
}

/**
 * Test helper for the round trip: writes a native bundle as the capture a user of the
 * OpenTelemetry Collector, Prometheus and kubectl would have (OTLP JSON lines, Prometheus HTTP
 * API responses, `kubectl get -o json` lists). Fails loudly on what those formats cannot say.
 */
export function exportCapture(bundleDir: string, outDir: string): ExportedCapture {
  const bundle = readBundleStrict(bundleDir);
  const rows = bundle.records as Record<string, Row[]>;
  const write = (sub: string, name: string, text: string): string => {
    mkdirSync(join(outDir, sub), { recursive: true });
    const file = join(outDir, sub, name);
    writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
    return file;
  };
  const otlp = [
    write('otlp', 'traces.jsonl', otlpLines('spans', rows.spans ?? [], bundle.topology).join('\n')),
    write('otlp', 'logs.jsonl', otlpLines('logs', rows.logs ?? [], bundle.topology).join('\n')),
  ];
  const prometheus = [...prometheusRanges(rows.metrics ?? [])].map(([name, text]) => write('prometheus', `${name}.json`, text));
  if ((rows.alerts ?? []).length > 0) prometheus.push(write('prometheus', 'alerts.json', prometheusAlerts(rows.alerts ?? [])));
  const times = [...(rows.alerts ?? []).map((a) => toMs(a.startsAt)), ...(rows.changes ?? []).map((c) => toMs(c.time))];
  const created = Math.min(Date.parse('2026-01-01T00:00:00Z'), ...times) - 86_400_000;
  const kubectl = kubectlDumps(bundle.topology, rows.changes ?? [], created).map((text, i) => write('kubectl', `${i}-objects.json`, text));
  kubectl.push(write('kubectl', 'z-events.json', kubectlEvents(rows.events ?? [])));
  return { otlp, prometheus, kubectl };
}
