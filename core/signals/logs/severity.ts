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
