import {
  OVERFLOW_TEMPLATE_ID,
  SpanTemplatePairs,
  TemplateCountTable,
  TemplateMiner,
  type BrokenSequence,
  type TemplateCountRow,
  type TemplateLookup,
} from '../../../core/signals/index.js';
import type { Periods } from './periods.js';

/** Source lines kept per log template and entity, for the inspector. */
export const SAMPLE_LINES = 3;

/** What template mining leaves behind, for buildSignals. */
export interface LogTemplateState {
  rows: TemplateCountRow[];
  /** Template id → its final text. */
  texts: Record<string, string>;
  /** `entity \0 templateId` → its first line, then window lines. */
  samples: Record<string, number[]>;
  /** `entity \0 templateId` → the text of one line as logged (a window line when there is one). */
  examples: Record<string, string>;
  /** Statements that stopped following another in the same span, most surprising first. */
  sequences: BrokenSequence[];
  /**
   * `entity \0 templateId` → distinct keys (`traceId/spanId`) of request spans its baseline
   * lines ran in: those of the SPAN_KEY_SAMPLE smallest keys over its baseline lines, a sample
   * that depends on neither the lines' order nor how they were shared out (ClickHouse takes the
   * same one). Which operations these spans were is looked up once the spans are stored
   * (signals/operations.ts).
   */
  spanKeys: Record<string, string[]>;
}

/** Characters of an example line kept: enough to read the message, bounded for hostile input. */
export const EXAMPLE_CHARS = 400;

export const emptyTemplateState = (): LogTemplateState => ({ rows: [], texts: {}, samples: {}, examples: {}, sequences: [], spanKeys: {} });

/** Baseline lines per statement whose span keys are kept (the smallest keys; trace ids are random, so a fair sample). */
export const SPAN_KEY_SAMPLE = 16;

/**
 * Adds `key` to `smallest`, the sorted `max` smallest keys seen so far (repeats kept, as
 * ClickHouse's groupArraySorted keeps them). Strings compare by UTF-16 code unit, which orders
 * ids as ClickHouse's bytes do except for characters past U+FFFF against U+E000–U+FFFF.
 */
export function keepSmallest(smallest: string[], key: string, max = SPAN_KEY_SAMPLE): void {
  const last = smallest[smallest.length - 1];
  if (smallest.length >= max && last !== undefined && key >= last) return;
  let at = smallest.length;
  while (at > 0 && (smallest[at - 1] as string) > key) at--;
  smallest.splice(at, 0, key);
  if (smallest.length > max) smallest.pop();
}

export function templateLookup(state: LogTemplateState): TemplateLookup {
  return { templateText: (id) => state.texts[id] };
}

/**
 * What varies between lines one statement prints, replaced in this order to make a line's
 * group key: UUIDs, long hex ids, then runs of numbers that stand alone (a clock, a count, a
 * duration). Digits glued to a word (`travel2`, `v1.2`) and source lines (`Impl#37`,
 * `Order.java:214`, which name the statement) stay, as Drain's masks (core/signals/logs/mask.ts)
 * keep them: a key that joined two statements would give both one template. The same patterns run in ClickHouse
 * (clickhouse/derive/logs.ts), which is why they are RE2-compatible text (`$n`: a group).
 */
