import { Diagnosis } from '../diagnosis/index.js';
import { InvalidDiagnosisError } from './errors.js';

/**
 * Canonical pretty JSON of a diagnosis (design.md §7): validated against the schema, fields
 * in schema order, settings keys sorted, so the same diagnosis always gives the same bytes.
 */
export function renderJson(diagnosis: Diagnosis): string {
  const parsed = Diagnosis.safeParse(diagnosis);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidDiagnosisError(issue ? `${issue.path.join('.') || '<root>'}: ${issue.message}` : 'schema');
  }
  const value = parsed.data;
  const settings = Object.fromEntries(Object.entries(value.run.settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `${JSON.stringify({ ...value, run: { ...value.run, settings } }, null, 2)}\n`;
}
