import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real slice of the Nezha TrainTicket dataset (see fixtures/README.md). */
export const NEZHA_SLICE = join(import.meta.dirname, 'fixtures', 'nezha-slice');
/** A synthetic OnlineBoutique capture derived from NEZHA_SLICE (see fixtures/README.md). */
export const NEZHA_HIPSTER_SLICE = join(import.meta.dirname, 'fixtures', 'nezha-hipster-slice');

const copies: string[] = [];

/** A writable copy of a fixture slice, for tests that take pieces away (removeSliceCopies deletes it). */
export function copySlice(slice: string = NEZHA_SLICE): string {
  const parent = mkdtempSync(join(tmpdir(), 'eog-nezha-slice-'));
  copies.push(parent);
  const dir = join(parent, 'root');
  cpSync(slice, dir, { recursive: true });
  return dir;
}

/** A folder for converted bundles next to the copies, removed with them. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-nezha-out-'));
  copies.push(dir);
  return dir;
}

/** Deletes every copy and scratch folder this test file made (call from afterAll). */
export function removeSliceCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
}
