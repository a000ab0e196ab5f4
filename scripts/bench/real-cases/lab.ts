/**
 * The lab as a real system of the accuracy protocol (../shared/lab/README.md): a folder of
 * recorded incidents `<id>/{capture/,times.json,truth.json}`. Each incident is converted as a
 * user converts it — `eog convert capture <id>/capture --out … --window W [--incident-time T
 * --baseline B]`, through the CLI's own function (runCaptureConvert) — and only then is the
 * answer from truth.json written next to it as `ground_truth.yaml`, for scoring. The converter
 * is given the capture folder alone and never sees truth.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { z } from 'zod';
import { parseEntityId } from '../../../core/model/ids.js';
import { runCaptureConvert } from '../../../main/cli/commands/convert-capture.js';
import type { FaultOrder } from './split.js';

const Times = z.object({ incidentTime: z.string().min(1), window: z.string().min(1), baseline: z.string().min(1) });
const Truth = z.looseObject({
  rootCause: z.looseObject({ entity: z.string().min(1) }),
  faultType: z.string().min(1),
  start: z.string().min(1),
  injected: z.string().optional(),
});

export type LabTimes = z.infer<typeof Times>;
export type LabTruth = z.infer<typeof Truth>;

export class LabInputError extends Error {
  override name = 'LabInputError';
}

export interface LabIncident {
  /** The incident folder's name: the bundle's name and the case id. */
  id: string;
  dir: string;
  times: LabTimes;
  truth: LabTruth;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LabInputError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}); is it a lab incident?`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new LabInputError(`${file}: field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** The incidents under `dir`: every folder with a capture/, times.json and truth.json (as score.sh takes them), by name. */
export function listLabIncidents(dir: string): LabIncident[] {
  if (!existsSync(dir)) throw new LabInputError(`${dir}: no such folder; give the lab's incidents folder (../shared/lab/incidents)`);
  const incidents = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(dir, d.name))
    .filter((d) => ['capture', 'times.json', 'truth.json'].every((f) => existsSync(path.join(d, f))))
    .sort()
    .map((d) => ({
      id: path.basename(d),
      dir: d,
      times: readJson(path.join(d, 'times.json'), Times),
      truth: readJson(path.join(d, 'truth.json'), Truth),
    }));
  if (incidents.length === 0)
    throw new LabInputError(`${dir}: no incident folders (<id>/capture, times.json, truth.json); give the lab's incidents folder`);
  return incidents;
}

/** The incidents in the split's terms: when each fault was injected is truth.json's start. */
export function labFaultOrder(incidents: readonly LabIncident[]): FaultOrder[] {
  return incidents.map((i) => {
    const t = Date.parse(i.truth.start);
    if (Number.isNaN(t)) throw new LabInputError(`${path.join(i.dir, 'truth.json')}: start "${i.truth.start}" is not a timestamp`);
    return { case: i.id, injected: new Date(t).toISOString() };
  });
}

function exact(name: string): string {
  return `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/**
 * ITBench ground-truth v1 for one incident, as main/bench loadGroundTruth reads it: the root
 * cause entity of truth.json (`Service/redis`) is the one root-cause group, so the scorer's
 * service of a ranked entity (a Pod without its two hash parts, a Service by its name) is
 * compared with its name, as score.sh does.
 */
export function labGroundTruthYaml(incident: LabIncident): string {
  const { kind, name, namespace } = parseEntityId(incident.truth.rootCause.entity);
  const group = { id: 'root-cause', kind, ...(namespace ? { namespace } : {}), name, filter: [exact(name)], root_cause: true };
  return stringify({
    metadata: { name: incident.id, version: 'v1' },
    groups: [group],
    aliases: [],
    propagations: [],
    alerts: [],
    fault: [
      {
        category: 'Other',
        condition: incident.truth.injected ?? `${incident.truth.faultType} in ${incident.truth.rootCause.entity}`,
        entity: { group_id: 'root-cause', kind, name },
        fault_mechanism: incident.truth.faultType,
      },
    ],
  });
}

export interface ConvertLabOptions {
  /** false: only `--window`, as a user who does not know when the incident began (score.sh --no-time). */
  timeGiven: boolean;
  onProgress?: (text: string) => void;
}

/**
 * Converts every incident under `incidentsDir` into `<out>/<id>` with `eog convert capture`'s
 * own code path and the flags times.json holds, then writes its ground_truth.yaml. Returns the
 * bundles, sorted.
 */
export function convertLab(incidentsDir: string, out: string, options: ConvertLabOptions): string[] {
  const incidents = listLabIncidents(incidentsDir);
  const bundles: string[] = [];
  for (const [i, incident] of incidents.entries()) {
    options.onProgress?.(`converting ${i + 1}/${incidents.length} ${incident.id}`);
    const { bundle } = runCaptureConvert('capture', [path.join(incident.dir, 'capture')], {
      out: path.join(out, incident.id),
      window: incident.times.window,
      ...(options.timeGiven ? { incidentTime: incident.times.incidentTime, baseline: incident.times.baseline } : {}),
    });
    writeFileSync(path.join(bundle, 'ground_truth.yaml'), labGroundTruthYaml(incident));
    bundles.push(bundle);
  }
  return bundles.sort();
}
