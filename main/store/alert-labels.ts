/** One alert row's `labels` column as stored (JSON text or null). */
export interface AlertLabelRow {
  line: number | string;
  labels: string | null;
}

/**
 * Every alert's labels, by evidence id; alerts without labels are left out (docs/scopes.md §1).
 * Shared by the SQLite and ClickHouse stores, which read the same column.
 */
export function alertLabelMap(rows: readonly AlertLabelRow[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (r.labels === null) continue;
    try {
      const labels = JSON.parse(r.labels) as unknown;
      if (labels !== null && typeof labels === 'object' && !Array.isArray(labels))
        out.set(`alert:${Number(r.line)}`, Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)])));
    } catch {
      // A label column that is not JSON says nothing about the kind: the alert keeps its bare name.
    }
  }
  return out;
}
