/**
 * What makes a log template an error template. WARN is deliberately not an error: in the
 * snapshots we see, warnings are mostly chronic noise that would crowd out real failures.
 */
const ERROR_SEVERITY = /^(?:err|error|fatal|crit|critical|alert|emerg|emergency|severe|panic)\d*$/i;

const ERROR_KEYWORD =
  /exception|traceback|\berr(?:ors?)?\b|\bfail(?:ed|ure|ures|s|ing)?\b|\brefused\b|\btimed? ?out\b|timeout|deadline exceeded|\bpanic(?:ked)?\b|\bfatal\b|\bunreachable\b|\bunavailable\b|\bdenied\b|\bcrash(?:ed|es)?\b|\boom(?:killed)?\b|out of memory/i;

export function isErrorSeverity(severity: string | null | undefined): boolean {
  return severity != null && ERROR_SEVERITY.test(severity.trim());
}

export function hasErrorKeyword(text: string): boolean {
  return ERROR_KEYWORD.test(text);
}

/** OTLP SeverityNumber bands, four numbers each: 1–4 TRACE, 5–8 DEBUG, … 21–24 FATAL. */
export const OTLP_SEVERITY_BANDS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;

/** The band of an OTLP SeverityNumber; undefined for 0 (unspecified) and below. */
export function severityOfNumber(number: number): string | undefined {
  return number > 0 ? OTLP_SEVERITY_BANDS[Math.min(5, Math.floor((number - 1) / 4))] : undefined;
}
