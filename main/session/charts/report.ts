import type { EntityCharts } from '../../../core/charts/index.js';
import type { EvidenceStore } from '../../store/index.js';
import { lastPacket } from '../inspect.js';
import type { InvestigationRun } from '../run.js';
import { buildEntityCharts } from './build.js';

/** Entities a report draws charts for: the frontier, else the best ranked. */
export const MAX_REPORT_ENTITIES = 4;
/** The report's chart width in pixel columns (its SVGs are 640 wide). */
const REPORT_WIDTH = 640;

/** Charts of the entities the diagnosis is about, as the report embeds them. */
export function reportCharts(store: EvidenceStore, run: InvestigationRun): EntityCharts[] {
  const state = run.state;
  const frontier = state.finished?.frontier ?? [];
  const ranked = state.finished?.ranking.map((r) => r.entity) ?? [];
  // Unfinished: the entities labelled Origin so far.
  const origins = [...state.nodes.entries()].filter(([, n]) => n.belief?.label === 'Origin').map(([id]) => id);
  const entities = [...new Set([...frontier, ...ranked, ...origins])].filter((e) => store.hasEntity(e)).slice(0, MAX_REPORT_ENTITIES);
  return entities.map((e) => buildEntityCharts(store, e, lastPacket(run, e, state.seq)?.packet ?? null, REPORT_WIDTH));
}
