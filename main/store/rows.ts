import { EvidenceDetail, EvidenceKind, Extractor, type EvidenceItem } from '../../core/model/evidence.js';
import { Entity } from '../../core/model/topology.js';
import { TIER } from './signals/score.js';

/** Ranking of raw records and fixed-kind items; derived signals carry their own score. */
export const SCORE = {
  alert: TIER.alert,
  change: TIER.change,
  event: 120,
  log: 110,
  span: 105,
  metric: 100,
} as const satisfies Record<EvidenceKind, number>;

/** Longest summary text; the full record is one `rawLines` call away. */
export const MAX_SUMMARY_CHARS = 400;

export type RawTable = 'alerts' | 'events' | 'logs' | 'metrics' | 'spans' | 'changes';

export const tableKind: Record<RawTable, EvidenceKind> = {
  alerts: 'alert',
  events: 'event',
  logs: 'log',
  metrics: 'metric',
  spans: 'span',
  changes: 'change',
};

export const kindTable: Record<EvidenceKind, RawTable> = {
  alert: 'alerts',
  event: 'events',
  log: 'logs',
  metric: 'metrics',
  span: 'spans',
  change: 'changes',
};

/** Resolves stored integer keys back to names and provenance. */
export interface RowContext {
  entityId(key: number): string;
  file(id: number): { path: string; sha256: string };
  /** The file a raw table was imported from (one per kind). */
  rawFile(table: RawTable): { path: string; sha256: string };
}

export type Row = Record<string, string | number | null>;

function truncate(text: string): string {
  return text.length <= MAX_SUMMARY_CHARS ? text : `${text.slice(0, MAX_SUMMARY_CHARS - 1)}…`;
}

const str = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
const num = (v: string | number | null | undefined): number => (typeof v === 'number' ? v : Number(v ?? 0));

function rawDetail(table: RawTable, r: Row): { summary: string; detail: EvidenceDetail } {
  switch (table) {
    case 'alerts':
      return {
        summary: `${str(r.name)} (${str(r.severity)})${r.summary ? `: ${str(r.summary)}` : ''}`,
        detail: {
          type: 'alert',
          name: str(r.name),
          severity: str(r.severity),
          startsAt: num(r.time),
          endsAt: r.ends_at === null ? null : num(r.ends_at),
        },
      };
    case 'events':
      return {
        summary: `${str(r.type)} ${str(r.reason)}: ${str(r.message)}${r.count ? ` (x${num(r.count)})` : ''}`,
        detail: {
          type: 'event',
          reason: str(r.reason),
          eventType: str(r.type),
          count: r.count === null ? 1 : num(r.count),
          isFailure: false,
        },
      };
    case 'logs':
      return {
        summary: `${r.severity ? `[${str(r.severity)}] ` : ''}${str(r.body)}`,
        detail: { type: 'log', severity: r.severity === null ? null : str(r.severity) },
      };
    case 'metrics':
      return {
        summary: `${str(r.name)} = ${num(r.value)}${r.unit ? ` ${str(r.unit)}` : ''}`,
        detail: { type: 'metric', metric: str(r.name), value: num(r.value) },
      };
    case 'spans':
      return {
        summary: `${str(r.name)} ${str(r.status)} ${num(r.duration_ms)} ms${r.status_message ? `: ${str(r.status_message)}` : ''}`,
        detail: { type: 'span', status: str(r.status), durationMs: num(r.duration_ms) },
      };
    case 'changes':
      return {
        summary: `${str(r.kind)} change: ${str(r.summary)}`,
        detail: {
          type: 'change',
          changeKind: str(r.kind),
          diff: r.diff === null ? [] : (JSON.parse(str(r.diff)) as { path: string; from: unknown; to: unknown }[]),
          actor: r.actor === null ? null : str(r.actor),
        },
      };
  }
}

export function rawItem(table: RawTable, r: Row, ctx: RowContext): EvidenceItem {
  const kind = tableKind[table];
  const { summary, detail } = rawDetail(table, r);
  const file = ctx.rawFile(table);
  return {
    id: `${kind}:${num(r.line)}`,
    entity: ctx.entityId(num(r.entity)),
    kind,
    time: num(r.time),
    summary: truncate(summary),
    score: SCORE[kind],
    detail,
    provenance: { file: file.path, line: num(r.line), sha256: file.sha256, extractor: 'raw' },
  };
}

export function signalItem(r: Row, ctx: RowContext): EvidenceItem {
  const file = ctx.file(num(r.file_id));
  return {
    id: str(r.id),
    entity: ctx.entityId(num(r.entity)),
    kind: EvidenceKind.parse(r.kind),
    time: num(r.time),
    summary: truncate(str(r.summary)),
    score: num(r.score),
    detail: EvidenceDetail.parse(JSON.parse(str(r.detail))),
    provenance: {
      file: file.path,
      line: r.line === null ? null : num(r.line),
      sha256: file.sha256,
      extractor: Extractor.parse(r.extractor),
    },
  };
}

/** A row of the entities table (SQLite or ClickHouse: labels and attrs as JSON text) as an Entity. */
export function entityFromRow(r: Record<string, string | number | null>): Entity {
  return Entity.parse({
    id: r.eid,
    kind: r.kind,
    name: r.name,
    namespace: r.namespace,
    labels: JSON.parse(String(r.labels)),
    attrs: JSON.parse(String(r.attrs)),
  });
}
