import type { ConversionWarning } from '../../core/snapshot/schema.js';

export type { ConversionWarning };

/**
 * One line for stderr: the file (relative to the dataset root) and what is missing. The same
 * warning objects go into the `warnings` of every bundle they concern (snapshot.json).
 */
export function formatWarning(warning: ConversionWarning): string {
  return warning.file === undefined ? warning.message : `${warning.file}: ${warning.message}`;
}
