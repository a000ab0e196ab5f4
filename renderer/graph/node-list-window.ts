import type { WorkbenchGraph } from './model.js';

/** Height of one row of the entity list, in CSS pixels (styles.css `.node-list.windowed li`). */
export const ROW_HEIGHT = 30;
/** Lists up to this long are rendered whole; longer ones only around the scroll position. */
export const FULL_LIST_ROWS = 500;
/** Rows rendered beyond each edge of the viewport, so a quick scroll shows no blank. */
export const OVERSCAN = 20;

/** Alerting entities first (most alerts first), then by id. */
export function sortedNodeIds(graph: WorkbenchGraph): string[] {
  const alerts = new Map<string, number>();
  graph.forEachNode((id, a) => alerts.set(id, a.alertCount));
  return [...alerts.keys()].sort((x, y) => (alerts.get(y) ?? 0) - (alerts.get(x) ?? 0) || (x < y ? -1 : x > y ? 1 : 0));
}

/** The rows `[start, end)` to render for a viewport scrolled to `scrollTop`. */
export function visibleWindow(scrollTop: number, viewportHeight: number, count: number): { start: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT));
  const inView = Math.max(1, Math.ceil(viewportHeight / ROW_HEIGHT));
  const start = Math.min(count, Math.max(0, first - OVERSCAN));
  const end = Math.min(count, first + inView + OVERSCAN);
  return { start, end: Math.max(start, end) };
}
