import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The bundled sample when the lead has added it, else the e2e fixture bundle. */
export function sampleDir(): string {
  const bundled = path.join(root, 'resources', 'sample');
  return existsSync(path.join(bundled, 'topology.json')) ? bundled : path.join(root, 'e2e', 'fixtures', 'sample');
}

export function sampleEntityIds(): string[] {
  const topology = JSON.parse(readFileSync(path.join(sampleDir(), 'topology.json'), 'utf8')) as { entities: { id: string }[] };
  return topology.entities.map((e) => e.id);
}

/**
 * The folder the shared server was started with `--allow` (playwright.config.ts): the host opens
 * only paths under what it was given (main/app/allowed-roots.ts), as a user's would.
 */
export function allowedWorkDir(): string {
  const dir = process.env.EOG_E2E_WORK;
  if (!dir) throw new Error('EOG_E2E_WORK is not set: run the specs through e2e/playwright.config.ts');
  return dir;
}

/** A new temporary folder the shared server may open (under allowedWorkDir). */
export function allowedTempDir(prefix: string): string {
  return mkdtempSync(path.join(allowedWorkDir(), prefix));
}
