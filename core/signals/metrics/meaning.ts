/**
 * What a metric measures, read from what the data states about it: its unit (OTLP's UCUM
 * units, Prometheus' base-unit suffixes, Kubernetes quantities) and the naming conventions of
 * the standard tools (OpenTelemetry semantic conventions `process.cpu.utilization`,
 * `http.server.request.duration`, `db.client.connection.count`; Prometheus
 * `level:metric:operations` recording rules and `_total`/`_bucket` series). Rules read the
 * meaning, never the name; a metric of no known meaning is still compared with its baseline and
 * shown under its own name. docs/formats.md "Metric meaning" lists the vocabulary.
 */
import type { MetricMeaning, MetricMeasure, MetricQuantity } from '../../model/evidence.js';

export type { MetricMeaning, MetricMeasure, MetricQuantity };

/**
 * Words of a name that say which quantity it measures, in the order they decide: a CPU or memory
 * word names the resource even beside a word of another kind (`cpu_cfs_throttled`,
 * `memory_failures`); a waiting word (a queue, a lock, a lag) makes any duration a saturation, not
 * a request's latency; a duration word makes a request count a latency.
 */
const QUANTITY_WORDS: readonly (readonly [MetricQuantity, ReadonlySet<string>])[] = [
  ['restarts', new Set(['restart', 'restarts', 'restarted'])],
  ['cpu', new Set(['cpu', 'cpus', 'processor'])],
  ['memory', new Set(['memory', 'mem', 'heap', 'rss', 'resident', 'oom', 'workingset'])],
  [
    'saturation',
    new Set([
      'queue',
      'queued',
      'pending',
      'backlog',
      'lag',
      'eventloop',
      'lock',
      'locks',
      'waiting',
      'wait',
      'inflight',
      'gc',
      'pool',
      'connection',
      'connections',
    ]),
  ],
  ['latency', new Set(['latency', 'duration', 'rt', 'responsetime'])],
  [
    'errors',
    new Set(['error', 'errors', 'fail', 'failed', 'failure', 'failures', '5xx', 'exception', 'exceptions', 'success', 'successful']),
  ],
  ['requests', new Set(['request', 'requests', 'rps', 'qps', 'throughput', 'calls', 'traffic', 'operations'])],
  ['network', new Set(['network', 'net', 'tcp', 'udp', 'packet', 'packets', 'retrans', 'retransmits', 'rx', 'tx'])],
  ['disk', new Set(['disk', 'filesystem', 'fs', 'iops'])],
];

/** Words that make a metric a share of a capacity whatever its unit was declared as. */
const SHARE_WORDS = new Set(['utilization', 'utilisation', 'util', 'ratio', 'percent', 'percentage', 'share', 'fraction', 'pct']);
/** A resource's size, not its use: the limits and requests a scheduler reads, the machine's total. */
const CAPACITY_WORDS = new Set(['limit', 'limits', 'capacity', 'allocatable', 'quota', 'requests', 'request', 'total']);
/** Time or work lost for want of a resource: a CPU quota's throttling, a pressure stall, an OOM kill, a page fault. */
const PRESSURE_WORDS = new Set(['pressure', 'stall', 'stalled', 'oom', 'fault', 'faults', 'failures', 'failcnt']);
/** What is left of a resource: it falls as use grows. */
const FREE_WORDS = new Set(['available', 'free', 'idle', 'avail']);
/** A metric of the machine (every process on it), not of the process that reports it. */
const HOST_WORDS = new Set(['node', 'system', 'host', 'machine']);
const PLATFORM_PREFIXES = new Set(['k8s', 'kube', 'kubernetes']);
/** A part of a process' memory or time (the runtime's heap, its collector), not the whole the kernel limits. */
const PART_WORDS = new Set(['heap', 'gc', 'eventloop', 'young', 'old', 'eden', 'nonheap']);
/** Prometheus' counter suffix: a counter's level is history, only its rate is news. */
const CUMULATIVE_SUFFIXES = new Set(['total']);
const QUANTILE = /^p\d{2,3}$/;

/**
 * The meaning of a metric named `name` in `unit` (null when none was stated), or null when
 * neither says what it measures. The unit decides the measure when it states one (`%` and `1`
 * a share, `s` a time, `{request}/s` a rate; a size or a core count leaves a use of memory or
 * CPU a usage); the name's convention words decide the quantity.
 */
export function metricMeaning(name: string, unit: string | null): MetricMeaning | null {
  const { level, words, operations } = splitName(name);
  const quantity = quantityOf(words, operations, unit);
  if (quantity === null) return null;
  const measure = measureOf(quantity, words, operations, unit);
  const meaning: MetricMeaning = { quantity, measure };
  const scale = shareScale(unit);
  if ((measure === 'share' || measure === 'success') && scale !== null) meaning.scale = scale;
  if (isHostMetric(words)) meaning.scope = 'host';
  else if (words.some((w) => PART_WORDS.has(w))) meaning.scope = 'part';
  // A recording rule's operation (`rate1m`, `ratio`) turns a counter into a level; a plain `_total` stays cumulative.
  const last = words[words.length - 1];
  if (level === null && operations.length === 0 && last !== undefined && CUMULATIVE_SUFFIXES.has(last) && words.length > 1) {
    meaning.cumulative = true;
  }
  return meaning;
}