export const BODY_VARIABLES: readonly { pattern: string; replacement: string }[] = [
  { pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', replacement: '<U>' },
  { pattern: '\\b[0-9a-fA-F]{8,}\\b', replacement: '<H>' },
  { pattern: '(\\.(?:java|kt|scala|go|py|js|ts|rb|cs|cpp|c|rs)):([0-9])', replacement: '$1#$2' },
  { pattern: '(^|[^0-9A-Za-z_#.])[0-9]+(?:\\.[0-9]+)*', replacement: '$10' },
];
/** Code points of a body its group key looks at: bounds the key's memory on hostile input. */
export const GROUP_KEY_CHARS = 2_048;
/**
 * Line groups given a template; lines of any later group go to the overflow template. The
 * miner's own template cap (core/signals' default): more groups than that is a flood of
 * unique lines, not statements.
 */
export const MAX_LINE_GROUPS = 20_000;

const variables = BODY_VARIABLES.map((v) => ({ re: new RegExp(v.pattern, 'g'), replacement: v.replacement }));

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** The first `max` code points of a text (ClickHouse's substringUTF8). */
function firstCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (let n = 0; n < max && end < text.length; n++) {
    const isPair = isHighSurrogate(text.charCodeAt(end)) && isLowSurrogate(text.charCodeAt(end + 1));
    end += isPair ? 2 : 1;
  }
  return text.slice(0, end);
}

/** The group key of a log body: lines of one statement that differ only in ids and numbers share it. */
export function lineGroupKey(body: string): string {
  let key = firstCodePoints(body, GROUP_KEY_CHARS);
  for (const v of variables) key = key.replace(v.re, v.replacement);
  return key;
}

/** Where a template of one entity was seen. */
interface Seen {
  samples: number[];
  example: string;
  isWindowExample: boolean;
  /** The smallest span keys of its baseline lines (keepSmallest). */
  spanKeys: string[];
}

/**
 * Mines log templates (Drain, core/signals) and counts them per entity and period, where
 * the logs are parsed: a worker thread when there is one, since it is the costliest signal.
 * Lines are grouped on their group key (lineGroupKey) and a group's template is the one Drain
 * gives its first line: the template of a line then depends on its group's first line only,
 * not on every line before it, so ClickHouse derives the same templates from one example
 * per group (clickhouse/derive/logs.ts), the groups taken in the order of their first line.
 */
export class LogTemplateCollector {
  private readonly miner = new TemplateMiner();
  /** Group key → its template, for the first MAX_LINE_GROUPS groups. */
  private readonly groups = new Map<string, string>();
  private readonly counts = new TemplateCountTable();
  /** Entity → template id → where seen; nested maps spare a key string per line. */
  private readonly seen = new Map<string, Map<string, Seen>>();
  private readonly pairs = new SpanTemplatePairs();

  constructor(private readonly periods: Periods) {}

  /** `span` identifies the request span that wrote the line (trace and span id), when known. */
  add(line: number, entity: string, time: number, severity: string | null, body: string, span: string | null = null): void {
    const period = this.periods.periodOf(time);
    if (period === null) return;
    const templateId = this.templateOf(body);
    this.counts.add(entity, templateId, period, severity);
    if (span !== null) this.pairs.add(entity, span, templateId, period);
    let byTemplate = this.seen.get(entity);
    if (!byTemplate) {
      byTemplate = new Map();
      this.seen.set(entity, byTemplate);
    }
    let seen = byTemplate.get(templateId);
    const isWindow = period === 'window';
    // Templates mask what varies (ids, and names that differ between lines); an example keeps it.
    if (!seen) {
      seen = { samples: [line], example: body.slice(0, EXAMPLE_CHARS), isWindowExample: isWindow, spanKeys: [] };
      byTemplate.set(templateId, seen);
    } else if (isWindow) {
      if (seen.samples.length < SAMPLE_LINES) seen.samples.push(line);
      if (!seen.isWindowExample) {
        seen.example = body.slice(0, EXAMPLE_CHARS);
        seen.isWindowExample = true;
      }
    }
    if (!isWindow && span !== null) keepSmallest(seen.spanKeys, span);
  }

  private templateOf(body: string): string {
    const key = lineGroupKey(body);
    const known = this.groups.get(key);
    if (known !== undefined) return known;
    if (this.groups.size >= MAX_LINE_GROUPS) return OVERFLOW_TEMPLATE_ID;
    const templateId = this.miner.add(body);
    this.groups.set(key, templateId);
    return templateId;
  }

  state(): LogTemplateState {
    const texts: Record<string, string> = {};
    for (const t of this.miner.templates()) texts[t.id] = t.template;
    const samples: Record<string, number[]> = {};
    const examples: Record<string, string> = {};
    const spanKeys: Record<string, string[]> = {};
    for (const [entity, byTemplate] of this.seen) {
      for (const [templateId, seen] of byTemplate) {
        const key = `${entity}\u0000${templateId}`;
        samples[key] = seen.samples;
        examples[key] = seen.example;
        if (seen.spanKeys.length > 0) spanKeys[key] = [...new Set(seen.spanKeys)];
      }
    }
    return { rows: this.counts.rows(), texts, samples, examples, sequences: this.pairs.finish(), spanKeys };
  }
}
