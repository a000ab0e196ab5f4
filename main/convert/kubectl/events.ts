import type { CaptureRecords } from '../capture/records.js';
import { isObject } from '../capture/values.js';
import { isoFromMillis } from '../time.js';
import { entityIdOf, type KubeObject } from './objects.js';

const time = (v: unknown): number | null => (typeof v === 'string' ? Date.parse(v) : NaN) || null;

/**
 * Kubernetes events (`kubectl get events -o json`) as records on the object they involve.
 * The time is the latest of `lastTimestamp`, `eventTime` and `series.lastObservedTime` (the
 * first has second precision, the others microseconds); an event seen in several dumps is
 * kept once (by uid, else by its identity and time).
 */
export function readKubeEvents(objects: readonly KubeObject[], capture: CaptureRecords): void {
  const seen = new Set<string>();
  for (const o of objects) {
    if (o.kind !== 'Event') continue;
    const b = o.body;
    const involved = isObject(b.involvedObject) ? b.involvedObject : isObject(b.regarding) ? b.regarding : {};
    const kind = typeof involved.kind === 'string' ? involved.kind : null;
    const name = typeof involved.name === 'string' ? involved.name : null;
    if (!kind || !name) {
      capture.warn(o.file, 'events without involvedObject kind and name name no entity; skipped');
      continue;
    }
    const series = isObject(b.series) ? b.series : {};
    const times = [time(b.lastTimestamp), time(b.eventTime), time(series.lastObservedTime), time(b.firstTimestamp)].filter(
      (t): t is number => t !== null,
    );
    if (times.length === 0) {
      capture.warn(o.file, 'events without any timestamp were skipped');
      continue;
    }
    const at = Math.max(...times);
    const key = o.uid ?? `${o.namespace}/${o.name}/${at}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const namespace = typeof involved.namespace === 'string' ? involved.namespace : o.namespace;
    const entity = entityIdOf({ kind, name, namespace });
    const type = b.type === 'Normal' || b.type === 'Warning' ? b.type : 'Warning';
    if (type !== b.type) capture.warn(o.file, `events of type ${JSON.stringify(b.type)} are kept as Warning`);
    const count =
      typeof b.count === 'number' && Number.isInteger(b.count) && b.count >= 0
        ? b.count
        : typeof series.count === 'number'
          ? series.count
          : undefined;
    capture.events.push({
      time: isoFromMillis(at),
      entity,
      type,
      reason: typeof b.reason === 'string' ? b.reason : '',
      message: typeof b.message === 'string' ? b.message : typeof b.note === 'string' ? b.note : '',
      ...(count !== undefined ? { count } : {}),
    });
  }
  capture.events.sort((a, b) => Date.parse(String(a.time)) - Date.parse(String(b.time)));
}
