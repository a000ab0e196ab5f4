import type { EvidenceItem } from '../model/evidence.js';
import { latinMatcher, nativeMatcher, type LanguageMatcher } from './suspicious-i18n.js';
import { english, glued, markup, REASON, type Shape } from './suspicious-patterns.js';
import { collapseSpacedLetters, INVISIBLE, matchForms } from './suspicious-text.js';

/**
 * Captured text that reads like instructions to a model or like prompt markup. Logs, events and
 * change descriptions are data: a line that addresses "the assistant", asks to ignore earlier
 * instructions, tells what to label, or carries chat-role / delimiter tags is flagged, so it can
 * be shown as suspicious and never be the only support of a label (docs/llm.md, "Hostile text").
 * Patterns describe the shape of a prompt injection, never a system, service or dataset; they
 * read normalised forms of the text (`suspicious-text.ts`), so look-alike letters, accents,
 * invisible characters and spaced-out letters do not hide a phrase.
 */
const SHAPES: readonly Shape[] = ['ignore', 'label', 'role'];

/** Text scanned per item: enough for any line the store keeps in a packet. */
const MAX_SCAN = 4000;

/** The text when the matcher's patterns could match it, else null (a cheap test spares the patterns). */
function worthMatching(matcher: LanguageMatcher, text: string | null): string | null {
  return text !== null && (matcher.cue === null || matcher.cue.test(text)) ? text : null;
}

function shapeOf(latinText: string, nativeText: string | null): Shape | null {
  const latin = worthMatching(latinMatcher, latinText);
  const native = worthMatching(nativeMatcher, nativeText);
  const matches = (m: LanguageMatcher, s: Shape, text: string | null): boolean => text !== null && m.shapes[s].test(text);
  return SHAPES.find((s) => english[s].test(latinText) || matches(latinMatcher, s, latin) || matches(nativeMatcher, s, native)) ?? null;
}

/** Why `text` looks like an injection attempt, or null when it reads as plain data. */
export function suspiciousReason(text: string): string | null {
  const sample = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  if (INVISIBLE.test(sample)) return REASON.invisible;
  const forms = matchForms(sample);
  if (markup.test(forms.latin)) return REASON.markup;
  const shape = shapeOf(forms.latin, forms.wide ? forms.native : null);
  if (shape !== null) return REASON[shape];
  // Spaced-out letters ("i g n o r e", "I.G.N.O.R.E") are rare in honest text: join them and look again.
  const spaced = collapseSpacedLetters(forms.latin, forms.wide);
  if (spaced === null) return null;
  const nativeSpaced = forms.wide ? (collapseSpacedLetters(forms.native, true)?.text ?? null) : null;
  const again = shapeOf(spaced.text, nativeSpaced);
  if (again !== null) return REASON[again];
  const joined = spaced.runs.join(' ');
  const hit = SHAPES.find((s) => glued[s].test(joined));
  return hit === undefined ? null : REASON[hit];
}

function textsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) textsOf(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) textsOf(v, out);
}

/** Whether any captured text of the item (summary, detail strings) looks like an injection attempt. */
export function isSuspiciousItem(item: Pick<EvidenceItem, 'summary' | 'detail'>): boolean {
  const texts: string[] = [item.summary];
  textsOf(item.detail, texts);
  return texts.some((t) => suspiciousReason(t) !== null);
}

/** Ids of the items whose text looks like an injection attempt, in the items' order. */
export function suspiciousEvidence(items: readonly EvidenceItem[]): string[] {
  return items.filter(isSuspiciousItem).map((item) => item.id);
}
