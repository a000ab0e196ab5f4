import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { regionMarkers, replaceBenchSection } from './section.js';

/**
 * Writes BENCHMARKS.md formatted as `npm run lint` expects (Prettier aligns the tables), then
 * renames it into place, so an interrupted write never truncates the hand-written sections.
 */
export async function writeBenchmarksDocument(file: string, text: string): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  const formatted = await format(text, { ...options, filepath: file });
  writeFileSync(`${file}.tmp`, formatted);
  renameSync(`${file}.tmp`, file);
}

/** Replaces one named region of BENCHMARKS.md (`<!-- bench:NAME:begin -->` … `end`) with `body`. */
export async function writeBenchmarksRegion(name: string, body: string): Promise<string> {
  const file = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));
  await writeBenchmarksDocument(file, replaceBenchSection(readFileSync(file, 'utf8'), body, regionMarkers(name)));
  return file;
}
