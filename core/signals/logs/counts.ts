import { isErrorSeverity } from './severity.js';

export type LogPeriod = 'window' | 'baseline';

export interface TemplateCountRow {
  entity: string;
  templateId: string;
  windowCount: number;
  baselineCount: number;
  /** Lines of this template (either period) whose severity was ERROR or worse. */
  errorSeverityCount: number;
}

/**
 * Counts log lines per (entity, template) and period while the store streams logs.
 * Memory is bounded by entities × templates, which the miner's template cap bounds.
 */
export class TemplateCountTable {
  private readonly byEntity = new Map<string, Map<string, TemplateCountRow>>();

  add(entity: string, templateId: string, period: LogPeriod, severity?: string | null): void {
    let templates = this.byEntity.get(entity);
    if (!templates) {
      templates = new Map();
      this.byEntity.set(entity, templates);
    }
    let row = templates.get(templateId);
    if (!row) {
      row = { entity, templateId, windowCount: 0, baselineCount: 0, errorSeverityCount: 0 };
      templates.set(templateId, row);
    }
    if (period === 'window') row.windowCount += 1;
    else row.baselineCount += 1;
    if (isErrorSeverity(severity)) row.errorSeverityCount += 1;
  }

  /** Rows in first-seen order (entity, then template); copies, so callers may keep them. */
  rows(): TemplateCountRow[] {
    const out: TemplateCountRow[] = [];
    for (const templates of this.byEntity.values()) {
      for (const row of templates.values()) out.push({ ...row });
    }
    return out;
  }
}
