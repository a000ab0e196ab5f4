import type { EvidenceItem } from '../model/evidence.js';

/**
 * Captured text that reads like instructions to a model or like prompt markup. Logs, events and
 * change descriptions are data: a line that addresses "the assistant", asks to ignore earlier
 * instructions, tells what to label, or carries chat-role / delimiter tags is flagged, so it can
 * be shown as suspicious and never be the only support of a label (docs/llm.md, "Hostile text").
 * Patterns describe the shape of a prompt injection, never a system, service or dataset.
 */
const patterns: ReadonlyArray<{ reason: string; pattern: RegExp }> = [
  {
    reason: 'addresses a model with instructions',
    pattern:
      /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|your|the)\b[^.\n]{0,20}\b(instructions?|prompts?|rules?|context|messages?)\b/i,
  },
  {
    reason: 'tells how to label or rank an entity',
    pattern: /\b(label|mark|classify|rank|report|treat|name)\b[^.\n]{0,80}\bas\b[^.\n]{0,20}\b(origin|root[ -]?cause|symptom)\b/i,
  },
  {
    reason: 'speaks as the system or the assistant',
    pattern:
      /\b(you are (now )?(an?|the) (ai|assistant|model|language model|incident)|as an ai\b|system prompt|new instructions?\b)|(^|\n)\s*(system|assistant)\s*:\s/i,
  },
  {
    reason: 'carries prompt markup',
    pattern:
      /<\/?\s*(system|user|assistant|packet|notes|chunk|candidates|diagnosis|instructions?|prompt|tool|think|im_start|im_end)\b[^>]{0,40}>|<\|[a-z_]{2,20}\|>|\[\/?INST\]|<<\/?SYS>>/i,
  },
  // Bidirectional overrides and zero-width characters hide what a line says (ANSI colour escapes
  // are common in honest logs and are neutralised by the JSON encoding instead).
  { reason: 'holds invisible characters', pattern: /[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/ },
];

/** Text scanned per item: enough for any line the store keeps in a packet. */
const MAX_SCAN = 4000;

/** Why `text` looks like an injection attempt, or null when it reads as plain data. */
export function suspiciousReason(text: string): string | null {
  const sample = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  return patterns.find((p) => p.pattern.test(sample))?.reason ?? null;
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
