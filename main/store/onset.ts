import { entryServices, OperationalGraph } from '../../core/graph/index.js';
import type { Topology } from '../../core/model/topology.js';
import { earlierOnset, firstStep, type OnsetBucket, type OnsetShift } from '../../core/signals/onset.js';
import type { Db } from '../db/open.js';
import { NOISE_ALERTS, type WindowInfo } from './window.js';

const MINUTE_MS = 60_000;
/** Alerts that fire within this much of the incident time announce it: their entities' requests place the onset. */
const ANNOUNCE_MS = 5 * MINUTE_MS;
/** Without a baseline period, this much before the window is the normal period to compare with. */
const PRE_WINDOW_MS = 30 * MINUTE_MS;
/** A call slower than this quantile of the baseline's is a slow call. */
const SLOW_QUANTILE = 0.9;

/** What the store holds of the alerted entities' spans, for placing the onset (SQLite and ClickHouse alike). */
export interface OnsetReader {
  /** Per-minute calls, errors and calls slower than `slowMs` of the entities' spans in [from, to]. */
  minutes(entities: readonly string[], from: number, to: number, slowMs: number): OnsetBucket[];
  /** The q-quantile of the entities' span durations in [from, to]; null without spans. */
  quantile(entities: readonly string[], from: number, to: number, q: number): number | null;
}

export interface AlertAt {
  entity: string;
  name: string;
  start: number;
}

