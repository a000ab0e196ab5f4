import { renameSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

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
