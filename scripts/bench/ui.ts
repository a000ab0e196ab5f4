/**
 * The UI rendering benchmark belongs to another module (scripts/bench/ui-render.ts, exporting
 * `benchUiRender()` and optionally `uiRenderTable(rows)`); this runner loads it only when it
 * exists and renders the figures it returns, so neither side waits for the other's types.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { table, type Cell } from './markdown.js';

export const UI_MODULE = 'scripts/bench/ui-render.ts';

export type UiOutcome = { status: 'skipped'; reason: string } | { status: 'done'; markdown: string };

export class UiBenchShapeError extends Error {
  override name = 'UiBenchShapeError';
  constructor(detail: string) {
    super(
      `${UI_MODULE}: ${detail}; export \`benchUiRender(): Promise<figures>\` returning markdown, flat records, or { rows: flat records }`,
    );
  }
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asCell = (value: unknown): Cell =>
  typeof value === 'number'
    ? Number.isInteger(value)
      ? value
      : Number(value.toFixed(2))
    : typeof value === 'string'
      ? value
      : (JSON.stringify(value) ?? '');

/** The rows inside the figures: an array, `{ rows: [...] }`, or one record. */
function rowsOf(figures: unknown): unknown[] {
  if (Array.isArray(figures)) return figures;
  if (isRecord(figures) && Array.isArray(figures['rows'])) return figures['rows'];
  return [figures];
}

/**
 * Renders what `benchUiRender` returned as markdown: a string is markdown already; rows go
 * through the module's own `uiRenderTable` when given, else a generic table of their fields.
 */
export function renderUiFigures(figures: unknown, ownTable?: (rows: unknown[]) => unknown): string {
  if (typeof figures === 'string') return figures.trim();
  const rows = rowsOf(figures);
  if (rows.length === 0 || !rows.every(isRecord)) throw new UiBenchShapeError('benchUiRender() returned neither markdown nor flat records');
  const own = ownTable?.(rows);
  if (typeof own === 'string') return own.trim();
  const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return table(
    header,
    rows.map((r) => header.map((h) => asCell(r[h]))),
  );
}

export async function runUiBench(options: { quick: boolean; log?: (line: string) => void }): Promise<UiOutcome> {
  const file = fileURLToPath(new URL('./ui-render.ts', import.meta.url));
  if (!existsSync(file)) return { status: 'skipped', reason: `${UI_MODULE} not present` };
  // A computed file URL keeps tsc from requiring the optional module at typecheck time.
  const loaded: unknown = await import(pathToFileURL(file).href);
  const bench = isRecord(loaded) ? loaded['benchUiRender'] : undefined;
  if (typeof bench !== 'function') throw new UiBenchShapeError('no exported function benchUiRender');
  const ownTable =
    isRecord(loaded) && typeof loaded['uiRenderTable'] === 'function'
      ? (loaded['uiRenderTable'] as (rows: unknown[]) => unknown)
      : undefined;
  const figures: unknown = await (bench as (o: { quick: boolean; log?: (line: string) => void }) => unknown)({
    quick: options.quick,
    log: options.log,
  });
  return { status: 'done', markdown: renderUiFigures(figures, ownTable) };
}
