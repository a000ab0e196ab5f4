import { existsSync, readFileSync } from 'node:fs';
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
