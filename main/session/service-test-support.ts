import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Policy } from '../../core/controller/index.js';
import { InvestigationSettings, type InvestigationState } from '../../core/ipc/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { repoRoot } from './cli-test-support.js';
import { createInvestigationService, type InvestigationService, type ServiceOptions } from './service.js';
import { openSnapshotSource, type SnapshotSourceOptions } from './snapshot-source.js';

const fixture = path.join(repoRoot, 'e2e', 'fixtures', 'sample');
export const settings = InvestigationSettings.parse({ budget: 20 });

export function serviceFor(options: ServiceOptions = {}, source: SnapshotSourceOptions = {}): InvestigationService {
  return createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(fixture, source) }, options);
}

/** Runs `body` with a service over the sample bundle that is closed afterwards, whatever happens. */
export async function withService<T>(body: (service: InvestigationService, pushed: InvestigationState[]) => Promise<T>): Promise<T> {
  const pushed: InvestigationState[] = [];
  const service = serviceFor({ onChange: (s) => pushed.push(s) });
  try {
    return await body(service, pushed);
  } finally {
    service.close();
  }
}

/** States compare equal whatever their revision (every view gets a fresh one). */
export function content(state: InvestigationState | undefined): Omit<InvestigationState, 'revision'> | undefined {
  if (!state) return undefined;
  const { revision: _revision, ...rest } = state;
  return rest;
}

/** The heuristic, `ms` slower per evaluation: a run stays in flight long enough to pause it. */
export function slowHeuristic(ms: number): Policy {
  const heuristic = createHeuristicPolicy();
  return { name: heuristic.name, model: heuristic.model, evaluate: async (packet) => (await delay(ms), heuristic.evaluate(packet)) };
}
