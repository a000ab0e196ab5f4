import { SpanTemplatePairs, TemplateCountTable, TemplateMiner, type BrokenSequence, type TemplateCountRow, type TemplateLookup } from '../../../core/signals/index.js';
import type { Periods } from './periods.js';

/** Source lines kept per log template and entity, for the inspector. */
export const SAMPLE_LINES = 3;

/** What template mining leaves behind: plain data, so it can come back from the parse worker. */
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
}

/** Characters of an example line kept: enough to read the message, bounded for hostile input. */
export const EXAMPLE_CHARS = 400;

export const emptyTemplateState = (): LogTemplateState => ({ rows: [], texts: {}, samples: {}, examples: {}, sequences: [] });

export function templateLookup(state: LogTemplateState): TemplateLookup {
  return { templateText: (id) => state.texts[id] };
}

/**
 * Mines log templates (Drain, core/signals) and counts them per entity and period. Runs
 * where the logs are parsed, the worker when there is one: it is the costliest signal, and
 * the main thread already has the inserts.
 */
export class LogTemplateCollector {
  private readonly miner = new TemplateMiner();
  private readonly counts = new TemplateCountTable();
  private readonly pairs = new SpanTemplatePairs();
  private readonly samples = new Map<string, number[]>();
  private readonly examples = new Map<string, { text: string; isWindow: boolean }>();

  constructor(private readonly periods: Periods) {}

  /** `span` identifies the request span that wrote the line (trace and span id), when known. */
  add(line: number, entity: string, time: number, severity: string | null, body: string, span: string | null = null): void {
    const period = this.periods.periodOf(time);
    if (period === null) return;
    const templateId = this.miner.add(body);
    this.counts.add(entity, templateId, period, severity);
    if (span !== null) this.pairs.add(entity, span, templateId, period);
    const key = `${entity}\u0000${templateId}`;
    const samples = this.samples.get(key);
    if (!samples) this.samples.set(key, [line]);
    else if (samples.length < SAMPLE_LINES && period === 'window') samples.push(line);
    // Templates mask what varies (ids, and names that differ between lines); an example keeps it.
    const example = this.examples.get(key);
    if (!example || (!example.isWindow && period === 'window')) this.examples.set(key, { text: body.slice(0, EXAMPLE_CHARS), isWindow: period === 'window' });
  }

  state(): LogTemplateState {
    const texts: Record<string, string> = {};
    for (const t of this.miner.templates()) texts[t.id] = t.template;
    const examples: Record<string, string> = {};
    for (const [key, e] of this.examples) examples[key] = e.text;
    return { rows: this.counts.rows(), texts, samples: Object.fromEntries(this.samples), examples, sequences: this.pairs.finish() };
  }
}