/** A machine's metric starts with a host word, after a platform's prefix (`k8s.node.…`). */
function isHostMetric(words: readonly string[]): boolean {
  const first = PLATFORM_PREFIXES.has(words[0] ?? '') ? words[1] : words[0];
  return first !== undefined && HOST_WORDS.has(first);
}

/** Whether a share is stated in percent (100) or as a fraction (1); null when the unit does not say. */
function shareScale(unit: string | null): 1 | 100 | null {
  if (unit === '%') return 100;
  if (unit === '1') return 1;
  return null;
}

function quantityOf(words: readonly string[], operations: readonly string[], unit: string | null): MetricQuantity | null {
  const u = normaliseUnit(unit);
  const named = QUANTITY_WORDS.find(([, vocabulary]) => words.some((w) => vocabulary.has(w)))?.[0] ?? null;
  // A count of requests cannot be in seconds: a time with a request word, or a quantile of a time, is a latency.
  const isQuantile = operations.some((o) => QUANTILE.test(o)) || words.some((w) => QUANTILE.test(w));
  if (u === 'time' && (named === 'requests' || (named === null && isQuantile))) return 'latency';
  if (named !== null) return named;
  return isOperationsUnit(unit) ? 'requests' : null;
}

function measureOf(quantity: MetricQuantity, words: readonly string[], operations: readonly string[], unit: string | null): MetricMeasure {
  const has = (set: ReadonlySet<string>): boolean => words.some((w) => set.has(w)) || operations.some((o) => set.has(o));
  const u = normaliseUnit(unit);
  if (quantity === 'errors' && words.some((w) => w === 'success' || w === 'successful')) return 'success';
  if ((quantity === 'cpu' || quantity === 'memory') && words.some((w) => PRESSURE_WORDS.has(w) || w.startsWith('throttl')))
    return 'pressure';
  if (has(FREE_WORDS)) return 'free';
  if ((quantity === 'cpu' || quantity === 'memory') && words.some((w, i) => CAPACITY_WORDS.has(w) && i < words.length - 1)) {
    return 'capacity';
  }
  if (u === 'share' || has(SHARE_WORDS)) return 'share';
  if (quantity === 'latency' || (quantity === 'saturation' && u === 'time')) return 'duration';
  if (quantity === 'cpu' || quantity === 'memory') return 'usage';
  if (u === 'rate' || operations.some((o) => /^(rate|irate|increase)/.test(o))) return 'rate';
  return 'count';
}

/** The kind of thing a unit measures, across the spellings the standard tools use. */
function normaliseUnit(unit: string | null): 'share' | 'time' | 'rate' | null {
  if (unit === null) return null;
  const u = unit.trim();
  if (u === '%' || u === '1') return 'share';
  if (/\/s$|\/min$|^\{[^}]*\}\/s$/.test(u)) return 'rate';
  if (/^(s|ms|us|µs|ns|min|h)$/.test(u)) return 'time';
  return null;
}

/** A count of operations (`{request}`, `{operation}/s`, `Ops`): what a service is asked to do. */
function isOperationsUnit(unit: string | null): boolean {
  return unit !== null && /^(ops|\{(operation|request|call)s?\})(\/s)?$/i.test(unit.trim());
}

/**
 * A name's words: a function applied to a series names an operation; Prometheus' recording rules name `level:metric:operations` (the level says which
 * labels were kept, the operations what was computed); other names are one metric. Words split
 * at `_`, `.`, `-`, `/`, spaces and lower-to-upper case steps, lower-cased.
 */
function splitName(name: string): { level: string | null; words: string[]; operations: string[] } {
  // A function over a series (`rate(x)`, `p95(x)`: PromQL's and the OTLP converter's) is an operation on it.
  const applied = /^([a-z_]+[0-9]*)\((.+)\)$/i.exec(name.trim());
  if (applied) {
    const inner = splitName(applied[2] as string);
    return { ...inner, operations: [...wordsOf(applied[1] as string), ...inner.operations] };
  }
  const parts = name.split(':');
  const [level, metric, operations] = parts.length === 3 ? parts : [null, name, ''];
  // An operation's range (`rate1m`, `p95_1m`) says over how long, not what.
  const ops = wordsOf(operations ?? '')
    .map((o) => o.replace(/^([a-z]+\d*?)_?\d+[smhdw]$/, '$1'))
    .filter((o) => !/^\d+[smhdw]$/.test(o));
  return { level: level ?? null, words: wordsOf(metric ?? name), operations: ops };
}

/** Two words that are one term. */
const COMPOUNDS: ReadonlyMap<string, string> = new Map([
  ['working set', 'workingset'],
  ['response time', 'responsetime'],
  ['event loop', 'eventloop'],
  ['in flight', 'inflight'],
]);

function wordsOf(text: string): string[] {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const compound = COMPOUNDS.get(`${words[i]} ${words[i + 1]}`);
    if (compound !== undefined) i++;
    out.push(compound ?? (words[i] as string));
  }
  return out;
}
