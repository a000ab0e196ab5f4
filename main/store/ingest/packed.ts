import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { RecordRow } from '../../snapshot/records.js';
import type { Cells } from '../batch.js';
import { rawColumnTypes } from '../schema.js';

/**
 * Rows on their way from a parser to the table writer, packed so that crossing from a
 * worker thread is one transferred buffer and one string instead of a structured clone of
 * tens of thousands of values, and entity ids travel once per batch instead of once per row.
 */
export interface PackedBatch {
  kind: RecordFileName;
  rows: number;
  /**
   * Per row: the line, the entity's index in `entities`, then the columns of
   * rawColumnTypes[kind]: a number as it is, text as its length; NaN for null (record
   * values are finite, see snapshot/fields.ts).
   */
  values: Float64Array<ArrayBuffer>;
  /** The text cells of the batch, concatenated in order. */
  text: string;
  /** Distinct entity ids in order of first appearance, and the line of each first appearance. */
  entities: string[];
  entityLines: number[];
}

/** Values per row: line and entity, then the record's columns. */
export const rowWidth = (kind: RecordFileName): number => 2 + rawColumnTypes[kind].length;

/** Packs rows of one kind; `take` hands over what was added and starts a new batch. */
export class BatchEncoder {
  private readonly width: number;
  private values: Float64Array<ArrayBuffer>;
  private texts: string[] = [];
  private entityIndex = new Map<string, number>();
  private entities: string[] = [];
  private entityLines: number[] = [];
  private at = 0;
  rows = 0;

  constructor(
    readonly kind: RecordFileName,
    private readonly capacity: number,
  ) {
    this.width = rowWidth(kind);
    this.values = new Float64Array(capacity * this.width);
  }

  get isFull(): boolean {
    return this.rows === this.capacity;
  }

  add(line: number, row: RecordRow): void {
    const values = this.values;
    let at = this.at;
    values[at++] = line;
    const entity = row[0];
    let index = this.entityIndex.get(entity);
    if (index === undefined) {
      index = this.entities.length;
      this.entityIndex.set(entity, index);
      this.entities.push(entity);
      this.entityLines.push(line);
    }
    values[at++] = index;
    for (let i = 1; i < row.length; i++) {
      const cell = row[i];
      if (typeof cell === 'string') {
        this.texts.push(cell);
        values[at++] = cell.length;
      } else values[at++] = cell ?? Number.NaN;
    }
    this.at = at;
    this.rows++;
  }

  take(): PackedBatch {
    const batch: PackedBatch = {
      kind: this.kind,
      rows: this.rows,
      values: this.values,
      text: this.texts.join(''),
      entities: this.entities,
      entityLines: this.entityLines,
    };
    this.values = new Float64Array(this.capacity * this.width);
    this.texts = [];
    this.entityIndex = new Map();
    this.entities = [];
    this.entityLines = [];
    this.at = 0;
    this.rows = 0;
    return batch;
  }
}

/** Which values of a row are text lengths (line and entity are numbers). */
function textColumns(kind: RecordFileName): boolean[] {
  return [false, false, ...[...rawColumnTypes[kind]].map((t) => t === 's')];
}

const textColumnsByKind = new Map<RecordFileName, boolean[]>();

/** The batch as bind values, laid out as the table's columns, with entities replaced by `keys`. */
export function unpackBatch(batch: PackedBatch, keys: readonly number[]): Cells {
  let isText = textColumnsByKind.get(batch.kind);
  if (!isText) {
    isText = textColumns(batch.kind);
    textColumnsByKind.set(batch.kind, isText);
  }
  const width = isText.length;
  const { values, text } = batch;
  const cells: Cells = new Array<string | number | null>(batch.rows * width);
  let pos = 0;
  for (let at = 0; at < cells.length; at += width) {
    cells[at] = values[at] ?? null;
    cells[at + 1] = keys[values[at + 1] ?? -1] ?? null;
    for (let c = 2; c < width; c++) {
      const v = values[at + c] ?? Number.NaN;
      if (Number.isNaN(v)) cells[at + c] = null;
      else if (isText[c]) cells[at + c] = text.slice(pos, (pos += v));
      else cells[at + c] = v;
    }
  }
  return cells;
}
