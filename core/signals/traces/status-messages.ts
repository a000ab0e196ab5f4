/** Distinct error status messages remembered per entity: a fault repeats a few, noise adds more. */
const MAX_MESSAGES = 20;
/** Longest message kept (an example is shown, never parsed further). */
const MAX_CHARS = 300;

export interface StatusMessageCount {
  text: string;
  window: number;
  baseline: number;
}

export interface EntityStatusMessages {
  entity: string;
  messages: StatusMessageCount[];
}

/** Counts the status messages of each entity's own error spans, per period (bounded). */
export class StatusMessageCounter {
  private readonly byEntity = new Map<string, Map<string, StatusMessageCount>>();

  add(entity: string, message: string, period: 'window' | 'baseline' | null): void {
    if (!period || message.length === 0) return;
    const text = message.slice(0, MAX_CHARS);
    let counts = this.byEntity.get(entity);
    if (!counts) {
      counts = new Map();
      this.byEntity.set(entity, counts);
    }
    let c = counts.get(text);
    if (!c) {
      if (counts.size >= MAX_MESSAGES) return;
      c = { text, window: 0, baseline: 0 };
      counts.set(text, c);
    }
    c[period] += 1;
  }

  /** Sorted by entity, then by window count (most first) and text. */
  finish(): EntityStatusMessages[] {
    return [...this.byEntity]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([entity, counts]) => ({
        entity,
        messages: [...counts.values()].sort((a, b) => b.window - a.window || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)),
      }));
  }
}

/**
 * The phrases with which a caller's error status names the callee that failed it: "HTTP 500
 * from X", "upstream X returned 503", "downstream X returned 502", "call to X failed",
 * "calling X", "connection refused to X". The name is what follows the phrase, up to a space
 * or a character a service name does not hold (a port, a path, a quote).
 */
const CALLEE_PHRASES =
  /\b(?:from|upstream|downstream|call(?:ing)? to|calling|refused (?:to|by)|unavailable:)\s+([A-Za-z0-9][A-Za-z0-9._-]*)/gi;

/** Names a status message attributes its error to (as written; empty when it names none). */
export function calleesNamed(message: string): string[] {
  const names: string[] = [];
  for (const m of message.matchAll(CALLEE_PHRASES)) {
    const name = (m[1] ?? '').replace(/[.-]+$/, '');
    if (name.length > 0 && !names.includes(name)) names.push(name);
  }
  return names;
}
