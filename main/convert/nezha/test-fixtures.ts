import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real slice of the Nezha TrainTicket dataset (see fixtures/README.md). */
export const NEZHA_SLICE = join(import.meta.dirname, 'fixtures', 'nezha-slice');
/** A synthetic OnlineBoutique capture derived from NEZHA_SLICE (see fixtures/README.md). */
export const NEZHA_HIPSTER_SLICE = join(import.meta.dirname, 'fixtures', 'nezha-hipster-slice');

/** A writable copy of a fixture slice, for tests that take pieces away. */
export function copySlice(slice: string = NEZHA_SLICE): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'eog-nezha-slice-')), 'root');
  cpSync(slice, dir, { recursive: true });
  return dir;
}
