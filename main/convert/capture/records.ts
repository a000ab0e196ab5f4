import type { z } from 'zod';
import type { recordFiles } from '../../../core/snapshot/schema.js';
import { TopologyBuilder } from '../topology-builder.js';
import type { ConversionWarning } from '../warnings.js';

type In<K extends keyof typeof recordFiles> = z.input<(typeof recordFiles)[K]>;

/** What the readers of every format add to; one capture becomes one bundle. */
export class CaptureRecords {
  readonly topology = new TopologyBuilder();
  readonly alerts: In<'alerts'>[] = [];
  readonly events: In<'events'>[] = [];
  readonly logs: In<'logs'>[] = [];
  readonly metrics: In<'metrics'>[] = [];
  readonly spans: In<'spans'>[] = [];
  readonly changes: In<'changes'>[] = [];
  readonly warnings: ConversionWarning[] = [];
  /** Entities the Kubernetes objects describe (telemetry naming others gets a warning). */
  readonly described = new Set<string>();
  /** Hosts the OTLP resources name (`host.name`): where a node exporter's series belong. */
  readonly hosts = new Set<string>();
  /** Prometheus samples dropped for being NaN or infinite (stale markers, rates over no requests). */
  droppedSamples = 0;
  /** Alerts already read, so one alert held by several saved responses is one alert. */
  readonly alertKeys = new Set<string>();
  private readonly warned = new Set<string>();

  /** Adds a warning once (the same message for the same file is said once). */
  warn(file: string, message: string): void {
    const key = `${file}\u0000${message}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push({ file, message });
  }
}