export interface PlacedOnset {
  info: WindowInfo;
  /** What moved the onset, in the words the import warns with; null when it stays. */
  note: string | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The incident time checked against the requests of the entities whose alerts announced it
 * (core/signals/onset.ts): when their error share or their share of slow calls stepped up
 * clearly before it, the onset the signals are measured from is that step. The given time is
 * kept (`givenIncidentTime`) and the note says what moved it. Called once the records are
 * stored and before the signals are derived, by every store.
 */
export function placeOnset(info: WindowInfo, alerts: readonly AlertAt[], topology: Topology, reader: OnsetReader): PlacedOnset {
  if (info.incidentTime === null) return estimateOnset(info, alerts, topology, reader);
  return checkOnset(info, alerts, topology, reader);
}

/**
 * Without a given incident time (a user's capture: only the window, or only alerts), the onset
 * is estimated as an SRE would: the first alert inside the window that is not a heartbeat,
 * moved earlier when its entities' requests stepped up before it (checkOnset); without such an
 * alert, the first clear step of the entry services' requests (those that call and are not
 * called: what users' requests reach first) inside the window. The baseline stays what the
 * capture holds before the window plus the window's minutes before the onset (Periods), never a
 * list of faults. Nothing found: the window's start, as before.
 */
function estimateOnset(info: WindowInfo, alerts: readonly AlertAt[], topology: Topology, reader: OnsetReader): PlacedOnset {
  const { start, end } = info.window;
  const inside = alerts.filter((a) => !NOISE_ALERTS.has(a.name) && a.start > start && a.start < end).sort((a, b) => a.start - b.start);
  const first = inside[0];
  if (first !== undefined) {
    const checked = checkOnset({ ...info, incidentTime: first.start }, alerts, topology, reader);
    const { givenIncidentTime: _given, ...placed } = checked.info;
    const from = `the first alert in the window (${first.name} on ${first.entity} at ${iso(first.start)})`;
    return { info: placed, note: `no incident time given: onset estimated from ${from}${checked.note ? `; ${checked.note}` : ''}` };
  }
  const entries = entryServices(OperationalGraph.fromTopology(topology)).sort();
  if (entries.length === 0) return { info, note: null };
  // As the signals compare (Periods): without a baseline period, all the capture holds before the window.
  const baseline = info.baseline ?? { start: 0, end: start - 1 };
  const slowMs = reader.quantile(entries, baseline.start, baseline.end, SLOW_QUANTILE) ?? Number.POSITIVE_INFINITY;
  const step = firstStep(
    reader.minutes(entries, baseline.start, baseline.end, slowMs),
    reader.minutes(entries, start, end, slowMs),
    start,
    end,
  );
  if (step === null) return { info, note: null };
  const pct = (r: number): string => `${(100 * r).toFixed(1)} %`;
  return {
    info: { ...info, incidentTime: step.onset },
    note:
      `no incident time given: onset estimated at ${iso(step.onset)}, where the ${step.signal} of the entry services' requests ` +
      `(${entries.join(', ')}) rose from ${pct(step.rateBefore)} to ${pct(step.rateBetween)} of ${step.callsBetween} calls; signals are measured from it`,
  };
}

/** A given incident time, checked against the requests of what the alerts near it name. */
function checkOnset(info: WindowInfo, alerts: readonly AlertAt[], topology: Topology, reader: OnsetReader): PlacedOnset {
  const given = info.incidentTime;
  if (given === null || !(given > info.window.start) || !(given < info.window.end)) return { info, note: null };
  const graph = OperationalGraph.fromTopology(topology);
  const announcing = alerts.filter((a) => !NOISE_ALERTS.has(a.name) && Math.abs(a.start - given) <= ANNOUNCE_MS);
  const entities = [
    ...new Set(announcing.flatMap((a) => (graph.has(a.entity) ? [a.entity, ...graph.aliases(a.entity)] : [a.entity]))),
  ].sort();
  if (entities.length === 0) return { info, note: null };
  const baseline = info.baseline ?? { start: info.window.start - PRE_WINDOW_MS, end: info.window.start - 1 };
  const slowMs = reader.quantile(entities, baseline.start, baseline.end, SLOW_QUANTILE) ?? Number.POSITIVE_INFINITY;
  const shift = earlierOnset(
    reader.minutes(entities, baseline.start, baseline.end, slowMs),
    reader.minutes(entities, info.window.start, info.window.end, slowMs),
    given,
    info.window.start,
  );
  if (shift === null) return { info, note: null };
  return { info: { ...info, incidentTime: shift.onset, givenIncidentTime: given }, note: onsetNote(shift, announcing) };
}

function onsetNote(shift: OnsetShift, announcing: readonly AlertAt[]): string {
  const names = [...new Set(announcing.map((a) => `${a.name} on ${a.entity}`))].slice(0, 3).join(', ');
  const pct = (r: number): string => `${(100 * r).toFixed(1)} %`;
  const minutes = Math.round((shift.given - shift.onset) / MINUTE_MS);
  return (
    `onset placed at ${iso(shift.onset)}, ${minutes} min before the incident time ${iso(shift.given)}: ` +
    `the ${shift.signal} of what the alerts name (${names}) rose from ${pct(shift.rateBefore)} to ${pct(shift.rateBetween)} ` +
    `of ${shift.callsBetween} calls in between; signals are measured from the onset`
  );
}

/** The SQLite store's spans (entities by key, times in ms). */
export function sqliteOnsetReader(db: Db): OnsetReader {
  const keysOf = (entities: readonly string[]): number[] => {
    const get = db.prepare('SELECT id FROM entities WHERE eid = ?').pluck();
    return entities.flatMap((e) => {
      const id = get.get(e) as number | undefined;
      return id === undefined ? [] : [id];
    });
  };
  const inList = (keys: readonly number[]): string => keys.map(Number).join(', ');
  return {
    minutes(entities, from, to, slowMs) {
      const keys = keysOf(entities);
      if (keys.length === 0) return [];
      return (
        db
          .prepare(
            `SELECT (time / ${MINUTE_MS}) * ${MINUTE_MS} AS start, count(*) AS calls, sum(status = 'error') AS errors,
               ${Number.isFinite(slowMs) ? 'sum(duration_ms > ?)' : '0'} AS slow
             FROM spans WHERE entity IN (${inList(keys)}) AND time >= ? AND time <= ? GROUP BY 1 ORDER BY 1`,
          )
          .all(...(Number.isFinite(slowMs) ? [slowMs, from, to] : [from, to])) as OnsetBucket[]
      ).map((b) => ({ start: Number(b.start), calls: Number(b.calls), errors: Number(b.errors), slow: Number(b.slow) }));
    },
    quantile(entities, from, to, q) {
      const keys = keysOf(entities);
      if (keys.length === 0) return null;
      const where = `FROM spans WHERE entity IN (${inList(keys)}) AND time >= ? AND time <= ?`;
      const n = db.prepare(`SELECT count(*) ${where}`).pluck().get(from, to) as number;
      if (n === 0) return null;
      const at = Math.min(n - 1, Math.floor(q * n));
      return db.prepare(`SELECT duration_ms ${where} ORDER BY duration_ms LIMIT 1 OFFSET ?`).pluck().get(from, to, at) as number;
    },
  };
}

/** The SQLite store's alerts with their entities. */
export function sqliteAlerts(db: Db): AlertAt[] {
  return (
    db.prepare('SELECT e.eid AS entity, a.name AS name, a.time AS start FROM alerts a JOIN entities e ON e.id = a.entity').all() as {
      entity: string;
      name: string;
      start: number;
    }[]
  ).map((a) => ({ entity: a.entity, name: a.name, start: Number(a.start) }));
}
