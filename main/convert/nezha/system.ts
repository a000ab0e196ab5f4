import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ConvertInputError } from '../errors.js';
import { serviceOfPod } from './names.js';
import type { ConversionWarning } from '../warnings.js';

/** The system a Nezha capture was recorded on: its display name and Kubernetes namespace. */
export interface NezhaSystem {
  name: string;
  namespace: string;
}

/**
 * Nezha marks each recorded system by a `construct_data/root_cause_<key>.json` file (what each
 * fault type hits, per service); its key names the system. Keys this table does not know name
 * both the system and its namespace.
 */
export const NEZHA_SYSTEMS: Readonly<Record<string, NezhaSystem>> = {
  ts: { name: 'TrainTicket', namespace: 'train-ticket' },
  hipster: { name: 'OnlineBoutique', namespace: 'online-boutique' },
};

/** Used when the capture has no marker file at all (and said in a warning). */
export const UNKNOWN_SYSTEM: NezhaSystem = { name: 'unknown system', namespace: 'nezha' };

const MARKER = /^root_cause_([A-Za-z0-9_-]+)\.json$/;
const MarkerFile = z.record(z.string(), z.unknown());

interface Marker {
  file: string;
  system: NezhaSystem;
  /** The services the file describes. */
  services: Set<string>;
}

function systemOfKey(key: string): NezhaSystem {
  const known = NEZHA_SYSTEMS[key];
  if (known) return known;
  const namespace = key.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return { name: key, namespace };
}

/** The marker files of a dataset root, in name order. */
export function readMarkers(root: string): Marker[] {
  const dir = join(root, 'construct_data');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const key = MARKER.exec(name)?.[1];
      if (key === undefined) return [];
      const file = join(dir, name);
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new ConvertInputError(file, null, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      }
      const services = MarkerFile.safeParse(parsed);
      if (!services.success) throw new ConvertInputError(file, null, 'expected an object keyed by service name');
      return [{ file: `construct_data/${name}`, system: systemOfKey(key), services: new Set(Object.keys(services.data)) }];
    });
}

/**
 * The system of one day. One marker file decides for the whole root; with several (Nezha
 * publishes both systems side by side) the day belongs to the marker that describes most of
 * the services its incidents were recorded on.
 */
export function systemOfDay(
  markers: readonly Marker[],
  day: string,
  injectedPods: readonly string[],
): { system: NezhaSystem; warnings: ConversionWarning[] } {
  const [only] = markers;
  if (only === undefined) {
    return {
      system: UNKNOWN_SYSTEM,
      warnings: [
        {
          file: 'construct_data',
          message: `no root_cause_<system>.json marks the system; entities are put in namespace "${UNKNOWN_SYSTEM.namespace}"`,
        },
      ],
    };
  }
  if (markers.length === 1) return { system: only.system, warnings: [] };
  const services = injectedPods.map(serviceOfPod);
  const scored = markers.map((m) => ({ m, hits: services.filter((s) => m.services.has(s)).length }));
  const best = scored.reduce((a, b) => (b.hits > a.hits ? b : a));
  const tied = scored.filter((s) => s.hits === best.hits);
  if (tied.length === 1) return { system: best.m.system, warnings: [] };
  return {
    system: best.m.system,
    warnings: [
      {
        file: `rca_data/${day}`,
        message: `${tied.map((t) => t.m.file).join(' and ')} describe this day's services equally well; took ${best.m.system.name} (namespace "${best.m.system.namespace}")`,
      },
    ],
  };
}
