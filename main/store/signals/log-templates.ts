import {
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
}

/** Characters of an example line kept: enough to read the message, bounded for hostile input. */
export const EXAMPLE_CHARS = 400;

export const emptyTemplateState = (): LogTemplateState => ({ rows: [], texts: {}, samples: {}, examples: {}, sequences: [] });

export function templateLookup(state: LogTemplateState): TemplateLookup {
  return { templateText: (id) => state.texts[id] };
}

/** Where a template of one entity was seen. */
interface Seen {
  samples: number[];
  example: string;
  isWindowExample: boolean;
}

/**
 * Mines log templates (Drain, core/signals) and counts them per entity and period, where
 * the logs are parsed: a worker thread when there is one, since it is the costliest signal.
 */
export class LogTemplateCollector {
  private readonly miner = new TemplateMiner();
  private readonly counts = new TemplateCountTable();
  /** Entity → template id → where seen; nested maps spare a key string per line. */
  private readonly seen = new Map<string, Map<string, Seen>>();
  private readonly pairs = new SpanTemplatePairs();

  constructor(private readonly periods: Periods) {}

  /** `span` identifies the request span that wrote the line (trace and span id), when known. */
  add(line: number, entity: string, time: number, severity: string | null, body: string, span: string | null = null): void {
    const period = this.periods.periodOf(time);
    if (period === null) return;
    const templateId = this.miner.add(body);
    this.counts.add(entity, templateId, period, severity);
    if (span !== null) this.pairs.add(entity, span, templateId, period);
    let byTemplate = this.seen.get(entity);
    if (!byTemplate) {
      byTemplate = new Map();
      this.seen.set(entity, byTemplate);
    }
    const seen = byTemplate.get(templateId);
    const isWindow = period === 'window';
    // Templates mask what varies (ids, and names that differ between lines); an example keeps it.
    if (!seen) byTemplate.set(templateId, { samples: [line], example: body.slice(0, EXAMPLE_CHARS), isWindowExample: isWindow });
    else if (isWindow) {
      if (seen.samples.length < SAMPLE_LINES) seen.samples.push(line);
      if (!seen.isWindowExample) {
        seen.example = body.slice(0, EXAMPLE_CHARS);
        seen.isWindowExample = true;
      }
    }
  }

  state(): LogTemplateState {
    const texts: Record<string, string> = {};
    for (const t of this.miner.templates()) texts[t.id] = t.template;
    const samples: Record<string, number[]> = {};
    const examples: Record<string, string> = {};
    for (const [entity, byTemplate] of this.seen) {
      for (const [templateId, seen] of byTemplate) {
        const key = `${entity}\u0000${templateId}`;
        samples[key] = seen.samples;
        examples[key] = seen.example;
      }
    }
    return { rows: this.counts.rows(), texts, samples, examples, sequences: this.pairs.finish() };
  }
}
