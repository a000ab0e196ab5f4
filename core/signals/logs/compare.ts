import type { EvidenceDetail } from '../../model/evidence.js';
import { requireFiniteAtLeast, SignalInputError } from '../errors.js';
import { poissonLowerTailLog10, poissonUpperTailLog10 } from '../stats/poisson.js';
import type { TemplateCountRow } from './counts.js';
import type { TemplateLookup } from './drain.js';
import { hasErrorKeyword } from './severity.js';

export type LogTemplateDetail = Extract<EvidenceDetail, { type: 'log_template' }>;

export interface PeriodDurations {
  windowMs: number;
  /** 0 when the snapshot has no baseline: nothing can then be new, gone or changed. */
  baselineMs: number;
}

export interface TemplateComparisonOptions {
  /** A template is gone when its expected window count (from the baseline rate) reaches this. */
  goneMinExpected?: number;
  /** -log10 p of the Poisson test from which a rate change counts as significant. */
  minSurprise?: number;
  /** Pseudo-count added to the baseline so a template new in the window is not infinitely surprising. */
  baselinePseudoCount?: number;
  /**
   * Scale each entity's expectations by how much more (or less) it logs overall, so a service
   * whose traffic doubled does not show every template "up" — and a template that stops while
   * its siblings carry on stands out. Default true.
   */
  normaliseVolume?: boolean;
}

/** Bounds on the volume scaling: beyond them the entity's traffic itself is the news. */
const MIN_VOLUME_RATIO = 0.25;
const MAX_VOLUME_RATIO = 4;

export interface TemplateComparison {
  entity: string;
  templateId: string;
  detail: LogTemplateDetail;
  /** -log10 of the Poisson p-value of the window count given the baseline rate (capped at 300). */
  surprise: number;
  direction: 'up' | 'down' | 'flat';
  /**
   * Rank for the store, higher first: tier + surprise/(surprise+10), tiers
   * 4 error and (new or significantly up), 3 new and significant, 2 gone or significant
   * change, 1 new but few or steady error present in the window, 0 the rest.
   */
  score: number;
  /** Tier >= 2: worth an evidence item on its own. */
  isNotable: boolean;
}

const MAX_SURPRISE = 300;

/**
 * Compares each (entity, template) window count with what the baseline rate predicts.
 * A Poisson tail test makes two lines against zero less striking than two hundred
 * against ten, so small counts do not dominate the ranking. Output is sorted by score,
 * then entity and template id, so equal input gives equal output.
 */
export function compareTemplateCounts(
  rows: Iterable<TemplateCountRow>,
  templates: TemplateLookup,
  durations: PeriodDurations,
  options: TemplateComparisonOptions = {},
): TemplateComparison[] {
  const { windowMs, baselineMs } = durations;
  if (!(windowMs > 0) || !(baselineMs >= 0) || !Number.isFinite(windowMs) || !Number.isFinite(baselineMs)) {
    throw new SignalInputError(
      `Period durations must be finite with windowMs > 0 and baselineMs >= 0 (got ${windowMs}, ${baselineMs}); check the snapshot window and baseline.`,
    );
  }
  const settings = {
    goneMinExpected: requireFiniteAtLeast('goneMinExpected', options.goneMinExpected ?? 3, 0),
    minSurprise: requireFiniteAtLeast('minSurprise', options.minSurprise ?? 3, 0),
    pseudo: requireFiniteAtLeast('baselinePseudoCount', options.baselinePseudoCount ?? 0.5, 0),
  };
  const all = [...rows];
  const volume = options.normaliseVolume === false || baselineMs <= 0 ? new Map<string, number>() : volumeRatios(all, windowMs, baselineMs);
  const out: TemplateComparison[] = [];
  for (const row of all) {
    const template = templates.templateText(row.templateId) ?? row.templateId;
    out.push(compareRow(row, template, windowMs, baselineMs * (1 / (volume.get(row.entity) ?? 1)), settings, volume.get(row.entity) ?? 1));
  }
  return out.sort(byRank);
}

/**
 * Each entity's overall log-rate ratio (window over baseline), from the templates it logs in
 * both periods — new and vanished templates are what is being tested, so they do not vote.
 */
function volumeRatios(rows: readonly TemplateCountRow[], windowMs: number, baselineMs: number): Map<string, number> {
  const sums = new Map<string, { w: number; b: number }>();
  for (const r of rows) {
    if (r.windowCount === 0 || r.baselineCount === 0) continue;
    const s = sums.get(r.entity) ?? { w: 0, b: 0 };
    s.w += r.windowCount;
    s.b += r.baselineCount;
    sums.set(r.entity, s);
  }
  const out = new Map<string, number>();
  for (const [entity, s] of sums) {
    const ratio = s.w / windowMs / (s.b / baselineMs);
    out.set(entity, Math.min(MAX_VOLUME_RATIO, Math.max(MIN_VOLUME_RATIO, ratio)));
  }
  return out;
}

function compareRow(
  row: TemplateCountRow,
  template: string,
  windowMs: number,
  baselineMs: number,
  settings: { goneMinExpected: number; minSurprise: number; pseudo: number },
  volumeRatio: number,
): TemplateComparison {
  const kw = row.windowCount;
  const kb = row.baselineCount;
  const hasBaseline = baselineMs > 0;
  const scaleToWindow = hasBaseline ? windowMs / baselineMs : 0;
  const expected = kb * scaleToWindow;
  const isError = row.errorSeverityCount > 0 || hasErrorKeyword(template);
  const isNew = hasBaseline && kb === 0 && kw > 0;
  const isGone = hasBaseline && kw === 0 && expected >= settings.goneMinExpected;

  let surprise = 0;
  let direction: TemplateComparison['direction'] = 'flat';
  if (hasBaseline && kw > expected) {
    direction = 'up';
    surprise = -poissonUpperTailLog10(kw, (kb + settings.pseudo) * scaleToWindow);
  } else if (hasBaseline && kw < expected) {
    direction = 'down';
    surprise = -poissonLowerTailLog10(kw, expected);
  }
  surprise = Math.min(MAX_SURPRISE, Math.max(0, surprise));
  const isSignificant = surprise >= settings.minSurprise;

  let tier = 0;
  if (isError && (isNew || (direction === 'up' && isSignificant))) tier = 4;
  // Two lines of a rarely used code path are not news; a statement that stopped may be.
  else if (isNew && isSignificant) tier = 3;
  else if (isGone || isSignificant) tier = 2;
  else if (isNew || (isError && kw > 0)) tier = 1;

  // Against the volume-scaled baseline: 1 means "changed no more than the entity's traffic".
  const rateRatio = hasBaseline && kb > 0 ? kw / windowMs / (kb / baselineMs) : null;
  return {
    entity: row.entity,
    templateId: row.templateId,
    detail: {
      type: 'log_template',
      template,
      windowCount: kw,
      baselineCount: kb,
      rateRatio,
      isNew,
      isGone,
      isError,
      surprise: Math.round(surprise * 100) / 100,
      volumeRatio: Math.round(volumeRatio * 1000) / 1000,
    },
    surprise,
    direction,
    score: tier + surprise / (surprise + 10),
    isNotable: tier >= 2,
  };
}

function byRank(a: TemplateComparison, b: TemplateComparison): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.entity !== b.entity) return a.entity < b.entity ? -1 : 1;
  return compareIds(a.templateId, b.templateId);
}

/** `T2` before `T10`: by length first, then code units. */
function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
